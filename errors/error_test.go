package errors

import (
	stderrors "errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestDecodeAnyValue(t *testing.T) {
	tests := []struct {
		in, out  string // out: the re-encoding
		kind     string
		hasKind  bool
		text     string
		hasText  bool
		status   uint16
		hasState bool
		rendered string
	}{
		{in: `{"kind":"program","error":"connection refused"}`, out: `{"kind":"program","error":"connection refused"}`,
			kind: "program", hasKind: true, text: "connection refused", hasText: true,
			rendered: "peer error: program: connection refused"},
		{in: `{"kind":"program","status":503,"error":"busy"}`, out: `{"kind":"program","status":503,"error":"busy"}`,
			kind: "program", hasKind: true, text: "busy", hasText: true, status: 503, hasState: true,
			rendered: "peer error: program (status 503): busy"},
		{in: `{"kind":"unregistered"}`, out: `{"kind":"unregistered"}`, kind: "unregistered", hasKind: true,
			rendered: "peer error: unregistered"},
		{in: `{"kind":"program","status":400,"error":{"detail":"x"}}`, out: `{"kind":"program","status":400,"error":{"detail":"x"}}`,
			kind: "program", hasKind: true, status: 400, hasState: true,
			rendered: `peer error: program (status 400): {"detail":"x"}`},
		{in: `{"kind":"program","error":"x","retry":true}`, out: `{"kind":"program","error":"x","retry":true}`,
			kind: "program", hasKind: true, text: "x", hasText: true,
			rendered: `peer error: {"kind":"program","error":"x","retry":true}`},
		{in: ` { "kind" : "progr\u0061m" , "error" : "\u00e9\/" } `, out: `{"kind":"program","error":"é/"}`,
			kind: "program", hasKind: true, text: "é/", hasText: true, rendered: "peer error: program: é/"},
		{in: `{"kind":"program","error":"first","kind":"agent"}`, out: `{"kind":"agent","error":"first"}`,
			kind: "agent", hasKind: true, text: "first", hasText: true, rendered: "peer error: agent: first"},
		{in: `{"kind":"program","status":70000}`, out: `{"kind":"program","status":70000}`,
			kind: "program", hasKind: true, rendered: "peer error: program (status 70000)"},
		{in: `{"kind":5,"error":"x"}`, out: `{"kind":5,"error":"x"}`, text: "x", hasText: true,
			rendered: `peer error: {"kind":5,"error":"x"}`},
		{in: `{"message":"boom"}`, out: `{"message":"boom"}`, rendered: `peer error: {"message":"boom"}`},
		{in: `{}`, out: `{}`, rendered: `peer error: {}`},
		{in: `null`, out: `null`, rendered: `peer error: null`},
		{in: `"boom"`, out: `"boom"`, rendered: `peer error: "boom"`},
		{in: `[1.0,1E2,-0]`, out: `[1.0,100.0,-0.0]`, rendered: `peer error: [1.0,100.0,-0.0]`},
		{in: `18446744073709551615`, out: `18446744073709551615`, rendered: `peer error: 18446744073709551615`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var e Error
			require.NoError(t, e.DecodeJSON([]byte(tt.in)))
			out, err := e.EncodeJSON(nil)
			require.NoError(t, err)
			assert.Equal(t, tt.out, string(out))
			kind, ok := e.Kind()
			assert.Equal(t, tt.hasKind, ok)
			assert.Equal(t, tt.kind, kind)
			text, ok := e.Text()
			assert.Equal(t, tt.hasText, ok)
			assert.Equal(t, tt.text, text)
			status, ok := e.Status()
			assert.Equal(t, tt.hasState, ok)
			assert.Equal(t, tt.status, status)
			assert.Equal(t, tt.rendered, e.Error())
			assert.False(t, e.IsZero())
		})
	}
}

func TestDecodeRefuses(t *testing.T) {
	for _, in := range []string{``, ` `, `{"message":"x"}x`, `{} {}`, `error`, "\"\xff\"", `{"a":1`, `[1,]`} {
		e := New(KindProgram, "kept")
		err := e.DecodeJSON([]byte(in))
		var je *wire.JSONError
		require.ErrorAs(t, err, &je, "%q", in)
		assert.Equal(t, New(KindProgram, "kept"), e, "%q: a failed decode leaves e as it was", in)
	}
	assert.ErrorIs(t, (*Error)(nil).DecodeJSON([]byte(`{}`)), wire.ErrNil)
}

// The decoded error does not alias the frame: an error is kept, returned up
// a call stack, while the buffer its frame came in is reused.
func TestDecodeCopies(t *testing.T) {
	src := []byte(`{"kind":"program","error":"boom"}`)
	var e Error
	require.NoError(t, e.DecodeJSON(src))
	for i := range src {
		src[i] = ' '
	}
	assert.Equal(t, `{"kind":"program","error":"boom"}`, e.Value.String())
}

func TestConstructors(t *testing.T) {
	tests := []struct {
		name string
		e    Error
		json string
	}{
		{"New", New(KindProgram, "connection refused"), `{"kind":"program","error":"connection refused"}`},
		{"New escapes as serde_json", New(KindProxy, "a \"b\"\n<&> é\u2028"), "{\"kind\":\"proxy\",\"error\":\"a \\\"b\\\"\\n<&> é\u2028\"}"},
		{"New empty words", New(KindProgram, ""), `{"kind":"program","error":""}`},
		{"NewStatus", NewStatus(KindProgram, 503, "busy"), `{"kind":"program","status":503,"error":"busy"}`},
		{"NewStatus zero", NewStatus(KindProgram, 0, ""), `{"kind":"program","status":0,"error":""}`},
		{"NewKind", NewKind(KindUnregistered), `{"kind":"unregistered"}`},
		{"New invalid UTF-8", New("k\xff", "a\xed\xa0\x80b"), `{"kind":"k` + "\uFFFD" + `","error":"a` + "\uFFFD" + `b"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := tt.e.EncodeJSON(nil)
			require.NoError(t, err)
			assert.Equal(t, tt.json, string(out))
			// What a constructor makes is what a decoder would make of it.
			var back Error
			require.NoError(t, back.DecodeJSON(out))
			assert.Equal(t, tt.json, back.Value.String())
		})
	}
}

func TestZeroDoesNotEncode(t *testing.T) {
	var e Error
	assert.True(t, e.IsZero())
	out, err := e.EncodeJSON(encodetest.Dst())
	encodetest.RequireError(t, out, err, "", wire.ErrNoValue)
	out, err = (*Error)(nil).EncodeJSON(encodetest.Dst())
	encodetest.RequireError(t, out, err, "", wire.ErrNil)
	assert.Equal(t, "peer error: no value", e.Error())
	_, ok := e.Kind()
	assert.False(t, ok)
	_, ok = e.Status()
	assert.False(t, ok)

	// null is an error a sender may send, unlike the zero Error.
	var null Error
	require.NoError(t, null.DecodeJSON([]byte("null")))
	assert.False(t, null.IsZero())
}

func TestIsAnError(t *testing.T) {
	var err error = New(KindProgram, "boom")
	wrapped := stderrors.Join(stderrors.New("send"), err)
	var e Error
	require.ErrorAs(t, wrapped, &e)
	kind, _ := e.Kind()
	assert.Equal(t, KindProgram, kind)
	assert.Equal(t, "peer error: program: boom", err.Error())
}
