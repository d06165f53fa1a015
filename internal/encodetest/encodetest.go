// Package encodetest holds what the encoders' tests share: the strings no
// Rust string can be, and the checks every encode error must pass.
package encodetest

import (
	"errors"
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
	var o wire.Object
	require.NoError(t, o.DecodeJSON([]byte(Nested(depth))))
	require.Equal(t, depth, o.Depth())
	return o
}

// Raw is Nested(depth) as a wire.Raw.
func Raw(t testing.TB, depth int) wire.Raw {
	t.Helper()
	return Object(t, depth).Raw()
}
