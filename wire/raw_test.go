package wire

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestZeroRawAndObject(t *testing.T) {
	var r Raw
	assert.True(t, r.IsZero())
	assert.False(t, r.IsNull(), "the zero Raw is no value, not null")
	assert.Nil(t, r.Bytes())
	assert.Equal(t, "", r.String())
	b, err := r.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, "null", string(b))

	var o Object
	assert.True(t, o.IsZero())
	assert.Nil(t, o.Bytes())
	assert.Equal(t, "", o.String())
	assert.Equal(t, 0, o.Len())
	_, ok := o.Get("a")
	assert.False(t, ok)
	assert.True(t, o.Raw().IsZero())
}

// Every constructor leaves a value that is not zero, in serde_json's form.
func TestRawConstructors(t *testing.T) {
	var r Raw
	require.NoError(t, r.DecodeJSON([]byte(` "x\/" `)))
	assert.Equal(t, `"x/"`, r.String())
	assert.Equal(t, []byte(`"x/"`), r.Bytes())
	assert.False(t, r.IsZero())

	require.NoError(t, r.DecodeJSON([]byte(`null`)))
	assert.True(t, r.IsNull())
	assert.False(t, r.IsZero())

	r, err := NewRawString("")
	require.NoError(t, err)
	assert.Equal(t, `""`, r.String())

	r, err = NewRaw([]any{1.5, "\u2028<>", nil})
	require.NoError(t, err)
	assert.Equal(t, "[1.5,\"\u2028<>\",null]", r.String())

	o, err := NewObject(struct {
		B int     `json:"b"`
		A float64 `json:"a"`
	}{1, 2.5})
	require.NoError(t, err)
	assert.Equal(t, `{"b":1,"a":2.5}`, o.String())
	assert.Equal(t, `{"b":1,"a":2.5}`, o.Raw().String())

	for _, v := range []any{"text", 1, []int{1}, nil} {
		o, err := NewObject(v)
		assert.Error(t, err, "%v is not an object", v)
		assert.True(t, o.IsZero())
	}
	_, err = NewRaw(make(chan int))
	assert.Error(t, err)
}

func TestParseRefusesWithZeroValue(t *testing.T) {
	for _, in := range []string{``, `{"a":1}x`, `[`, "\"\xff\"", `"\udc00"`} {
		var r Raw
		err := r.DecodeJSON([]byte(in))
		assert.Error(t, err, "%q", in)
		assert.True(t, r.IsZero(), "%q", in)
		var o Object
		err = o.DecodeJSON([]byte(in))
		assert.Error(t, err, "%q", in)
		assert.True(t, o.IsZero(), "%q", in)
	}
	for _, in := range []string{`[]`, `"x"`, `1`, `null`} {
		var o Object
		err := o.DecodeJSON([]byte(in))
		assert.Error(t, err, in)
		assert.True(t, o.IsZero(), in)
	}
}

// A Raw and an Object are JSON to encoding/json, both ways.
func TestRawWithEncodingJSON(t *testing.T) {
	type holder struct {
		V Raw    `json:"v"`
		O Object `json:"o"`
		Z Raw    `json:"z"`
	}
	var h holder
	require.NoError(t, json.Unmarshal([]byte(`{"v": [1, 1E2], "o": {"k" : "\u0041"}}`), &h))
	assert.Equal(t, `[1,100.0]`, h.V.String())
	assert.Equal(t, `{"k":"A"}`, h.O.String())
	assert.True(t, h.Z.IsZero())
	b, err := json.Marshal(h)
	require.NoError(t, err)
	assert.Equal(t, `{"v":[1,100.0],"o":{"k":"A"},"z":null}`, string(b))

	assert.Error(t, json.Unmarshal([]byte(`{"o":[1]}`), &h), "an Object must be an object")

	// The decoded value is a copy: encoding/json's buffer may be reused.
	src := []byte(`{"v":"abc"}`)
	var h2 holder
	require.NoError(t, json.Unmarshal(src, &h2))
	copy(src, "XXXXXXXXXXX")
	assert.Equal(t, `"abc"`, h2.V.String())
}

// encoding/json writes bytes that are not UTF-8 as \ufffd; NewRaw and
// NewObject refuse them rather than send a replacement.
func TestMarshalRefusesInvalidUTF8(t *testing.T) {
	for _, v := range []any{"a\xffb", []string{"ok", "\xed\xa0\x80"}, map[string]int{"k\xe2\x82": 1}, struct{ S string }{"\x80"}} {
		r, err := NewRaw(v)
		assert.ErrorIs(t, err, ErrInvalidUTF8, "%q", v)
		assert.True(t, r.IsZero())
	}
	o, err := NewObject(map[string]string{"k": "\xff"})
	assert.ErrorIs(t, err, ErrInvalidUTF8)
	assert.True(t, o.IsZero())

	// U+FFFD itself is a character like any other, and a backslash before
	// "ufffd" is just text.
	for v, want := range map[string]string{"\ufffd": "\"\ufffd\"", `\ufffd`: `"\\ufffd"`, `\\ufffd`: `"\\\\ufffd"`} {
		r, err := NewRaw(v)
		require.NoError(t, err, "%q", v)
		assert.Equal(t, want, r.String())
	}
}

