package serde

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The shapes of mcpcontent's blocks, re-declared here so that the engine's
// enum reads can be driven directly. Every expectation below is the Rust
// oracle's: `rustref conform` on the scope mcpcontent.block (an internally
// tagged enum, tag "type", which serde buffers), each case's comment giving
// the oracle's answer for the input in the case (the scope's whole input
// when the case says "block", else the value as a block member's). Member
// order is rmcp's, which is also the order of the array form.

// blkContents is a resource's contents: TextResourceContents or, with Blob
// set, BlobResourceContents.
type blkContents struct {
	Blob     bool
	URI      string
	MIMEType *string
	Body     string // the text or the blob
	Meta     bool
}

type blkAnn struct {
	Audience []int // indexes into blkRoles
	Priority *float32
	Modified *string
}

type blk struct {
	Variant  int // index into blkTypes
	Text     string
	Data     string
	MIMEType string
	URI      string
	Name     string
	Size     *uint64
	Contents *blkContents
	Meta     bool
	Ann      *blkAnn
}

var (
	blkTypes = []string{"text", "image", "audio", "resource", "resource_link"}
	blkRoles = []string{"user", "assistant"}
)

func blkStr(d *Decoder, s *string) (err error) { *s, err = d.ReadString(); return err }

func blkOptStr(d *Decoder, s **string) error {
	if null, err := d.Null(); null || err != nil {
		return err
	}
	var v string
	err := blkStr(d, &v)
	*s = &v
	return err
}

// blkMeta reads an optional _meta object: null is absent.
func blkMeta(d *Decoder, set *bool) error {
	if null, err := d.Null(); null || err != nil {
		return err
	}
	_, err := d.Object()
	*set = true
	return err
}

var blkAnnStruct = Struct[blkAnn]{Name: "Annotations", Checked: true, Fields: []Field[blkAnn]{
	{Name: "audience", Optional: true, Read: func(d *Decoder, a *blkAnn) error {
		if null, err := d.Null(); null || err != nil {
			return err
		}
		a.Audience = []int{}
		return d.Array(func() error {
			r, err := d.UnitVariant(blkRoles, true)
			a.Audience = append(a.Audience, r)
			return err
		})
	}},
	{Name: "priority", Optional: true, Read: func(d *Decoder, a *blkAnn) error {
		if null, err := d.Null(); null || err != nil {
			return err
		}
		p, err := d.ReadF32()
		a.Priority = &p
		return err
	}},
	{Name: "lastModified", Optional: true, Read: func(d *Decoder, a *blkAnn) error { return blkOptStr(d, &a.Modified) }},
}}

func blkAnnotations(d *Decoder, b *blk) error {
	if null, err := d.Null(); null || err != nil {
		return err
	}
	b.Ann = &blkAnn{}
	return ReadStruct(d, &blkAnnStruct, b.Ann)
}

func blkContentsStruct(name, body string) Struct[blkContents] {
	return Struct[blkContents]{Name: name, Checked: true, MapOnly: true, Fields: []Field[blkContents]{
		{Name: "uri", Read: func(d *Decoder, c *blkContents) error { return blkStr(d, &c.URI) }},
		{Name: "mimeType", Optional: true, Read: func(d *Decoder, c *blkContents) error { return blkOptStr(d, &c.MIMEType) }},
		{Name: body, Read: func(d *Decoder, c *blkContents) error { return blkStr(d, &c.Body) }},
		{Name: "_meta", Optional: true, Read: func(d *Decoder, c *blkContents) error { return blkMeta(d, &c.Meta) }},
	}}
}

var (
	blkTextContents = blkContentsStruct("TextResourceContents", "text")
	blkBlobContents = blkContentsStruct("BlobResourceContents", "blob")
)

// blkResource reads the untagged ResourceContents: the text form, then the
// blob form.
func blkResource(d *Decoder, b *blk) error {
	return d.Untagged(
		func() error {
			b.Contents = &blkContents{}
			return ReadStruct(d, &blkTextContents, b.Contents)
		},
		func() error {
			b.Contents = &blkContents{Blob: true}
			return ReadStruct(d, &blkBlobContents, b.Contents)
		},
	)
}

