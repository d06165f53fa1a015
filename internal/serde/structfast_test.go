package serde

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fastT is a struct for the tests of structMembers' fast path (the compact
// form: separators where they stand, a plain ASCII name and its colon read
// in place): a short name, a name longer than a word, and one no fast path
// can match (not ASCII).
type fastT struct {
	Key  string
	Long string
	N    uint64
	Uni  string
}

var fastStruct = Struct[fastT]{Name: "fastT", Fields: []Field[fastT]{
	{Name: "key", Read: func(d *Decoder, v *fastT) (err error) { v.Key, err = d.ReadString(); return }},
	{Name: "a_member_name_longer_than_a_word", Default: true, Read: func(d *Decoder, v *fastT) (err error) { v.Long, err = d.ReadString(); return }},
	{Name: "n", Optional: true, Read: func(d *Decoder, v *fastT) (err error) { v.N, err = d.ReadU64(); return }},
	{Name: "ünï", Optional: true, Read: func(d *Decoder, v *fastT) (err error) { v.Uni, err = d.ReadString(); return }},
}}

// generalMembers is structMembers as it was before the fast path, every
// member through more and key: the reference the fast path must match in
// value, error (reason, offset, want) and cursor.
func generalMembers[T any](d *Decoder, s *Struct[T], v *T, first bool, tag string) error {
	var seen uint64
	var scratch [64]byte
	tagSeen := tag != "" && !first
	for {
		ok, err := d.more(&first, '}')
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		name, _, err := d.key(scratch[:0])
		if err != nil {
			return err
		}
		i := s.index(name)
		if i < 0 {
			if tag != "" && string(name) == tag {
				if tagSeen {
					return d.failWant(DuplicateField, tag)
				}
				tagSeen = true
			}
			if err := d.Skip(s.Checked); err != nil {
				return err
			}
			continue
		}
		if seen&(1<<i) != 0 {
			return d.failWant(DuplicateField, s.Fields[i].Name)
		}
		seen |= 1 << i
		if err := s.Fields[i].Read(d, v); err != nil {
			return err
		}
	}
	return s.missing(d, seen)
}

type membersFunc func(d *Decoder, s *Struct[fastT], v *fastT, first bool, tag string) error

// fastResult is all a read leaves: the value, the error and the cursor.
type fastResult struct {
	V     fastT
	Err   error
	Pos   int
	Depth int
}

// readFast reads in as one document: an object (with tag, when set, as an
// internally tagged enum's tag member) by members, then the end.
func readFast(members membersFunc, in, tag string) fastResult {
	d := NewDecoder([]byte(in))
	var v fastT
	err := func() error {
		c, err := d.next()
		if err != nil {
			return err
		}
		if c != '{' {
			return d.typeError("struct")
		}
		if err := d.enter(); err != nil {
			return err
		}
		if err := members(&d, &fastStruct, &v, true, tag); err != nil {
			return err
		}
		return d.End()
	}()
	return fastResult{v, err, d.pos, d.depth}
}

func fastMembers(d *Decoder, s *Struct[fastT], v *fastT, first bool, tag string) error {
	return structMembers(d, s, v, first, tag)
}

func slowMembers(d *Decoder, s *Struct[fastT], v *fastT, first bool, tag string) error {
	return generalMembers(d, s, v, first, tag)
}

