package mcpcontent

import (
	"bytes"
	"errors"
	"slices"

	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
)

// The block types in the order of the Rust enum's variants.
var blockTypes = []string{"text", "image", "audio", "resource", "resource_link"}

// Each struct is read from serde's buffered content (Checked): unknown
// members are checked in full. Members are in rmcp's declaration order,
// which is also the order of the array form.
var (
	textStruct = serde.Struct[Text]{Name: "Text", Checked: true, Fields: []serde.Field[Text]{
		{Name: "text", Read: func(d *serde.Decoder, t *Text) (err error) { t.Text, err = d.ReadString(); return err }},
		{Name: "_meta", Optional: true, Read: func(d *serde.Decoder, t *Text) (err error) { t.Meta, err = codec.ReadMeta(d); return err }},
		{Name: "annotations", Optional: true, Read: func(d *serde.Decoder, t *Text) (err error) { t.Annotations, err = readAnnotations(d); return err }},
	}}
	// Image and Audio share their shape, media.
	mediaStruct = serde.Struct[media]{Name: "Media", Checked: true, Fields: []serde.Field[media]{
		{Name: "data", Read: func(d *serde.Decoder, m *media) (err error) { m.Data, err = d.ReadString(); return err }},
		{Name: "mimeType", Read: func(d *serde.Decoder, m *media) (err error) { m.MIMEType, err = d.ReadString(); return err }},
		{Name: "_meta", Optional: true, Read: func(d *serde.Decoder, m *media) (err error) { m.Meta, err = codec.ReadMeta(d); return err }},
		{Name: "annotations", Optional: true, Read: func(d *serde.Decoder, m *media) (err error) { m.Annotations, err = readAnnotations(d); return err }},
	}}
	embeddedStruct = serde.Struct[EmbeddedResource]{Name: "EmbeddedResource", Checked: true, Fields: []serde.Field[EmbeddedResource]{
		{Name: "resource", Read: func(d *serde.Decoder, e *EmbeddedResource) (err error) { e.Resource, err = readContents(d); return err }},
		{Name: "_meta", Optional: true, Read: func(d *serde.Decoder, e *EmbeddedResource) (err error) { e.Meta, err = codec.ReadMeta(d); return err }},
		{Name: "annotations", Optional: true, Read: func(d *serde.Decoder, e *EmbeddedResource) (err error) {
			e.Annotations, err = readAnnotations(d)
			return err
		}},
	}}
	linkStruct = serde.Struct[ResourceLink]{Name: "ResourceLink", Checked: true, Fields: []serde.Field[ResourceLink]{
		{Name: "uri", Read: func(d *serde.Decoder, l *ResourceLink) (err error) { l.URI, err = d.ReadString(); return err }},
		{Name: "name", Read: func(d *serde.Decoder, l *ResourceLink) (err error) { l.Name, err = d.ReadString(); return err }},
		{Name: "title", Optional: true, Read: func(d *serde.Decoder, l *ResourceLink) (err error) { l.Title, err = d.OptString(); return err }},
		{Name: "description", Optional: true, Read: func(d *serde.Decoder, l *ResourceLink) (err error) { l.Description, err = d.OptString(); return err }},
		{Name: "mimeType", Optional: true, Read: func(d *serde.Decoder, l *ResourceLink) (err error) { l.MIMEType, err = d.OptString(); return err }},
		{Name: "size", Optional: true, Read: func(d *serde.Decoder, l *ResourceLink) (err error) { l.Size, err = optU64(d); return err }},
		{Name: "icons", Optional: true, Read: func(d *serde.Decoder, l *ResourceLink) (err error) { l.Icons, err = readIcons(d); return err }},
		{Name: "_meta", Optional: true, Read: func(d *serde.Decoder, l *ResourceLink) (err error) { l.Meta, err = codec.ReadMeta(d); return err }},
		{Name: "annotations", Optional: true, Read: func(d *serde.Decoder, l *ResourceLink) (err error) {
			l.Annotations, err = readAnnotations(d)
			return err
		}},
	}}
	// The contents are an untagged enum's variants: objects only.
	textContentsStruct = serde.Struct[TextResourceContents]{Name: "TextResourceContents", Checked: true, MapOnly: true, Fields: []serde.Field[TextResourceContents]{
		{Name: "uri", Read: func(d *serde.Decoder, c *TextResourceContents) (err error) { c.URI, err = d.ReadString(); return err }},
		{Name: "mimeType", Optional: true, Read: func(d *serde.Decoder, c *TextResourceContents) (err error) {
			c.MIMEType, err = d.OptString()
			return err
		}},
		{Name: "text", Read: func(d *serde.Decoder, c *TextResourceContents) (err error) { c.Text, err = d.ReadString(); return err }},
		{Name: "_meta", Optional: true, Read: func(d *serde.Decoder, c *TextResourceContents) (err error) {
			c.Meta, err = codec.ReadMeta(d)
			return err
		}},
	}}
	blobContentsStruct = serde.Struct[BlobResourceContents]{Name: "BlobResourceContents", Checked: true, MapOnly: true, Fields: []serde.Field[BlobResourceContents]{
		{Name: "uri", Read: func(d *serde.Decoder, c *BlobResourceContents) (err error) { c.URI, err = d.ReadString(); return err }},
		{Name: "mimeType", Optional: true, Read: func(d *serde.Decoder, c *BlobResourceContents) (err error) {
			c.MIMEType, err = d.OptString()
			return err
		}},
		{Name: "blob", Read: func(d *serde.Decoder, c *BlobResourceContents) (err error) { c.Blob, err = d.ReadString(); return err }},
		{Name: "_meta", Optional: true, Read: func(d *serde.Decoder, c *BlobResourceContents) (err error) {
			c.Meta, err = codec.ReadMeta(d)
			return err
		}},
	}}
	// blobNoTextStruct is blobContentsStruct with a member named text refused.
	blobNoTextStruct = serde.Struct[BlobResourceContents]{
		Name: blobContentsStruct.Name, Checked: true, MapOnly: true,
		Fields: append(slices.Clone(blobContentsStruct.Fields), serde.Field[BlobResourceContents]{
			Name: "text", Optional: true,
			Read: func(*serde.Decoder, *BlobResourceContents) error { return errTextMember },
		}),
	}
	// Every member of Annotations is an Option: null is None.
	annotationsStruct = serde.Struct[annotationsAlloc]{Name: "Annotations", Checked: true, Fields: []serde.Field[annotationsAlloc]{
		{Name: "audience", Optional: true, Read: func(d *serde.Decoder, a *annotationsAlloc) error {
			if null, err := d.Null(); null || err != nil {
				return err
			}
			many, n, err := serde.ReadList(d, a.roles[:], func() (Role, error) {
				r, err := d.UnitVariant(roles, true)
				return Role(roles[r]), err
			})
			if a.Audience = many; many == nil {
				a.Audience = a.roles[:n:n] // [] too: empty, not nil
			}
			return err
		}},
		{Name: "priority", Optional: true, Read: func(d *serde.Decoder, a *annotationsAlloc) (err error) {
			if null, err := d.Null(); null || err != nil {
				return err
			}
			a.priority, err = d.ReadF32()
			a.Priority = &a.priority
			return err
		}},
		{Name: "lastModified", Optional: true, Read: func(d *serde.Decoder, a *annotationsAlloc) (err error) {
			a.LastModified, err = d.OptString()
			return err
		}},
	}}
	iconStruct = serde.Struct[Icon]{Name: "Icon", Checked: true, Fields: []serde.Field[Icon]{
		{Name: "src", Read: func(d *serde.Decoder, ic *Icon) (err error) { ic.Src, err = d.ReadString(); return err }},
		{Name: "mimeType", Optional: true, Read: func(d *serde.Decoder, ic *Icon) (err error) { ic.MIMEType, err = d.OptString(); return err }},
		{Name: "sizes", Optional: true, Read: func(d *serde.Decoder, ic *Icon) (err error) { ic.Sizes, err = readSizes(d); return err }},
		{Name: "theme", Optional: true, Read: func(d *serde.Decoder, ic *Icon) (err error) { ic.Theme, err = readTheme(d); return err }},
	}}
)

