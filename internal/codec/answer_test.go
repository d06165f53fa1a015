package codec

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestSplitAnswer(t *testing.T) {
	const errTag = 3
	tests := []struct {
		name     string
		in       string
		tag      byte
		body     string
		hasBody  bool
		kind     testVariant // of the *wire.FrameError
		frameErr bool
	}{
		{name: "bare tag", in: "\x00", tag: 0},
		{name: "bare tag, trailing bytes ignored", in: "\x02garbage{", tag: 2},
		{name: "error tag", in: "\x03" + `{"message":"m"}`, tag: errTag, body: `{"message":"m"}`, hasBody: true},
		{name: "error tag, empty body", in: "\x03", tag: errTag, body: "", hasBody: true},
		{name: "unknown tag", in: "\x04{}", tag: 4, kind: wire.ErrorKindUnknownTag, frameErr: true},
		{name: "unknown high tag", in: "\xff", tag: 0xff, kind: wire.ErrorKindUnknownTag, frameErr: true},
		{name: "empty", in: "", tag: 0, kind: wire.ErrorKindEmpty, frameErr: true},
	}
	for _, tt := range tests {
		var src []byte
		if tt.in != "" {
			src = []byte(tt.in)
		}
		tag, body, err := SplitAnswer[testVariant](src, errTag)
		var a Answer[uint8, struct{ Value wire.Raw }, testVariant]
		ok := DecodeBare(&a, src, errTag+1)
		if wantBare := !tt.frameErr && !tt.hasBody; assert.Equal(t, wantBare, ok, "%s: DecodeBare", tt.name) && ok {
			assert.Equal(t, tt.tag+1, a.Outcome, tt.name)
		}
		assert.Equal(t, tt.tag, tag, tt.name)
		if tt.frameErr {
			var fe *wire.FrameError[testVariant]
			require.ErrorAs(t, err, &fe, tt.name)
			assert.Equal(t, tt.kind, fe.Kind, tt.name)
			assert.Nil(t, body, tt.name)
			if tt.kind == wire.ErrorKindEmpty {
				assert.ErrorIs(t, err, wire.ErrEmpty, tt.name)
			} else {
				var ut *wire.UnknownTagError
				require.ErrorAs(t, err, &ut, tt.name)
				assert.Equal(t, tt.tag, ut.Tag, tt.name)
				assert.Equal(t, tt.tag, fe.Tag, tt.name)
			}
			continue
		}
		require.NoError(t, err, tt.name)
		if !tt.hasBody {
			assert.Nil(t, body, tt.name)
			continue
		}
		require.NotNil(t, body, tt.name)
		assert.Equal(t, tt.body, string(body), tt.name)
	}
}

type answerPair struct{ A, B string }

var answerPairStruct = serde.Struct[answerPair]{Name: "Pair", Fields: []serde.Field[answerPair]{
	{Name: "a", Read: func(d *serde.Decoder, p *answerPair) (err error) { p.A, err = d.ReadString(); return err }},
	{Name: "b", Optional: true, Read: func(d *serde.Decoder, p *answerPair) (err error) { p.B, err = d.ReadString(); return err }},
}}