var (
	blkMetaField = Field[blk]{Name: "_meta", Optional: true, Read: func(d *Decoder, b *blk) error { return blkMeta(d, &b.Meta) }}
	blkAnnField  = Field[blk]{Name: "annotations", Optional: true, Read: blkAnnotations}
	blkSkipField = func(name string) Field[blk] {
		return Field[blk]{Name: name, Optional: true, Read: func(d *Decoder, _ *blk) error { return d.Skip(true) }}
	}

	blkVariants = []Struct[blk]{
		{Name: "Text", Checked: true, Fields: []Field[blk]{
			{Name: "text", Read: func(d *Decoder, b *blk) error { return blkStr(d, &b.Text) }},
			blkMetaField, blkAnnField,
		}},
		{Name: "Media", Checked: true, Fields: []Field[blk]{
			{Name: "data", Read: func(d *Decoder, b *blk) error { return blkStr(d, &b.Data) }},
			{Name: "mimeType", Read: func(d *Decoder, b *blk) error { return blkStr(d, &b.MIMEType) }},
			blkMetaField, blkAnnField,
		}},
		{}, // audio: Media's
		{Name: "EmbeddedResource", Checked: true, Fields: []Field[blk]{
			{Name: "resource", Read: blkResource},
			blkMetaField, blkAnnField,
		}},
		{Name: "ResourceLink", Checked: true, Fields: []Field[blk]{
			{Name: "uri", Read: func(d *Decoder, b *blk) error { return blkStr(d, &b.URI) }},
			{Name: "name", Read: func(d *Decoder, b *blk) error { return blkStr(d, &b.Name) }},
			blkSkipField("title"), blkSkipField("description"), blkSkipField("mimeType"),
			{Name: "size", Optional: true, Read: func(d *Decoder, b *blk) error {
				if null, err := d.Null(); null || err != nil {
					return err
				}
				n, err := d.ReadU64()
				b.Size = &n
				return err
			}},
			blkSkipField("icons"), blkMetaField, blkAnnField,
		}},
	}
)

func init() { blkVariants[2] = blkVariants[1] }

// readBlk reads one block at d's cursor, as mcpcontent's readBlock does.
func readBlk(d *Decoder) (blk, error) {
	v, tv, err := d.BeginTagged("type", blkTypes)
	if err != nil {
		return blk{}, err
	}
	b := blk{Variant: v}
	if err := ReadTaggedMembers(d, tv, &blkVariants[v], &b); err != nil {
		return blk{}, err
	}
	return b, nil
}

// decodeBlk reads src, one block's whole document.
func decodeBlk(src string) (blk, error) {
	d := NewDecoder([]byte(src))
	b, err := readBlk(&d)
	if err == nil {
		err = d.End()
	}
	return b, err
}

// refusal is what a refused case expects: the reason, and the Want when
// it is not empty.
type refusal struct {
	Reason Reason
	Want   string
}

func requireRefused(t *testing.T, err error, want refusal, in string) {
	t.Helper()
	var je *Error
	require.ErrorAs(t, err, &je, "%s: accepted, the oracle refuses", in)
	assert.Equal(t, want.Reason, je.Reason, "%s: %v", in, err)
	if want.Want != "" {
		assert.Equal(t, want.Want, je.Want, "%s: %v", in, err)
	}
}

func u64p(n uint64) *uint64    { return &n }
func f32p(f float32) *float32  { return &f }
func strp(s string) *string    { return &s }
func textBlk(text string) *blk { return &blk{Variant: 0, Text: text} }