func TestStructMembersFastPath(t *testing.T) {
	tests := []struct {
		name string
		in   string
		tag  string
		want fastT
		err  *Error // nil: accepted
	}{
		{"compact", `{"key":"k"}`, "", fastT{Key: "k"}, nil},
		{"compact all", `{"key":"k","a_member_name_longer_than_a_word":"l","n":7,"ünï":"u"}`, "", fastT{Key: "k", Long: "l", N: 7, Uni: "u"}, nil},
		{"spaced", " {\n\t\"key\" : \"k\" ,\r\"n\"\t:\t7 } ", "", fastT{Key: "k", N: 7}, nil},
		{"space before colon", `{"key" :"k"}`, "", fastT{Key: "k"}, nil},
		{"space after comma", `{"n":1, "key":"k"}`, "", fastT{Key: "k", N: 1}, nil},
		{"space before comma", `{"n":1 ,"key":"k"}`, "", fastT{Key: "k", N: 1}, nil},
		{"empty object", `{}`, "", fastT{}, &Error{Offset: 2, Reason: MissingField, Want: "key"}},
		{"escaped name matches", `{"k\u0065y":"k"}`, "", fastT{Key: "k"}, nil},
		{"escaped long name matches", `{"a_member_name_longer_than_a_wor\u0064":"l","key":"k"}`, "", fastT{Key: "k", Long: "l"}, nil},
		{"escaped quote in name: unknown", `{"key\"":"x","key":"k"}`, "", fastT{Key: "k"}, nil},
		{"solidus escape in name: unknown", `{"ke\/y":"x","key":"k"}`, "", fastT{Key: "k"}, nil},
		{"non-ASCII name", `{"ünï":"u","key":"k"}`, "", fastT{Key: "k", Uni: "u"}, nil},
		{"escaped non-ASCII name", `{"\u00fcn\u00ef":"u","key":"k"}`, "", fastT{Key: "k", Uni: "u"}, nil},
		{"name is a prefix", `{"ke":"x","key":"k"}`, "", fastT{Key: "k"}, nil},
		{"name has a prefix", `{"keys":"x","key":"k"}`, "", fastT{Key: "k"}, nil},
		{"case counts", `{"Key":"x","key":"k"}`, "", fastT{Key: "k"}, nil},
		{"unknown skipped", `{"x":{"y":[1,2]},"key":"k"}`, "", fastT{Key: "k"}, nil},
		{"in order, the next name with more after it", `{"key":"k","a_member_name_longer_than_a_words":"x"}`, "", fastT{Key: "k"}, nil},
		{"in order, the next name cut short", `{"key":"k","a_member_name_longer_than_a_wor":"x"}`, "", fastT{Key: "k"}, nil},
		{"in order, space before the colon", `{"key":"k","a_member_name_longer_than_a_word" :"l"}`, "", fastT{Key: "k", Long: "l"}, nil},
		{"in order, non-ASCII name", `{"key":"k","a_member_name_longer_than_a_word":"l","n":7,"ünï":"u"}`, "", fastT{Key: "k", Long: "l", N: 7, Uni: "u"}, nil},
		{"in order, then the first again", `{"key":"k","a_member_name_longer_than_a_word":"l","key":"k"}`, "", fastT{}, &Error{Offset: 56, Reason: DuplicateField, Want: "key"}},
		{"tag skipped", `{"type":"t","key":"k"}`, "type", fastT{Key: "k"}, nil},
		{"tag twice", `{"type":"t","key":"k","type":"t"}`, "type", fastT{}, &Error{Offset: 29, Reason: DuplicateField, Want: "type"}},
		{"escaped tag twice", `{"type":"t","typ\u0065":"t"}`, "type", fastT{}, &Error{Offset: 24, Reason: DuplicateField, Want: "type"}},
		{"duplicate", `{"key":"a","key":"b"}`, "", fastT{}, &Error{Offset: 17, Reason: DuplicateField, Want: "key"}},
		{"duplicate escaped", `{"key":"a","\u006bey":"b"}`, "", fastT{}, &Error{Offset: 22, Reason: DuplicateField, Want: "key"}},
		{"duplicate long", `{"key":"a","a_member_name_longer_than_a_word":"l","a_member_name_longer_than_a_word":"l"}`, "", fastT{}, &Error{Offset: 85, Reason: DuplicateField, Want: "a_member_name_longer_than_a_word"}},
		{"missing", `{"n":1}`, "", fastT{}, &Error{Offset: 7, Reason: MissingField, Want: "key"}},
		{"missing colon", `{"key""k"}`, "", fastT{}, &Error{Offset: 6, Reason: ExpectedColon}},
		{"end after name", `{"key"`, "", fastT{}, &Error{Offset: 6, Reason: EOFObject}},
		{"end inside name", `{"key`, "", fastT{}, &Error{Offset: 5, Reason: EOFString}},
		{"end after comma", `{"key":"k",`, "", fastT{}, &Error{Offset: 11, Reason: EOFValue}},
		{"end after value", `{"key":"k"`, "", fastT{}, &Error{Offset: 10, Reason: EOFObject}},
		{"trailing comma", `{"key":"k",}`, "", fastT{}, &Error{Offset: 11, Reason: TrailingComma}},
		{"no comma", `{"key":"k" "n":1}`, "", fastT{}, &Error{Offset: 11, Reason: ExpectedComma}},
		{"key not a string", `{key:"k"}`, "", fastT{}, &Error{Offset: 1, Reason: KeyNotString}},
		{"key not a string after comma", `{"n":1,2:3}`, "", fastT{}, &Error{Offset: 7, Reason: KeyNotString}},
		{"control in name", "{\"k\x01y\":\"k\"}", "", fastT{}, &Error{Offset: 3, Reason: ControlChar}},
		{"bad escape in name", `{"k\qy":"k"}`, "", fastT{}, &Error{Offset: 4, Reason: InvalidEscape}},
		{"bad UTF-8 in name", "{\"k\xffy\":\"k\"}", "", fastT{}, &Error{Offset: 2, Reason: InvalidUTF8}},
		{"trailing bytes", `{"key":"k"}x`, "", fastT{}, &Error{Offset: 11, Reason: TrailingBytes}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readFast(fastMembers, tt.in, tt.tag)
			if tt.err == nil {
				require.NoError(t, got.Err, tt.in)
				assert.Equal(t, tt.want, got.V, tt.in)
			} else {
				assert.Equal(t, tt.err, got.Err, "%s: %v", tt.in, got.Err)
			}
			assert.Equal(t, readFast(slowMembers, tt.in, tt.tag), got, "%s: the general path differs", tt.in)
		})
	}
}