func TestDecodeStruct(t *testing.T) {
	assert.ErrorIs(t, DecodeStruct(nil, &answerPairStruct, nil), wire.ErrNil)
	assert.Same(t, wire.ErrNil, DecodeStruct([]byte(`{"a":"x"}`), &answerPairStruct, nil))

	tests := []struct {
		in   string
		want answerPair
		err  *wire.JSONError
	}{
		{in: `{"a":"x"}`, want: answerPair{A: "x"}},
		{in: ` {"b":"y","a":"x"} `, want: answerPair{A: "x", B: "y"}},
		{in: `["x","y"]`, want: answerPair{A: "x", B: "y"}},
		{in: `{"b":"y"}`, err: &wire.JSONError{Offset: 9, Reason: wire.MissingField, Want: "a"}},
		{in: `{"a":"x","b":"y","b":"z"}`, err: &wire.JSONError{Offset: 21, Reason: wire.DuplicateField, Want: "b"}},
		{in: `{"a":"x"} x`, err: &wire.JSONError{Offset: 10, Reason: wire.TrailingBytes}},
		{in: `{"a":"x","b":"y"`, err: &wire.JSONError{Offset: 16, Reason: wire.EOFObject}},
		{in: `"x"`, err: &wire.JSONError{Offset: 0, Reason: wire.WrongType, Want: "expected struct Pair"}},
		{in: ``, err: &wire.JSONError{Offset: 0, Reason: wire.EOFValue}},
	}
	for _, tt := range tests {
		old := answerPair{A: "old", B: "old"}
		v := old
		err := DecodeStruct([]byte(tt.in), &answerPairStruct, &v)
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
	v := answerPair{A: "old"}
	require.Error(t, DecodeStruct([]byte(`{"a":"new","b":1}`), &answerPairStruct, &v))
	assert.Equal(t, answerPair{A: "old"}, v)
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

func TestOutcomeTag(t *testing.T) {
	const errOutcome uint8 = 3 // tags 0, 1, 2; outcome 4 has no tag
	tests := []struct {
		o   uint8
		tag byte
		ok  bool
	}{
		{0, 0, false}, {1, 0, true}, {2, 1, true}, {3, 2, true}, {4, 0, false}, {255, 0, false},
	}
	for _, tt := range tests {
		tag, ok := OutcomeTag(tt.o, errOutcome)
		assert.Equal(t, tt.ok, ok, "outcome %d", tt.o)
		assert.Equal(t, tt.tag, tag, "outcome %d", tt.o)
	}
}

func TestCopyValue(t *testing.T) {
	tests := []struct {
		in, want string
		reason   wire.Reason // of a failure, converted by JSON
	}{
		{in: `{"kind":"program"}`, want: `{"kind":"program"}`},
		{in: ` null `, want: `null`},
		{in: `{"a":1,"a":2}`, want: `{"a":2}`},
		{in: `{} {}`, reason: wire.TrailingBytes},
		{in: ``, reason: wire.EOFValue},
	}
	for _, tt := range tests {
		src := []byte(tt.in)
		v, err := CopyValue(src)
		if tt.want == "" {
			var je *wire.JSONError
			require.ErrorAs(t, JSON(err), &je, tt.in)
			assert.Equal(t, tt.reason, je.Reason, tt.in)
			assert.True(t, v.IsZero(), tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, v.String(), tt.in)
		for i := range src {
			src[i] = 'x'
		}
		assert.Equal(t, tt.want, v.String(), "%s: the value does not alias src", tt.in)
	}
}

// TestEncodeBare: only an outcome below the error outcome, with no Error,
// into a dst with room for its tag, is written by the fast path; anything
// else is left to Encode, with dst as it was.
func TestEncodeBare(t *testing.T) {
	const errOutcome = 4 // tag 3
	type answer = Answer[uint8, struct{ Value wire.Raw }, testVariant]
	withError := answer{Outcome: 1}
	withError.Error.Value = wire.Raw(serde.RawOf([]byte(`{}`)))
	tests := []struct {
		name string
		a    *answer
		dst  []byte
		want string // "" when the fast path appends nothing
	}{
		{name: "first bare outcome", a: &answer{Outcome: 1}, dst: make([]byte, 1, 4), want: "\x00\x00"},
		{name: "last bare outcome", a: &answer{Outcome: 3}, dst: make([]byte, 0, 1), want: "\x02"},
		{name: "no room", a: &answer{Outcome: 1}, dst: make([]byte, 2)},
		{name: "nil answer", a: nil, dst: make([]byte, 0, 4)},
		{name: "unset outcome", a: &answer{}, dst: make([]byte, 0, 4)},
		{name: "error outcome", a: &answer{Outcome: errOutcome}, dst: make([]byte, 0, 4)},
		{name: "past the error outcome", a: &answer{Outcome: errOutcome + 1}, dst: make([]byte, 0, 4)},
		{name: "error beside a bare outcome", a: &withError, dst: make([]byte, 0, 4)},
	}
	for _, tt := range tests {
		out, ok := EncodeBare(tt.a, tt.dst, errOutcome)
		assert.Equal(t, tt.want != "", ok, tt.name)
		if tt.want == "" {
			assert.Equal(t, tt.dst, out, "%s: dst as it was", tt.name)
			continue
		}
		assert.Equal(t, tt.want, string(out), tt.name)
	}
}
