package serde

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keyed is a test struct of one required string; keyedFlat is the same struct
// read only from an object (one that flattens another, in serde).
type keyed struct{ K string }

var (
	keyedStruct = Struct[keyed]{Name: "Pair", Checked: true, Fields: []Field[keyed]{
		{Name: "k", Read: func(d *Decoder, p *keyed) (err error) { p.K, err = d.ReadString(); return err }},
	}}
	keyedFlat = Struct[keyed]{Name: "Flat", Checked: true, MapOnly: true, Fields: keyedStruct.Fields}
)

// decodeUnitTagged reads a struct of kind "a" (array form allowed) or "b"
// (object only) whose first member, "t", is a one-variant unit enum.
func decodeUnitTagged(in string) (int, keyed, error) {
	d := NewDecoder([]byte(in))
	i, tv, err := d.BeginUnitTagged("t", []string{"a", "b"})
	if err != nil {
		return 0, keyed{}, err
	}
	s := &keyedStruct
	if i == 1 {
		s = &keyedFlat
	}
	var p keyed
	if err := ReadTaggedMembers(&d, tv, s, &p); err != nil {
		return 0, keyed{}, err
	}
	return i, p, d.End()
}

// BeginUnitTagged: the tag's value is the name as a string, or the map
// {"name":null} (not {"name":{}}: serde walks the buffered content by
// reference there), wherever the tag stands, once; the array form only for
// a struct that has one (answers as the oracle gave them for begin.chunk).
func TestBeginUnitTagged(t *testing.T) {
	tests := []struct {
		in   string
		kind int
		err  Reason // 0: accepted
	}{
		{`{"t":"a","k":"x"}`, 0, 0},
		{`{"k":"x","t":"b"}`, 1, 0},
		{`{"t":{"a":null},"k":"x"}`, 0, 0},
		{`{"k":"x","t":{ "b" : null }}`, 1, 0},
		{`["a","x"]`, 0, 0},
		{`[{"a":null},"x"]`, 0, 0},
		{`{"t":{"a":{}},"k":"x"}`, 0, WrongType},
		{`{"k":"x","t":{"a":{}}}`, 0, WrongType},
		{`{"t":{"a":[]},"k":"x"}`, 0, WrongType},
		{`{"t":{"a":null,"b":null},"k":"x"}`, 0, WrongType},
		{`{"t":{"c":null},"k":"x"}`, 0, UnknownVariant},
		{`{"t":["a"],"k":"x"}`, 0, WrongType},
		{`{"t":null,"k":"x"}`, 0, WrongType},
		{`{"t":"a","t":"a","k":"x"}`, 0, DuplicateField},
		{`{"k":"x","t":"a","t":{"a":null}}`, 0, DuplicateField},
		{`{"k":"x"}`, 0, MissingField},
		{`["b","x"]`, 0, WrongType},
		{`[{"a":{}},"x"]`, 0, WrongType},
	}
	for _, tt := range tests {
		kind, p, err := decodeUnitTagged(tt.in)
		if tt.err != 0 {
			requireRefused(t, err, refusal{Reason: tt.err}, tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.kind, kind, tt.in)
		assert.Equal(t, "x", p.K, tt.in)
	}
}

func TestReadBool(t *testing.T) {
	for in, want := range map[string]bool{"true": true, " false": false} {
		d := NewDecoder([]byte(in))
		got, err := d.ReadBool()
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
		require.NoError(t, d.End())
	}
	for in, reason := range map[string]Reason{`"true"`: WrongType, "null": WrongType, "1": WrongType, "tru": EOFValue, "trux": InvalidLiteral, "": EOFValue} {
		d := NewDecoder([]byte(in))
		_, err := d.ReadBool()
		requireRefused(t, err, refusal{Reason: reason}, in)
	}
}

// ReadAny hands each JSON form to its function as serde_json holds it: -0
// and integers past u64 are f64, negative integers i64.
func TestReadAny(t *testing.T) {
	errNo := errors.New("refused by the visitor")
	v := Visitor[string]{
		Str: func(s []byte) (string, error) {
			if string(s) == "no" {
				return "", errNo
			}
			return "str " + string(s), nil
		},
		U64: func(u uint64) (string, error) { return "u64", nil },
		I64: func(i int64) (string, error) { return "i64", nil },
		F64: func(f float64) (string, error) { return "f64", nil },
	}
	for in, want := range map[string]string{
		`"a\u0062"`: "str ab", `18446744073709551615`: "u64", `-1`: "i64", `-0`: "f64",
		`18446744073709551616`: "f64", `1.0`: "f64", `1e2`: "f64",
	} {
		d := NewDecoder([]byte(in))
		got, err := ReadAny(&d, &v, "a thing")
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	d := NewDecoder([]byte(`"no"`))
	_, err := ReadAny(&d, &v, "a thing")
	assert.ErrorIs(t, err, errNo)
	for in, reason := range map[string]Reason{"null": WrongType, "[]": WrongType, "true": WrongType, "1e999": NumberRange, `"\ud800"`: LoneSurrogate} {
		d := NewDecoder([]byte(in))
		_, err := ReadAny(&d, &v, "a thing")
		requireRefused(t, err, refusal{Reason: reason}, in)
	}
	onlyStr := Visitor[string]{Str: v.Str}
	d = NewDecoder([]byte(`1`))
	_, err = ReadAny(&d, &onlyStr, "a string")
	requireRefused(t, err, refusal{Reason: WrongType, Want: "expected a string"}, "1")
}