var (
	roles  = []string{"user", "assistant"}
	themes = []string{"light", "dark"}
)

func init() {
	// Lend the enqueue request the block reader and writer, which take the
	// JSON engine's cursor and nesting level and so are not exported.
	codec.ReadBlock = func(d *serde.Decoder) (any, error) { return readBlock(d) }
	codec.AppendBlock = func(dst []byte, b any, level int) ([]byte, error) {
		blk, _ := b.(Block)
		return appendBlockAt(dst, blk, level)
	}
}

// DecodeBlockJSON reads src, one block's whole JSON document. The block may
// alias src (its _meta). A failure is a *wire.JSONError.
func DecodeBlockJSON(src []byte) (Block, error) {
	d := serde.NewDecoder(src)
	b, err := readBlock(&d)
	if err = codec.Ended(&d, err); err != nil {
		return nil, codec.JSON(err)
	}
	return b, nil
}

// readBlock reads one block at d's cursor.
func readBlock(d *serde.Decoder) (Block, error) {
	v, tv, err := d.BeginTagged("type", blockTypes)
	if err != nil {
		return nil, err
	}
	return readVariant(d, v, tv)
}

// ReadBufferedBlock reads one block at d's cursor as serde reads one from
// content it has already buffered, as inside an agentic loop chunk's tool
// response (package chunk): there the type may also be the variant's index
// (0 text, 1 image, 2 audio, 3 resource, 4 resource_link). It takes this
// module's internal JSON engine, so only this module's codecs can use it.
func ReadBufferedBlock(d *serde.Decoder) (Block, error) {
	v, tv, err := d.BeginTaggedBuffered("type", blockTypes)
	if err != nil {
		return nil, err
	}
	return readVariant(d, v, tv)
}

