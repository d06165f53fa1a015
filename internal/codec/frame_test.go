package codec

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestFrameError(t *testing.T) {
	_, _, err := SplitFrame[testVariant](nil)
	assert.ErrorIs(t, err, wire.ErrEmpty)
	assert.Equal(t, "test frame frame is empty", err.Error())

	err = UnknownTag[testVariant](9)
	var fe *wire.FrameError[testVariant]
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, byte(9), fe.Tag)
	var ut *wire.UnknownTagError
	require.ErrorAs(t, err, &ut)
	assert.Equal(t, byte(9), ut.Tag)
	assert.Equal(t, "unknown_tag", fe.Kind.String())

	cause := &wire.JSONError{Reason: wire.MissingField, Want: "message"}
	err = BodyError(testVariant(2), 2, cause)
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "body", fe.Kind.String())
	assert.True(t, errors.Is(err, cause))
	assert.Nil(t, BodyError(testVariant(2), 2, nil))
}

type testVariant uint8

func (v testVariant) String() string { return EnumName(v, []string{"empty", "unknown_tag", "body"}) }
func (testVariant) Frame() string    { return "test frame" }

func TestBodyErrorConvertsEngineErrors(t *testing.T) {
	err := BodyError(testVariant(2), 2, &serde.Error{Offset: 3, Reason: serde.MissingField, Want: "message"})
	var je *wire.JSONError
	require.ErrorAs(t, err, &je)
	assert.Equal(t, wire.JSONError{Offset: 3, Reason: wire.MissingField, Want: "message"}, *je)
	assert.Equal(t, "test frame body did not parse: missing field (message) at offset 3", err.Error())
	assert.Nil(t, JSON(nil))
	plain := errors.New("x")
	assert.Same(t, plain, JSON(plain))
}

type pair struct{ A, B string }

var pairStruct = serde.Struct[pair]{Name: "Pair", Fields: []serde.Field[pair]{
	{Name: "a", Read: func(d *serde.Decoder, p *pair) (err error) { p.A, err = d.ReadString(); return err }},
	{Name: "b", Optional: true, Read: func(d *serde.Decoder, p *pair) (err error) { p.B, err = d.ReadString(); return err }},
}}

func TestDecodeStruct(t *testing.T) {
	assert.ErrorIs(t, DecodeStruct(nil, &pairStruct, nil), wire.ErrNil)
	assert.Same(t, wire.ErrNil, DecodeStruct([]byte(`{"a":"x"}`), &pairStruct, nil))

	tests := []struct {
		in   string
		want pair
		err  *wire.JSONError
	}{
		{in: `{"a":"x"}`, want: pair{A: "x"}},
		{in: ` {"b":"y","a":"x"} `, want: pair{A: "x", B: "y"}},
		{in: `["x","y"]`, want: pair{A: "x", B: "y"}},
		{in: `{"b":"y"}`, err: &wire.JSONError{Offset: 9, Reason: wire.MissingField, Want: "a"}},
		{in: `{"a":"x","b":"y","b":"z"}`, err: &wire.JSONError{Offset: 21, Reason: wire.DuplicateField, Want: "b"}},
		{in: `{"a":"x"} x`, err: &wire.JSONError{Offset: 10, Reason: wire.TrailingBytes}},
		{in: `{"a":"x","b":"y"`, err: &wire.JSONError{Offset: 16, Reason: wire.EOFObject}},
		{in: `"x"`, err: &wire.JSONError{Offset: 0, Reason: wire.WrongType, Want: "expected struct Pair"}},
		{in: ``, err: &wire.JSONError{Offset: 0, Reason: wire.EOFValue}},
	}
	for _, tt := range tests {
		old := pair{A: "old", B: "old"}
		v := old
		err := DecodeStruct([]byte(tt.in), &pairStruct, &v)
		if tt.err == nil {
			require.NoError(t, err, tt.in)
			assert.Equal(t, tt.want, v, tt.in)
			continue
		}
		var je *wire.JSONError
		require.ErrorAs(t, err, &je, tt.in)
		assert.Equal(t, *tt.err, *je, "%s: %v", tt.in, err)
		var se *serde.Error
		assert.False(t, errors.As(err, &se), "%s: the engine's error is converted", tt.in)
		assert.Equal(t, old, v, "%s: *v as it was", tt.in)
	}
	// A failure after a member was read still leaves *v as it was.
	v := pair{A: "old"}
	require.Error(t, DecodeStruct([]byte(`{"a":"new","b":1}`), &pairStruct, &v))
	assert.Equal(t, pair{A: "old"}, v)
}

func TestPutTag(t *testing.T) {
	room := append(make([]byte, 0, 4), "ab"...)
	out, ok := PutTag(room, 7)
	require.True(t, ok)
	assert.Equal(t, "ab\x07", string(out))
	assert.Equal(t, "ab", string(room), "the caller's slice keeps its length")

	full := []byte("abc")[:3:3]
	out, ok = PutTag(full, 7)
	assert.False(t, ok, "no room: the caller appends")
	assert.Equal(t, "abc", string(out))

	out, ok = PutTag(nil, 7)
	assert.False(t, ok)
	assert.Nil(t, out)
}
