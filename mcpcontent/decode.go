package mcpcontent

import "github.com/diverge-network/diverge-sdk-go/wire"

// The block types in the order of the Rust enum's variants.
var blockTypes = []string{"text", "image", "audio", "resource", "resource_link"}

// Each struct is read from serde's buffered content (Checked): unknown
// members are checked in full. Members are in rmcp's declaration order,
// which is also the order of the array form.
var (
	textStruct = wire.Struct{Name: "Text", Checked: true, Fields: []wire.Field{
		{Name: "text"}, {Name: "_meta", Optional: true}, {Name: "annotations", Optional: true}}}
	mediaStruct = wire.Struct{Name: "Media", Checked: true, Fields: []wire.Field{
		{Name: "data"}, {Name: "mimeType"}, {Name: "_meta", Optional: true}, {Name: "annotations", Optional: true}}}
	embeddedStruct = wire.Struct{Name: "EmbeddedResource", Checked: true, Fields: []wire.Field{
		{Name: "resource"}, {Name: "_meta", Optional: true}, {Name: "annotations", Optional: true}}}
	linkStruct = wire.Struct{Name: "ResourceLink", Checked: true, Fields: []wire.Field{
		{Name: "uri"}, {Name: "name"}, {Name: "title", Optional: true}, {Name: "description", Optional: true},
		{Name: "mimeType", Optional: true}, {Name: "size", Optional: true}, {Name: "icons", Optional: true},
		{Name: "_meta", Optional: true}, {Name: "annotations", Optional: true}}}
	// The contents are an untagged enum's variants: objects only.
	textContentsStruct = wire.Struct{Name: "TextResourceContents", Checked: true, MapOnly: true, Fields: []wire.Field{
		{Name: "uri"}, {Name: "mimeType", Optional: true}, {Name: "text"}, {Name: "_meta", Optional: true}}}
	blobContentsStruct = wire.Struct{Name: "BlobResourceContents", Checked: true, MapOnly: true, Fields: []wire.Field{
		{Name: "uri"}, {Name: "mimeType", Optional: true}, {Name: "blob"}, {Name: "_meta", Optional: true}}}
	annotationsStruct = wire.Struct{Name: "Annotations", Checked: true, Fields: []wire.Field{
		{Name: "audience", Optional: true}, {Name: "priority", Optional: true}, {Name: "lastModified", Optional: true}}}
	iconStruct = wire.Struct{Name: "Icon", Checked: true, Fields: []wire.Field{
		{Name: "src"}, {Name: "mimeType", Optional: true}, {Name: "sizes", Optional: true}, {Name: "theme", Optional: true}}}
)

var (
	roles  = []string{"user", "assistant"}
	themes = []string{"light", "dark"}
)