// An internally tagged enum: the tag anywhere among the members but once, a
// string that names a variant; or the array form, the tag first and then
// every member in order (Options too: serde gives arrays no defaults).
func TestBeginTagged(t *testing.T) {
	tests := []struct {
		in   string
		want *blk // nil: refused
		err  refusal
	}{
		// tag first, the way serde writes it
		{`{"type":"text","text":"hi"}`, textBlk("hi"), refusal{}},                                             // ok {"type":"text","text":"hi"}
		{`{"type" : "text" , "text" : "hi"}`, textBlk("hi"), refusal{}},                                       // ok {"type":"text","text":"hi"}
		{`{"type":"audio","data":"d","mimeType":"m"}`, &blk{Variant: 2, Data: "d", MIMEType: "m"}, refusal{}}, // ok {"type":"audio","data":"d","mimeType":"m"}
		// tag in the middle, tag last
		{`{"text":"hi","type":"text","_meta":{}}`, &blk{Text: "hi", Meta: true}, refusal{}}, // ok {"type":"text","text":"hi","_meta":{}}
		{`{"text":"hi","type":"text"}`, textBlk("hi"), refusal{}},                           // ok {"type":"text","text":"hi"}
		// an escaped tag name or variant name is the same name
		{`{"typ\u0065":"text","text":"hi"}`, textBlk("hi"), refusal{}}, // ok {"type":"text","text":"hi"}
		{`{"type":"te\u0078t","text":"hi"}`, textBlk("hi"), refusal{}}, // ok {"type":"text","text":"hi"}
		// unknown members are skipped, but checked in full (buffered content)
		{`{"type":"text","text":"hi","unknown":{"a":[1,{"b":null}]}}`, textBlk("hi"), refusal{}}, // ok {"type":"text","text":"hi"}
		{`{"type":"text","text":"hi","x":{"a":1,"a":2}}`, textBlk("hi"), refusal{}},              // ok {"type":"text","text":"hi"}
		{`{"x":{"a":1,"a":2},"type":"text","text":"hi"}`, textBlk("hi"), refusal{}},              // ok {"type":"text","text":"hi"}
		{`{"type":"text","text":"hi","x":1e999}`, nil, refusal{NumberRange, ""}},                 // err json number out of range at line 1 column 36
		{`{"x":1e999,"type":"text","text":"hi"}`, nil, refusal{NumberRange, ""}},                 // err json number out of range at line 1 column 10
		{`{"type":"text","text":"hi","x":[1,2}`, nil, refusal{ExpectedComma, ""}},                // err json expected `,` or `]` at line 1 column 36
		{`{"text":"hi","x":[1,2,],"type":"text"}`, nil, refusal{TrailingComma, ""}},              // err json trailing comma at line 1 column 23
		{`{"x":"\ud800","type":"text","text":"hi"}`, nil, refusal{LoneSurrogate, ""}},            // err json unexpected end of hex escape at line 1 column 13
		// tag missing
		{`{"text":"hi"}`, nil, refusal{MissingField, "type"}}, // err json missing field `type` at line 1 column 13
		{`{}`, nil, refusal{MissingField, "type"}},            // err json missing field `type` at line 1 column 2
		// tag repeated, wherever the repeat stands
		{`{"type":"text","text":"hi","type":"text"}`, nil, refusal{DuplicateField, "type"}},                        // err json duplicate field `type` at line 1 column 33
		{`{"text":"hi","type":"text","type":"text"}`, nil, refusal{DuplicateField, "type"}},                        // err json duplicate field `type` at line 1 column 33
		{`{"type":"image","type":"image","data":"d","mimeType":"m"}`, nil, refusal{DuplicateField, "type"}},        // err json duplicate field `type` at line 1 column 22
		{`{"data":"d","type":"image","mimeType":"m","type":"image"}`, nil, refusal{DuplicateField, "type"}},        // err json duplicate field `type` at line 1 column 48
		{`{"type":"resource","resource":{"uri":"u","text":"t"},"type":"x"}`, nil, refusal{DuplicateField, "type"}}, // err json duplicate field `type` at line 1 column 59
		// a variant's own member repeated
		{`{"type":"text","text":"hi","text":"hi"}`, nil, refusal{DuplicateField, "text"}}, // err json duplicate field `text`
		// tag not a string
		{`{"type":1,"text":"hi"}`, nil, refusal{WrongType, "expected variant identifier"}},    // err json invalid type: integer `1`, expected variant identifier at line 1 column 9
		{`{"text":"hi","type":1}`, nil, refusal{WrongType, "expected variant identifier"}},    // err json invalid type: integer `1`, expected variant identifier at line 1 column 21
		{`{"type":null,"text":"hi"}`, nil, refusal{WrongType, "expected variant identifier"}}, // err json invalid type: null, expected variant identifier at line 1 column 12
		// unknown tag value (case counts)
		{`{"type":"video","text":"hi"}`, nil, refusal{UnknownVariant, ""}}, // err json unknown variant `video`, expected one of ... at line 1 column 15
		{`{"text":"hi","type":"video"}`, nil, refusal{UnknownVariant, ""}}, // err json unknown variant `video`, expected one of ... at line 1 column 27
		{`{"type":"Text","text":"hi"}`, nil, refusal{UnknownVariant, ""}},  // err json unknown variant `Text`, expected one of ... at line 1 column 14
		// the tag as the only member: the variant's required member is missing
		{`{"type":"text"}`, nil, refusal{MissingField, "text"}}, // err json missing field `text`
		// the array form: every member, Options included
		{`["text","hi",null,null]`, textBlk("hi"), refusal{}},              // ok {"type":"text","text":"hi"}
		{`["text","hi",{},null]`, &blk{Text: "hi", Meta: true}, refusal{}}, // ok {"type":"text","text":"hi","_meta":{}}
		{`["resource_link","u","n",null,null,null,18446744073709551615,null,null,null]`, // ok {"type":"resource_link","uri":"u","name":"n","size":18446744073709551615}
			&blk{Variant: 4, URI: "u", Name: "n", Size: u64p(18446744073709551615)}, refusal{}},
		{`["text","hi"]`, nil, refusal{WrongLength, "struct Text"}},             // err json invalid length 1, expected struct Text with 3 elements
		{`["text","hi",null]`, nil, refusal{WrongLength, "struct Text"}},        // err json invalid length 2, expected struct Text with 3 elements
		{`["text"]`, nil, refusal{WrongLength, "struct Text"}},                  // err json invalid length 0, expected struct Text with 3 elements
		{`["text","hi",null,null,1]`, nil, refusal{WrongLength, "struct Text"}}, // err json invalid length 4, expected 3 elements in sequence
		{`[]`, nil, refusal{MissingField, "type"}},                              // err json missing field `type` at line 1 column 2
		{`[1,"hi"]`, nil, refusal{WrongType, "expected variant identifier"}},    // err json invalid type: integer `1`, expected variant identifier at line 1 column 2
		{`["video","hi"]`, nil, refusal{UnknownVariant, ""}},                    // err json unknown variant `video`, expected one of ... at line 1 column 8
		// neither an object nor an array
		{`"text"`, nil, refusal{WrongType, "expected internally tagged enum"}}, // err json invalid type: string "text", expected internally tagged enum ContentBlock
		{`null`, nil, refusal{WrongType, "expected internally tagged enum"}},   // err json invalid type: null, expected internally tagged enum ContentBlock
		// syntax
		{`{"type":"text","text":"hi"} x`, nil, refusal{TrailingBytes, ""}}, // err json trailing characters at line 1 column 29
		{`{"text":"hi","type":"text"`, nil, refusal{EOFObject, ""}},        // err json EOF while parsing an object at line 1 column 26
		{`{"type":"text","text":"hi"`, nil, refusal{EOFObject, ""}},        // err json EOF while parsing an object at line 1 column 26
		{`{"type":"text"`, nil, refusal{EOFObject, ""}},                    // err json EOF while parsing an object at line 1 column 14
		{`{"type":`, nil, refusal{EOFValue, ""}},                           // err json EOF while parsing a value at line 1 column 8
		{`{`, nil, refusal{EOFObject, ""}},                                 // err json EOF while parsing an object at line 1 column 1
		{`[`, nil, refusal{EOFList, ""}},                                   // err json EOF while parsing a list at line 1 column 1
		{`["text"`, nil, refusal{EOFList, ""}},                             // err json EOF while parsing a list at line 1 column 7
		{`["text",`, nil, refusal{EOFValue, ""}},                           // err json EOF while parsing a value at line 1 column 8
		{`{"type" "text"}`, nil, refusal{ExpectedColon, ""}},               // err json expected `:` at line 1 column 9
		{`{1:2}`, nil, refusal{KeyNotString, ""}},                          // err json key must be a string at line 1 column 2
		{`{"text":"hi",}`, nil, refusal{TrailingComma, ""}},                // err json trailing comma at line 1 column 14
		{`{"type":"text",}`, nil, refusal{TrailingComma, ""}},              // err json trailing comma at line 1 column 16
	}
	for _, tt := range tests {
		got, err := decodeBlk(tt.in)
		if tt.want == nil {
			requireRefused(t, err, tt.err, tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, *tt.want, got, tt.in)
	}
}

// BeginTagged leaves the cursor where ReadTaggedMembers continues: after
// the tag when it leads (or in the array form), at the first member when it
// had to look for it.
func TestBeginTaggedCursor(t *testing.T) {
	tests := []struct {
		in    string
		at    int
		array bool
		first bool
	}{
		{`{"type":"text","text":"hi"}`, 14, false, false},
		{`{ "type" : "text" }`, 17, false, false},
		{`{"text":"hi","type":"text"}`, 1, false, true},
		{` { "text":"hi","type":"text"}`, 2, false, true},
		{`["text","hi",null,null]`, 7, true, false},
	}
	for _, tt := range tests {
		d := NewDecoder([]byte(tt.in))
		v, tv, err := d.BeginTagged("type", blkTypes)
		require.NoError(t, err, tt.in)
		assert.Equal(t, 0, v, tt.in)
		assert.Equal(t, tt.at, d.Offset(), tt.in)
		assert.Equal(t, TaggedValue{array: tt.array, first: tt.first, tag: "type"}, tv, tt.in)
	}
	// Empty input is the end of a value.
	d := NewDecoder(nil)
	_, _, err := d.BeginTagged("type", blkTypes)
	requireRefused(t, err, refusal{EOFValue, ""}, "")
}

// A variant whose members are all Options takes the tag alone, in either
// form; serde's documented behaviour (no scope has such a variant).
func TestTaggedOnlyTheTag(t *testing.T) {
	type opt struct{ A *string }
	s := Struct[opt]{Name: "Opt", Checked: true, Fields: []Field[opt]{
		{Name: "a", Optional: true, Read: func(d *Decoder, o *opt) error { return blkOptStr(d, &o.A) }},
	}}
	for in, want := range map[string]error{
		`{"t":"v"}`:           nil,
		`{"a":"x","t":"v"}`:   nil,
		`["v",null]`:          nil,
		`["v"]`:               &Error{Reason: WrongLength}, // an Option has no default in the array form
		`{"t":"v","t":"v"}`:   &Error{Reason: DuplicateField},
		`{"t":"v","b":1e999}`: &Error{Reason: NumberRange},
	} {
		d := NewDecoder([]byte(in))
		_, tv, err := d.BeginTagged("t", []string{"v"})
		require.NoError(t, err, in)
		var o opt
		err = ReadTaggedMembers(&d, tv, &s, &o)
		if err == nil {
			err = d.End()
		}
		if want == nil {
			assert.NoError(t, err, in)
			continue
		}
		var je *Error
		require.True(t, errors.As(err, &je), "%s: %v", in, err)
		assert.Equal(t, want.(*Error).Reason, je.Reason, "%s: %v", in, err)
	}
}

func resourceBlk(c blkContents) *blk { return &blk{Variant: 3, Contents: &c} }

// An untagged enum: the first form that reads, each tried from the same
// place; none is NoVariantMatched. The resource contents are objects only.
func TestUntagged(t *testing.T) {
	tests := []struct {
		in   string // the block's resource member
		want *blk
		err  refusal
	}{
		// the first form matches
		{`{"uri":"u","text":"t"}`, resourceBlk(blkContents{URI: "u", Body: "t"}), refusal{}},              // ok {"type":"resource","resource":{"uri":"u","text":"t"}}
		{`{"uri":"u","text":"t","blob":"b"}`, resourceBlk(blkContents{URI: "u", Body: "t"}), refusal{}},   // ok ... "resource":{"uri":"u","text":"t"}
		{`{"uri":"u","text":"t","_meta":null}`, resourceBlk(blkContents{URI: "u", Body: "t"}), refusal{}}, // ok ... "resource":{"uri":"u","text":"t"}
		// the second form matches
		{`{"uri":"u","blob":"b"}`, resourceBlk(blkContents{Blob: true, URI: "u", Body: "b"}), refusal{}},                             // ok ... "resource":{"uri":"u","blob":"b"}
		{`{"uri":"u","blob":"b","_meta":{"k":1}}`, resourceBlk(blkContents{Blob: true, URI: "u", Body: "b", Meta: true}), refusal{}}, // ok ... "resource":{"uri":"u","blob":"b","_meta":{"k":1}}
		{`{"uri":"u","blob":"b","x":{"k":1,"k":2}}`, resourceBlk(blkContents{Blob: true, URI: "u", Body: "b"}), refusal{}},           // ok ... "resource":{"uri":"u","blob":"b"}
		// the first form fails after consuming input (uri, mimeType, the blob
		// skipped, then no text), and the second reads from the start again
		{`{"uri":"u","mimeType":"m","blob":"b"}`, resourceBlk(blkContents{Blob: true, URI: "u", MIMEType: strp("m"), Body: "b"}), refusal{}}, // ok ... "resource":{"uri":"u","mimeType":"m","blob":"b"}
		{`{"uri":"u","blob":"b","text":1}`, resourceBlk(blkContents{Blob: true, URI: "u", Body: "b"}), refusal{}},                            // ok ... "resource":{"uri":"u","blob":"b"}
		{`{"uri":"u","blob":"b","text":"t","text":"t"}`, resourceBlk(blkContents{Blob: true, URI: "u", Body: "b"}), refusal{}},               // ok ... "resource":{"uri":"u","blob":"b"}
		// neither
		{`{"uri":"u"}`, nil, refusal{NoVariantMatched, ""}},                                           // err json data did not match any variant of untagged enum ResourceContents
		{`{"uri":"u","text":1}`, nil, refusal{NoVariantMatched, ""}},                                  // err json data did not match any variant ...
		{`{"uri":"u","text":"t","text":"t"}`, nil, refusal{NoVariantMatched, ""}},                     // err json data did not match any variant ...
		{`{"uri":"u","text":"t","_meta":1}`, nil, refusal{NoVariantMatched, ""}},                      // err json data did not match any variant ...
		{`{"uri":"u","text":"t","mimeType":1}`, nil, refusal{NoVariantMatched, ""}},                   // err json data did not match any variant ...
		{`{"uri":"u","text":"t","mimeType":null,"mimeType":"a"}`, nil, refusal{NoVariantMatched, ""}}, // err json data did not match any variant ...
		{`["u","t"]`, nil, refusal{NoVariantMatched, ""}},                                             // err json data did not match any variant ... (objects only)
		{`"u"`, nil, refusal{NoVariantMatched, ""}},                                                   // err json data did not match any variant ...
	}
	for _, tt := range tests {
		in := `{"type":"resource","resource":` + tt.in + `}`
		got, err := decodeBlk(in)
		if tt.want == nil {
			requireRefused(t, err, tt.err, in)
			continue
		}
		require.NoError(t, err, in)
		assert.Equal(t, *tt.want, got, in)
	}

	// {"type":"resource","resource":{"uri":"u","text":"t"},"resource":{"uri":"u","text":"t"}}
	// → err json duplicate field `resource`
	_, err := decodeBlk(`{"type":"resource","resource":{"uri":"u","text":"t"},"resource":{"uri":"u","text":"t"}}`)
	requireRefused(t, err, refusal{DuplicateField, "resource"}, "resource twice")
	// {"type":"resource","resource":{"uri":"u","text":"t"},"resource":}... a
	// missing value is refused: err json expected value at line 1 column 31
	// (the engine's reason is NoVariantMatched, see TestUntaggedSyntaxReason).
	_, err = decodeBlk(`{"type":"resource","resource":}`)
	require.Error(t, err)
}

// Untagged itself: each form starts from the same cursor, the first to
// read wins and leaves the cursor past the value, and the end of input is
// the end of a value, not NoVariantMatched.
func TestUntaggedForms(t *testing.T) {
	read := func(in string, forms ...func(d *Decoder) error) (int, error) {
		d := NewDecoder([]byte(in))
		won := -1
		fs := make([]func() error, len(forms))
		for i, f := range forms {
			fs[i] = func() error {
				err := f(&d)
				if err == nil {
					won = i
				}
				return err
			}
		}
		err := d.Untagged(fs...)
		if err == nil {
			err = d.End()
		}
		return won, err
	}
	str := func(d *Decoder) error { _, err := d.ReadString(); return err }
	u64 := func(d *Decoder) error { _, err := d.ReadU64(); return err }
	// consumes the array's first element, then fails on the second unless it
	// is a string
	pair := func(d *Decoder) error {
		n := 0
		return d.Array(func() error {
			n++
			if n == 1 {
				_, err := d.ReadU64()
				return err
			}
			_, err := d.ReadString()
			return err
		})
	}
	skipAny := func(d *Decoder) error { return d.Skip(true) }

	i, err := read(` "s" `, str, u64)
	require.NoError(t, err)
	assert.Equal(t, 0, i)
	i, err = read(` 7 `, str, u64)
	require.NoError(t, err)
	assert.Equal(t, 1, i)
	i, err = read(`[1,2]`, pair, skipAny) // pair read "1" before it failed
	require.NoError(t, err)
	assert.Equal(t, 1, i)
	i, err = read(`[1,"x"]`, pair, skipAny)
	require.NoError(t, err)
	assert.Equal(t, 0, i)

	_, err = read(`true`, str, u64)
	requireRefused(t, err, refusal{NoVariantMatched, ""}, "true")
	_, err = read(`true`)
	requireRefused(t, err, refusal{NoVariantMatched, ""}, "no forms")
	_, err = read(`  `, str, u64)
	requireRefused(t, err, refusal{EOFValue, ""}, "empty")

	// NoVariantMatched is placed at the value's start.
	d := NewDecoder([]byte(`  true`))
	err = d.Untagged(func() error { return str(&d) })
	var je *Error
	require.ErrorAs(t, err, &je)
	assert.Equal(t, Error{Offset: 2, Reason: NoVariantMatched}, *je)
}

// BUG (reason only): serde buffers an internally tagged enum's whole value
// before it reads a variant, so malformed JSON inside an untagged member is
// reported as the syntax error it is. The engine reports it as
// NoVariantMatched when the tag leads (it reads the members in place, and
// every form fails on the bad bytes), though the same bytes are a syntax
// error when the tag stands later (findTag scans them first). Both refuse
// the input, as the reference does; only the reason differs.
func TestUntaggedSyntaxReason(t *testing.T) {
	tests := []struct {
		in   string
		want Reason
	}{
		{`{"type":"resource","resource":{"uri":"u","text":"t","x":1e999}}`, NumberRange},      // err json number out of range at line 1 column 61
		{`{"type":"resource","resource":{"uri":"u","text":"t",}}`, TrailingComma},             // err json trailing comma at line 1 column 53
		{`{"type":"resource","resource":{"uri":"u","text":"t","x":"\ud800"}}`, LoneSurrogate}, // err json unexpected end of hex escape at line 1 column 64
		{`{"type":"resource","resource":}`, ExpectedValue},                                    // err json expected value at line 1 column 31
	}
	// The tag later: the scan sees the syntax error first, as serde does.
	// {"resource":{"uri":"u","text":"t","x":1e999},"type":"resource"} → err json number out of range at line 1 column 43
	_, err := decodeBlk(`{"resource":{"uri":"u","text":"t","x":1e999},"type":"resource"}`)
	requireRefused(t, err, refusal{NumberRange, ""}, "tag last")
	for _, tt := range tests {
		_, err := decodeBlk(tt.in)
		require.Error(t, err, tt.in) // refused, as by the reference
	}
	t.Skip("BUG: a syntax error inside an untagged value read in place is reported as NoVariantMatched, not as the syntax error serde reports")
	for _, tt := range tests {
		_, err := decodeBlk(tt.in)
		requireRefused(t, err, refusal{tt.want, ""}, tt.in)
	}
}

func TestTryRestoresTheCursor(t *testing.T) {
	d := NewDecoder([]byte(` [{"a":1}, 2]`))
	_, err := d.next()
	require.NoError(t, err)
	require.NoError(t, d.enter()) // into the array
	ahead := string(d.Ahead(4))
	assert.Equal(t, `{"a"`, ahead)
	at, depth := d.pos, d.depth
	ok := d.Try(func() error {
		if _, err := d.scanValue(false); err != nil {
			return err
		}
		return d.fail(WrongType) // fails after moving on
	})
	assert.False(t, ok)
	assert.Equal(t, at, d.pos)
	assert.Equal(t, depth, d.depth)
	ok = d.Try(func() error { _, err := d.scanValue(false); return err })
	assert.True(t, ok)
	assert.Equal(t, `, 2]`, string(d.src[d.pos:]))
}
