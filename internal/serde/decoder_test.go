package serde

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func nest(n int, inner string) string {
	return strings.Repeat("[", n) + inner + strings.Repeat("]", n)
}

// Decoding a Raw keeps canonical input as it is and otherwise writes what
// serde_json would re-serialize (each expectation is the oracle's).
func TestDecodeRawNormalizes(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"a":1}`, `{"a":1}`},
		{` {"a" : 1 } `, `{"a":1}`},
		{`{"a":1,"b":2,"a":3}`, `{"a":3,"b":2}`},
		{`{"\u0061":1,"a":2}`, `{"a":2}`},
		{`"\/\u0041\u00e9"`, `"/Aé"`},
		{`"\u001F"`, `"\u001f"`},
		{`"\u0008"`, `"\b"`},
		{`"\ud83d\ude00"`, `"😀"`},
		{`-0`, `-0.0`},
		{`1.0`, `1.0`},
		{`1e5`, `100000.0`},
		{`1E-5`, `0.00001`},
		{`18446744073709551615`, `18446744073709551615`},
		{`18446744073709551616`, `1.8446744073709552e+19`},
		{`18446744073709551616.0`, `1.8446744073709552e+19`},
		{`-9223372036854775808`, `-9223372036854775808`},
		{`-9223372036854775809`, `-9.223372036854776e+18`},
		{`0e999999999999`, `0.0`},
		{`[ 1 , [ ] , { } ]`, `[1,[],{}]`},
		{nest(MaxDepth, ""), nest(MaxDepth, "")},
	}
	for _, tt := range tests {
		got, err := parseRaw([]byte(tt.in))
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, string(got.Bytes()), tt.in)
	}
}

func TestDecodeRawRefuses(t *testing.T) {
	tests := []struct {
		in     string
		reason Reason
	}{
		{``, EOFValue},
		{`   `, EOFValue},
		{`{"a":1}x`, TrailingBytes},
		{`{"a":1,}`, TrailingComma},
		{`[1,]`, TrailingComma},
		{`[1 2]`, ExpectedComma},
		{`{1:2}`, KeyNotString},
		{`{"a" 1}`, ExpectedColon},
		{`nul`, EOFValue},
		{`nulx`, InvalidLiteral},
		{`01`, InvalidNumber},
		{`1.`, EOFValue},
		{`1.e5`, InvalidNumber},
		{`-`, EOFValue},
		{`1e`, EOFValue},
		{`1e999`, NumberRange},
		{`123456789012345678901.`, EOFValue}, // a point needs a digit after it, past u64 too
		{`[123456789012345678901.]`, InvalidNumber},
		{`"\x"`, InvalidEscape},
		{`"\u12"`, EOFString},
		{`"\u12g4"`, InvalidEscape},
		{"\"\x01\"", ControlChar},
		{"\"\xff\"", InvalidUTF8},
		{"\"\xed\xa0\x80\"", InvalidUTF8},
		{`"\udc00"`, LoneSurrogate},
		{`"\ud800"`, LoneSurrogate},
		{`"\ud800\u0041"`, LoneSurrogate},
		{`"abc`, EOFString},
		{`[1`, EOFList},
		{`{"a":1`, EOFObject},
		{nest(MaxDepth+1, ""), DepthLimit},
	}
	for _, tt := range tests {
		_, err := parseRaw([]byte(tt.in))
		var je *Error
		require.ErrorAs(t, err, &je, "%q", tt.in)
		assert.Equal(t, tt.reason, je.Reason, "%q: %v", tt.in, err)
	}
}

// A member a struct does not know is skipped with the reference's two rules:
// syntax only when the struct is read straight from JSON, in full inside
// buffered content.
func TestSkipLaxAndChecked(t *testing.T) {
	tests := []struct {
		value   string
		lax     bool
		checked bool
	}{
		{`1`, true, true},
		{`1e999`, true, false},
		{"\"\xff\"", true, false},
		{`"\udc00"`, true, false},
		{nest(500, "1"), true, false},
		{`18446744073709551616.0`, true, true},
		{`123456789012345678901.`, false, false},
		{`[1,]`, false, false},
		{`"\x"`, false, false},
		{`{"a":1 "b":2}`, false, false},
	}
	for _, tt := range tests {
		for _, checked := range []bool{false, true} {
			d := NewDecoder([]byte(tt.value))
			err := d.Skip(checked)
			if err == nil {
				err = d.End()
			}
			want := tt.lax
			if checked {
				want = tt.checked
			}
			assert.Equal(t, want, err == nil, "%.40q checked=%v: %v", tt.value, checked, err)
		}
	}
}

// pair records the members read, in the order they were read.
type pair struct{ got []string }

// member reads a string member called name; optional ones may be null.
func member(name string, optional bool) func(d *Decoder, p *pair) error {
	return func(d *Decoder, p *pair) error {
		if optional {
			if null, err := d.Null(); null || err != nil {
				p.got = append(p.got, name+"=null")
				return err
			}
		}
		s, err := d.ReadString()
		p.got = append(p.got, name+"="+s)
		return err
	}
}