// DecodeBlockJSON reads src, one block's whole JSON document. The block may
// alias src (its _meta). A failure is a *wire.JSONError.
func DecodeBlockJSON(src []byte) (Block, error) {
	d := wire.NewDecoder(src)
	b, err := ReadBlock(&d)
	if err == nil {
		err = d.End()
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// ReadBlock reads one block at d's cursor: for a frame that carries blocks
// inside other JSON, such as an enqueue request.
func ReadBlock(d *wire.Decoder) (Block, error) {
	v, tv, err := d.BeginTagged("type", blockTypes)
	if err != nil {
		return nil, err
	}
	var b Block
	switch v {
	case 0:
		t := &Text{}
		b, err = t, d.TaggedMembers(tv, &textStruct, func(i int) error { return t.read(d, i) })
	case 1:
		m := &Image{}
		b, err = m, d.TaggedMembers(tv, &mediaStruct, func(i int) error { return (*media)(m).read(d, i) })
	case 2:
		m := &Audio{}
		b, err = m, d.TaggedMembers(tv, &mediaStruct, func(i int) error { return (*media)(m).read(d, i) })
	case 3:
		e := &EmbeddedResource{}
		b, err = e, d.TaggedMembers(tv, &embeddedStruct, func(i int) error { return e.read(d, i) })
	default:
		l := &ResourceLink{}
		b, err = l, d.TaggedMembers(tv, &linkStruct, func(i int) error { return l.read(d, i) })
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// media is the shape Image and Audio share.
type media Image

func (t *Text) read(d *wire.Decoder, i int) (err error) {
	switch i {
	case 0:
		t.Text, err = d.ReadString()
	case 1:
		t.Meta, err = readMeta(d)
	default:
		t.Annotations, err = readAnnotations(d)
	}
	return err
}

func (m *media) read(d *wire.Decoder, i int) (err error) {
	switch i {
	case 0:
		m.Data, err = d.ReadString()
	case 1:
		m.MIMEType, err = d.ReadString()
	case 2:
		m.Meta, err = readMeta(d)
	default:
		m.Annotations, err = readAnnotations(d)
	}
	return err
}

func (e *EmbeddedResource) read(d *wire.Decoder, i int) (err error) {
	switch i {
	case 0:
		e.Resource, err = readContents(d)
	case 1:
		e.Meta, err = readMeta(d)
	default:
		e.Annotations, err = readAnnotations(d)
	}
	return err
}

func (l *ResourceLink) read(d *wire.Decoder, i int) (err error) {
	switch i {
	case 0:
		l.URI, err = d.ReadString()
	case 1:
		l.Name, err = d.ReadString()
	case 2:
		l.Title, err = optString(d)
	case 3:
		l.Description, err = optString(d)
	case 4:
		l.MIMEType, err = optString(d)
	case 5:
		l.Size, err = optU64(d)
	case 6:
		l.Icons, err = readIcons(d)
	case 7:
		l.Meta, err = readMeta(d)
	default:
		l.Annotations, err = readAnnotations(d)
	}
	return err
}

// readContents tries the text form, then the blob form.
func readContents(d *wire.Decoder) (ResourceContents, error) {
	var rc ResourceContents
	err := d.Untagged(
		func() error {
			c := &TextResourceContents{}
			rc = c
			return d.Struct(&textContentsStruct, func(i int) (err error) {
				switch i {
				case 0:
					c.URI, err = d.ReadString()
				case 1:
					c.MIMEType, err = optString(d)
				case 2:
					c.Text, err = d.ReadString()
				default:
					c.Meta, err = readMeta(d)
				}
				return err
			})
		},
		func() error {
			c := &BlobResourceContents{}
			rc = c
			return d.Struct(&blobContentsStruct, func(i int) (err error) {
				switch i {
				case 0:
					c.URI, err = d.ReadString()
				case 1:
					c.MIMEType, err = optString(d)
				case 2:
					c.Blob, err = d.ReadString()
				default:
					c.Meta, err = readMeta(d)
				}
				return err
			})
		},
	)
	return rc, err
}

// readMeta reads an optional _meta: null is absent.
func readMeta(d *wire.Decoder) (wire.Object, error) {
	if null, err := d.Null(); null || err != nil {
		return wire.Object{}, err
	}
	return d.Object()
}

func optString(d *wire.Decoder) (*string, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	s, err := d.ReadString()
	if err != nil {
		return nil, err
	}
	return &s, nil
}

func optU64(d *wire.Decoder) (*uint64, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	n, err := d.ReadU64()
	if err != nil {
		return nil, err
	}
	return &n, nil
}

func readAnnotations(d *wire.Decoder) (*Annotations, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	a := &Annotations{}
	err := d.Struct(&annotationsStruct, func(i int) error {
		if null, err := d.Null(); null || err != nil {
			return err
		}
		switch i {
		case 0:
			a.Audience = []Role{}
			return d.Array(func() error {
				r, err := d.UnitVariant(roles, true)
				a.Audience = append(a.Audience, Role(roles[r]))
				return err
			})
		case 1:
			p, err := d.ReadF32()
			a.Priority = &p
			return err
		}
		s, err := d.ReadString()
		a.LastModified = &s
		return err
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

func readIcons(d *wire.Decoder) ([]Icon, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	icons := []Icon{}
	err := d.Array(func() error {
		var ic Icon
		err := d.Struct(&iconStruct, func(i int) (err error) {
			switch i {
			case 0:
				ic.Src, err = d.ReadString()
			case 1:
				ic.MIMEType, err = optString(d)
			case 2:
				ic.Sizes, err = readSizes(d)
			default:
				ic.Theme, err = readTheme(d)
			}
			return err
		})
		icons = append(icons, ic)
		return err
	})
	return icons, err
}

func readSizes(d *wire.Decoder) ([]string, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	sizes := []string{}
	err := d.Array(func() error {
		s, err := d.ReadString()
		sizes = append(sizes, s)
		return err
	})
	return sizes, err
}

func readTheme(d *wire.Decoder) (*IconTheme, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	i, err := d.UnitVariant(themes, true)
	if err != nil {
		return nil, err
	}
	t := IconTheme(themes[i])
	return &t, nil
}