// The fast path against the general one on variants of compact documents:
// cut at every byte, with a space or a newline put in at every byte, and
// with every byte replaced by a few that matter to the syntax.
func TestStructMembersFastPathVariants(t *testing.T) {
	bases := []struct{ in, tag string }{
		{`{"key":"conv_01J9ZQ4M8XK3F7/turn-0193"}`, ""},
		{`{"n":3,"key":"k","a_member_name_longer_than_a_word":"l","x":[{"y":null}],"ünï":"u"}`, ""},
		{`{"type":"t","key":"k\"\u00e9","type":"x"}`, "type"},
		{`{"k\u0065y":"k","key":"k"}`, ""},
		{`{"key":"k","a_member_name_longer_than_a_word":"l","n":7,"ünï":"u"}`, ""},
	}
	subs := []byte{'"', ',', ':', '}', '{', ' ', '\\', 'k', 0x01, 0xc3, 0xff}
	check := func(in, tag string) {
		t.Helper()
		assert.Equal(t, readFast(slowMembers, in, tag), readFast(fastMembers, in, tag), "%q", in)
	}
	for _, b := range bases {
		check(b.in, b.tag)
		for i := 0; i <= len(b.in); i++ {
			check(b.in[:i], b.tag)
			check(b.in[:i]+" "+b.in[i:], b.tag)
			check(b.in[:i]+"\n"+b.in[i:], b.tag)
			if i < len(b.in) {
				for _, c := range subs {
					check(b.in[:i]+string([]byte{c})+b.in[i+1:], b.tag)
				}
			}
		}
	}
}

func FuzzStructMembers(f *testing.F) {
	for _, s := range []string{
		`{"key":"k","a_member_name_longer_than_a_word":"l","n":7,"ünï":"u"}`,
		`{"n":3,"key":"k","x":[{"y":null}]}`,
		`{"type":"t","key":"k","type":"x"}`,
	} {
		f.Add(s, "type")
	}
	f.Fuzz(func(t *testing.T, in, tag string) {
		assert.Equal(t, readFast(slowMembers, in, tag), readFast(fastMembers, in, tag), "%q", in)
	})
}