// readVariant reads the members of the block variant v once its tag is read.
func readVariant(d *serde.Decoder, v int, tv serde.TaggedValue) (Block, error) {
	var b Block
	var err error
	switch v {
	case 0:
		t := &Text{}
		b, err = t, serde.ReadTaggedMembers(d, tv, &textStruct, t)
	case 1:
		m := &Image{}
		b, err = m, serde.ReadTaggedMembers(d, tv, &mediaStruct, (*media)(m))
	case 2:
		m := &Audio{}
		b, err = m, serde.ReadTaggedMembers(d, tv, &mediaStruct, (*media)(m))
	case 3:
		e := &EmbeddedResource{}
		b, err = e, serde.ReadTaggedMembers(d, tv, &embeddedStruct, e)
	default:
		l := &ResourceLink{}
		b, err = l, serde.ReadTaggedMembers(d, tv, &linkStruct, l)
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// media is the shape Image and Audio share.
type media Image

// errTextMember stops blobNoTextStruct at a member named text.
var errTextMember = errors.New("a text member")

// readContents tries the text form, then the blob form. Contents that look
// like a blob (a "blob" member near the start) are first read as a blob with
// a member named text refused: if that succeeds the object has no text, the
// text form would fail on it, and the blob is what serde reads; if not, the
// two forms are tried in order from the start. A blob is read once instead
// of twice (checked as an unknown member of the text form, then read).
func readContents(d *serde.Decoder) (ResourceContents, error) {
	if blobAhead(d.Ahead(256)) {
		c := &BlobResourceContents{}
		if d.Try(func() error { return serde.ReadStruct(d, &blobNoTextStruct, c) }) {
			return c, nil
		}
	}
	var rc ResourceContents
	err := d.Untagged(
		func() error {
			c := &TextResourceContents{}
			rc = c
			return serde.ReadStruct(d, &textContentsStruct, c)
		},
		func() error {
			c := &BlobResourceContents{}
			rc = c
			return serde.ReadStruct(d, &blobContentsStruct, c)
		},
	)
	return rc, err
}

// blobAhead guesses, from the start of an object in b, whether it is blob
// contents: walking its members as serde_json writes them (compact, string
// values), it is true at a member named blob and false at one named text,
// at anything else it does not follow and at the end of b. A wrong guess
// costs time, never the answer: readContents checks what it guessed.
func blobAhead(b []byte) bool {
	if len(b) < 2 || b[0] != '{' || b[1] != '"' {
		return false
	}
	for i := 1; i < len(b) && b[i] == '"'; {
		// The name, then its colon and the opening quote of its value.
		k := bytes.IndexByte(b[i+1:], '"')
		if k < 0 {
			return false
		}
		name := b[i+1 : i+1+k]
		switch {
		case string(name) == "blob":
			return true
		case string(name) == "text" || bytes.IndexByte(name, '\\') >= 0:
			return false
		}
		i += k + 2
		if i+1 >= len(b) || b[i] != ':' || b[i+1] != '"' {
			return false
		}
		// The value, to the quote that closes it, and the comma after.
		if i = serde.ClosingQuote(b, i+2); i < 0 || i+1 >= len(b) || b[i+1] != ',' {
			return false
		}
		i += 2
	}
	return false
}

func optU64(d *serde.Decoder) (*uint64, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	n, err := d.ReadU64()
	if err != nil {
		return nil, err
	}
	return &n, nil
}

// annotationsAlloc is Annotations with room for what it usually holds, an
// audience of up to two roles and the priority, so that decoding them takes
// one allocation instead of three or four. The audience's capacity is its
// length: an append by the user moves it out.
type annotationsAlloc struct {
	Annotations
	roles    [2]Role
	priority float32
}

func readAnnotations(d *serde.Decoder) (*Annotations, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	a := &annotationsAlloc{}
	if err := serde.ReadStruct(d, &annotationsStruct, a); err != nil {
		return nil, err
	}
	return &a.Annotations, nil
}

// readIcons reads an optional list of icons into one allocation of its
// length when it holds up to four.
func readIcons(d *serde.Decoder) ([]Icon, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	var few [4]Icon
	return codec.ReadStructs(d, few[:], &iconStruct)
}

func readSizes(d *serde.Decoder) ([]string, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	return d.ReadStrings()
}

func readTheme(d *serde.Decoder) (*IconTheme, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	i, err := d.UnitVariant(themes, true)
	if err != nil {
		return nil, err
	}
	return (*IconTheme)(d.StringRef(themes[i])), nil
}