var pairStruct = Struct[pair]{Name: "Pair", Fields: []Field[pair]{
	{Name: "a", Read: member("a", false)},
	{Name: "b", Optional: true, Read: member("b", true)},
	{Name: "c", Default: true, Read: member("c", false)},
}}

func readPair(src string) (got []string, err error) {
	d := NewDecoder([]byte(src))
	var p pair
	err = ReadStruct(&d, &pairStruct, &p)
	got = p.got
	if err == nil {
		err = d.End()
	}
	return got, err
}

func TestStruct(t *testing.T) {
	tests := []struct {
		in     string
		want   []string
		reason Reason // 0: accepted
	}{
		{`{"a":"1"}`, []string{"a=1"}, 0},
		{`{"b":"2","a":"1","zz":[1e999]}`, []string{"b=2", "a=1"}, 0},
		{`{"a":"1","b":null}`, []string{"a=1", "b=null"}, 0},
		{`{"A":"1"}`, nil, MissingField},
		{`{"a":"1","a":"2"}`, nil, DuplicateField},
		{`{"a":null}`, nil, WrongType},
		{`["1","2","3"]`, []string{"a=1", "b=2", "c=3"}, 0},
		{`["1",null]`, []string{"a=1", "b=null"}, 0},
		{`["1"]`, nil, WrongLength},
		{`["1","2","3","4"]`, nil, WrongLength},
		{`["1","2","3",]`, nil, TrailingComma},
		{`"1"`, nil, WrongType},
	}
	for _, tt := range tests {
		got, err := readPair(tt.in)
		if tt.reason == 0 {
			require.NoError(t, err, tt.in)
			assert.Equal(t, tt.want, got, tt.in)
			continue
		}
		var je *Error
		require.ErrorAs(t, err, &je, tt.in)
		assert.Equal(t, tt.reason, je.Reason, "%s: %v", tt.in, err)
	}
}

func TestUnitVariant(t *testing.T) {
	names := []string{"fixed", "rotating"}
	tests := []struct {
		in             string
		direct, inside int // index, or -1 for refused
	}{
		{`"fixed"`, 0, 0},
		{`"rotating"`, 1, 1},
		{`"\u0066ixed"`, 0, 0},
		{`{"rotating":null}`, 1, 1},
		{`{ "fixed" : null }`, 0, 0},
		{`{"fixed":{}}`, -1, 0},
		{`{"fixed":null,"rotating":null}`, -1, -1},
		{`{}`, -1, -1},
		{`"Fixed"`, -1, -1},
		{`1`, -1, -1},
		{`null`, -1, -1},
	}
	for _, tt := range tests {
		for _, checked := range []bool{false, true} {
			d := NewDecoder([]byte(tt.in))
			i, err := d.UnitVariant(names, checked)
			if err == nil {
				err = d.End()
			}
			want := tt.direct
			if checked {
				want = tt.inside
			}
			if want < 0 {
				assert.Error(t, err, "%s checked=%v", tt.in, checked)
			} else if assert.NoError(t, err, "%s checked=%v", tt.in, checked) {
				assert.Equal(t, want, i, tt.in)
			}
		}
	}
}

func TestMembers(t *testing.T) {
	o, err := parseObject([]byte(`{"z":1,"a":{"b":[]},"\u00e9":"x"}`))
	require.NoError(t, err)
	var names []string
	for name, v := range Members(o.Bytes()) {
		names = append(names, name+"="+string(v.Bytes()))
	}
	assert.Equal(t, []string{`z=1`, `a={"b":[]}`, `é="x"`}, names)
	for range Members(nil) {
		t.Fatal("the zero Object has members")
	}
	_, err = parseObject([]byte(`[1]`))
	assert.Error(t, err)
}

func TestErrorNeverQuotesInput(t *testing.T) {
	secret := "sk_live_SECRET"
	for _, in := range []string{
		`{"a":"` + secret + `"x`, `"` + secret, `[` + secret + `]`, `{"` + secret + `":1e999}`,
	} {
		_, err := parseRaw([]byte(in))
		require.Error(t, err)
		assert.NotContains(t, err.Error(), secret)
	}
}

// parseRaw is one whole value, as wire.Raw.DecodeJSON reads it.
func parseRaw(b []byte) (Raw, error) {
	d := NewDecoder(b)
	v, err := d.Value()
	if err == nil {
		err = d.End()
	}
	return v, err
}

// parseObject is one whole object, as wire.Object.DecodeJSON reads it.
func parseObject(b []byte) (Object, error) {
	d := NewDecoder(b)
	v, err := d.Object()
	if err == nil {
		err = d.End()
	}
	return v, err
}

// Every prefix of a valid document is refused cleanly, never a panic.
func TestTruncatedPrefixes(t *testing.T) {
	doc := []byte(`{"a":[1,-2.5e3,"x\u00e9\n",true,false,null,{"b":{}}],"c":"😀"}`)
	for i := range doc {
		_, err := parseRaw(doc[:i])
		assert.Error(t, err, "%q", doc[:i])
	}
	_, err := parseRaw(doc)
	assert.NoError(t, err)
}