func TestDepth(t *testing.T) {
	tests := []struct {
		in    string
		depth int
	}{
		{`1`, 0},
		{`"[{"`, 0},
		{`"a\"[\\"`, 0},
		{`[]`, 1},
		{`{}`, 1},
		{`[1,"]",{"a":"}}}"}]`, 2},
		{`{"a\\":[[["x\"]"]]],"b":{}}`, 4},
		{`[[],[[]],[]]`, 3},
	}
	for _, tt := range tests {
		var r Raw
		require.NoError(t, r.DecodeJSON([]byte(tt.in)), tt.in)
		assert.Equal(t, tt.depth, r.Depth(), tt.in)
	}
	assert.Equal(t, 0, Raw{}.Depth())
	var o Object
	require.NoError(t, o.DecodeJSON([]byte(`{"a":[{}]}`)))
	assert.Equal(t, 3, o.Depth())
	var deepest Raw
	require.NoError(t, deepest.DecodeJSON([]byte(nest(MaxDepth, ""))))
	assert.Equal(t, MaxDepth, deepest.Depth())
}

func TestObjectMembers(t *testing.T) {
	var o Object
	require.NoError(t, o.DecodeJSON([]byte(`{"z":1,"a":{"b":[]},"\u00e9":"x"}`)))
	var names []string
	for name, v := range o.All() {
		names = append(names, name+"="+v.String())
	}
	assert.Equal(t, []string{`z=1`, `a={"b":[]}`, `é="x"`}, names)
	v, ok := o.Get("a")
	assert.True(t, ok)
	assert.Equal(t, `{"b":[]}`, v.String())
	_, ok = o.Get("missing")
	assert.False(t, ok)
	assert.Equal(t, 3, o.Len())
	assert.Equal(t, 0, Object{}.Len())

	assert.Error(t, new(Object).DecodeJSON([]byte(`[1]`)))
}

func TestNewRawIsSerdeForm(t *testing.T) {
	r, err := NewRaw(map[string]any{"html": "<a&b>", "f": 1.5, "n": 2})
	require.NoError(t, err)
	assert.Equal(t, `{"f":1.5,"html":"<a&b>","n":2}`, r.String())
	var back map[string]any
	require.NoError(t, r.DecodeInto(&back))
	assert.Equal(t, "<a&b>", back["html"])
	var null Raw
	require.NoError(t, null.DecodeJSON([]byte(" null ")))
	assert.True(t, null.IsNull())
	s, err := NewRawString(`a"b`)
	require.NoError(t, err)
	assert.Equal(t, `"a\"b"`, s.String())
}

func TestJSONErrorNeverQuotesInput(t *testing.T) {
	secret := "sk_live_SECRET"
	for _, in := range []string{
		`{"a":"` + secret + `"x`, `"` + secret, `[` + secret + `]`, `{"` + secret + `":1e999}`,
	} {
		err := new(Raw).DecodeJSON([]byte(in))
		require.Error(t, err)
		assert.NotContains(t, err.Error(), secret)
	}
}

func nest(n int, inner string) string {
	return strings.Repeat("[", n) + inner + strings.Repeat("]", n)
}

// DecodeJSON and EncodeJSON follow the SDK's vocabulary: a failed decode
// leaves the receiver as it was, a nil receiver is ErrNil, an encode
// appends and refuses the zero value with ErrNoValue.
func TestRawAndObjectDecodeEncodeJSON(t *testing.T) {
	var r Raw
	require.NoError(t, r.DecodeJSON([]byte(` [1, "a"] `)))
	assert.ErrorAs(t, r.DecodeJSON([]byte(`[1`)), new(*JSONError))
	assert.Equal(t, `[1,"a"]`, r.String(), "a failed decode keeps r")
	out, err := r.EncodeJSON([]byte("pre:"))
	require.NoError(t, err)
	assert.Equal(t, `pre:[1,"a"]`, string(out))

	var o Object
	require.NoError(t, o.DecodeJSON([]byte(`{"a":1}`)))
	assert.Error(t, o.DecodeJSON([]byte(`[1]`)))
	assert.Equal(t, `{"a":1}`, o.String(), "a failed decode keeps o")
	out, err = o.EncodeJSON([]byte("pre:"))
	require.NoError(t, err)
	assert.Equal(t, `pre:{"a":1}`, string(out))

	assert.ErrorIs(t, (*Raw)(nil).DecodeJSON([]byte(`1`)), ErrNil)
	assert.ErrorIs(t, (*Object)(nil).DecodeJSON([]byte(`{}`)), ErrNil)
	for name, encode := range map[string]func([]byte) ([]byte, error){
		"raw":    Raw{}.EncodeJSON,
		"object": Object{}.EncodeJSON,
	} {
		out, err := encode([]byte("pre:"))
		var ee *EncodeError
		require.ErrorAs(t, err, &ee, name)
		assert.ErrorIs(t, err, ErrNoValue, name)
		assert.Equal(t, "pre:", string(out), name)
	}
}
