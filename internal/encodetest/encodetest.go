// Package encodetest holds what the encoders' tests share: the strings no
// Rust string can be, the checks every encode error must pass, and the
// small builders and probes the family packages' tests use alike.
package encodetest

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Marker is in every string of Bad, so that a test can check that no error
// message quotes the string it refused.
const Marker = "MARKER"

// Bad are invalid UTF-8 strings, one of each kind: a byte that never
// starts a sequence, a lone surrogate as WTF-8 writes it, a sequence cut
// short at the end, and a stray continuation byte among ASCII.
var Bad = []struct{ Name, S string }{
	{"0xff", Marker + "\xff"},
	{"lone surrogate as WTF-8", Marker + "\xed\xa0\x80"},
	{"truncated sequence", Marker + "\xe2\x82"},
	{"stray continuation", Marker + "\x80" + Marker},
}

// Prefix is what the tests encode after: an encoder that fails must give it
// back as it was.
const Prefix = "prefix"

// RequireError checks an encoder's failure: out is Prefix unchanged, err is
// reason (errors.Is), it is a *wire.EncodeError at member, and its message
// holds neither Marker nor any of hidden.
func RequireError(t testing.TB, out []byte, err error, member string, reason error, hidden ...string) {
	t.Helper()
	require.Error(t, err)
	assert.ErrorIs(t, err, reason)
	var ee *wire.EncodeError
	if assert.True(t, errors.As(err, &ee), "%T is not a *wire.EncodeError", err) {
		assert.Equal(t, member, ee.Member)
	}
	assert.Equal(t, Prefix, string(out), "dst is left as it was")
	msg := err.Error()
	assert.NotContains(t, msg, Marker)
	for _, h := range hidden {
		if h != "" {
			assert.NotContains(t, msg, h)
		}
	}
	if member != "" {
		assert.True(t, strings.Contains(msg, member), "%q names %q", msg, member)
	}
}

// Dst is a fresh buffer holding Prefix.
func Dst() []byte { return append(make([]byte, 0, 256), Prefix...) }

// Nested is a JSON value nested depth levels deep, for the nesting limit:
// an object whose one member holds arrays ({"a":[[…]]}), or {} for depth 1.
func Nested(depth int) string {
	if depth <= 1 {
		return "{}"
	}
	return `{"a":` + strings.Repeat("[", depth-1) + strings.Repeat("]", depth-1) + "}"
}

// Object is Nested(depth) as a wire.Object.
func Object(t testing.TB, depth int) wire.Object {
	t.Helper()
	o := ObjectJSON(t, Nested(depth))
	require.Equal(t, depth, o.Depth())
	return o
}

// Raw is Nested(depth) as a wire.Raw.
func Raw(t testing.TB, depth int) wire.Raw {
	t.Helper()
	return Object(t, depth).Raw()
}

// RequireRefusesBad encodes each string of Bad with encode into Dst, each in
// a subtest named after it, and checks the failure with RequireError: at
// member, wire.ErrInvalidUTF8, quoting no string.
func RequireRefusesBad(t *testing.T, member string, encode func(bad string, dst []byte) ([]byte, error)) {
	for _, bad := range Bad {
		t.Run(bad.Name, func(t *testing.T) {
			out, err := encode(bad.S, Dst())
			RequireError(t, out, err, member, wire.ErrInvalidUTF8, bad.S)
		})
	}
}

// RequireRefusesNil calls encode, a nil value's encode method, into Dst: it
// must not panic, and fails with wire.ErrNil at no member.
func RequireRefusesNil(t *testing.T, encode func(dst []byte) ([]byte, error)) {
	var out []byte
	var err error
	require.NotPanics(t, func() { out, err = encode(Dst()) })
	RequireError(t, out, err, "", wire.ErrNil)
}

// RawString is s as a JSON string, a wire.Raw.
func RawString(t testing.TB, s string) wire.Raw {
	t.Helper()
	r, err := wire.NewRawString(s)
	require.NoError(t, err)
	return r
}

// RawJSON is the JSON text s decoded into a wire.Raw.
func RawJSON(t testing.TB, s string) wire.Raw {
	t.Helper()
	var r wire.Raw
	require.NoError(t, r.DecodeJSON([]byte(s)))
	return r
}

// ObjectJSON is the JSON object s decoded into a wire.Object.
func ObjectJSON(t testing.TB, s string) wire.Object {
	t.Helper()
	var o wire.Object
	require.NoError(t, o.DecodeJSON([]byte(s)))
	return o
}

// RoundTrip is a golden.Codec made of a decode function and an encode
// function: the payload decoded, and what it decoded to encoded again.
func RoundTrip[T any](decode func([]byte) (T, error), encode func([]byte, T) ([]byte, error)) func([]byte) ([]byte, error) {
	return func(payload []byte) ([]byte, error) {
		v, err := decode(payload)
		if err != nil {
			return nil, err
		}
		return encode(nil, v)
	}
}

// Logged is one record with attr under slog's text and JSON handlers, with
// the time left out: what a log line shows of a value.
func Logged(attr slog.Attr) (text, js string) {
	noTime := func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}
	var tb, jb bytes.Buffer
	slog.New(slog.NewTextHandler(&tb, &slog.HandlerOptions{ReplaceAttr: noTime})).Info("m", attr)
	slog.New(slog.NewJSONHandler(&jb, &slog.HandlerOptions{ReplaceAttr: noTime})).Info("m", attr)
	return tb.String(), jb.String()
}
