package mcpcontent

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Block is one content block: *Text, *Image, *Audio, *ResourceLink or
// *EmbeddedResource.
type Block interface {
	// Type is the block's "type" member: "text", "image", "audio",
	// "resource_link" or "resource".
	Type() string
	// appendJSON appends the block's JSON; level is how many arrays and
	// objects enclose the block in the payload.
	appendJSON(dst []byte, level int) ([]byte, error)
}

// Text is a block of text.
type Text struct {
	Text        string
	Meta        wire.Object // the zero Object: no _meta member
	Annotations *Annotations
}

// Image is an image, base64-encoded as its producer wrote it.
type Image struct {
	Data        string // base64, carried verbatim
	MIMEType    string
	Meta        wire.Object
	Annotations *Annotations
}

// Audio is a sound clip, base64-encoded as its producer wrote it.
type Audio struct {
	Data        string // base64, carried verbatim
	MIMEType    string
	Meta        wire.Object
	Annotations *Annotations
}

// ResourceLink points at a resource without carrying it (rmcp's Resource).
// Every pointer or slice member is absent when nil, and Meta when zero; an
// empty non-nil Icons is written as [].
type ResourceLink struct {
	URI         string
	Name        string
	Title       *string
	Description *string
	MIMEType    *string
	Size        *uint64
	Icons       []Icon
	Meta        wire.Object
	Annotations *Annotations
}

// EmbeddedResource carries a resource's contents in the block.
type EmbeddedResource struct {
	Resource    ResourceContents // *TextResourceContents or *BlobResourceContents
	Meta        wire.Object
	Annotations *Annotations
}

// Type is "text".
func (*Text) Type() string { return "text" }

// Type is "image".
func (*Image) Type() string { return "image" }

// Type is "audio".
func (*Audio) Type() string { return "audio" }

// Type is "resource_link".
func (*ResourceLink) Type() string { return "resource_link" }

// Type is "resource".
func (*EmbeddedResource) Type() string { return "resource" }

// ResourceContents is an embedded resource's contents:
// *TextResourceContents or *BlobResourceContents.
type ResourceContents interface {
	appendJSON(dst []byte, level int) ([]byte, error)
	isResourceContents()
}

// TextResourceContents is a resource's contents as text.
type TextResourceContents struct {
	URI      string
	MIMEType *string
	Text     string
	Meta     wire.Object
}

// BlobResourceContents is a resource's contents as base64, carried verbatim.
type BlobResourceContents struct {
	URI      string
	MIMEType *string
	Blob     string
	Meta     wire.Object
}

func (*TextResourceContents) isResourceContents() {}
func (*BlobResourceContents) isResourceContents() {}

// Annotations say who a block is for and how much it matters. Each member is
// absent when nil; an empty non-nil Audience is written as []. A block's nil
// *Annotations is absent too.
type Annotations struct {
	Audience []Role
	// Priority is an f32, as in rmcp. A value beyond f32's range reads as an
	// infinity; an infinity or a NaN is written as null, as serde_json writes
	// a non-finite float (and so reads back as absent).
	Priority *float32
	// LastModified is any string, kept verbatim (rmcp 3 does not parse it).
	LastModified *string
}

// Role is who a block is meant for.
type Role string

// The roles MCP knows.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// Icon is an image a resource link may be shown with.
type Icon struct {
	Src      string
	MIMEType *string
	Sizes    []string // nil: absent; empty non-nil: []
	Theme    *IconTheme
}

// IconTheme is the background an icon is drawn for.
type IconTheme string

// The icon themes MCP knows.
const (
	ThemeLight IconTheme = "light"
	ThemeDark  IconTheme = "dark"
)

// EncodeBlockJSON appends b's JSON to dst, members in rmcp's order. It fails,
// leaving dst as it was, with a *wire.EncodeError naming the member (a path
// such as "annotations.audience[1]" or "resource.text") for a nil block or
// nil resource contents (wire.ErrNil), a string
// that is not valid UTF-8 (wire.ErrInvalidUTF8), a Role or IconTheme that MCP
// does not know (wire.ErrUnknownValue), and a _meta that would nest deeper
// than a reader allows (wire.ErrTooDeep). No message quotes a value.
func EncodeBlockJSON(dst []byte, b Block) ([]byte, error) { return appendBlockAt(dst, b, 0) }

// appendBlockAt is EncodeBlockJSON for a block that other JSON encloses, as
// the content of an enqueue request: level is how many arrays and objects
// enclose the block (2 there), so that its _meta is held to the room the
// nesting limit leaves it.
func appendBlockAt(dst []byte, b Block, level int) ([]byte, error) {
	if b == nil {
		return dst, nilBlock()
	}
	out, err := b.appendJSON(dst, level)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// nilBlock is the encode error for a nil block or contents, at the path the
// caller adds.
func nilBlock() error { return &wire.EncodeError{Err: wire.ErrNil} }

func (t *Text) appendJSON(dst []byte, level int) ([]byte, error) {
	if t == nil {
		return dst, nilBlock()
	}
	return appendText(dst, `{"type":"text","text":`, t, level)
}

// appendText writes head, which ends where the text's value begins, then
// the members after it and the closing brace.
func appendText(dst []byte, head string, t *Text, level int) ([]byte, error) {
	w := serde.Writer(dst)
	w.Lit(head)
	if err := w.String(t.Text); err != nil {
		return dst, codec.ErrorAt("text", err)
	}
	return tail(w, t.Meta, t.Annotations, level)
}

func (m *Image) appendJSON(dst []byte, level int) ([]byte, error) {
	if m == nil {
		return dst, nilBlock()
	}
	return appendMedia(dst, `{"type":"image","data":`, m.Data, m.MIMEType, m.Meta, m.Annotations, level)
}

func (m *Audio) appendJSON(dst []byte, level int) ([]byte, error) {
	if m == nil {
		return dst, nilBlock()
	}
	return appendMedia(dst, `{"type":"audio","data":`, m.Data, m.MIMEType, m.Meta, m.Annotations, level)
}

func appendMedia(dst []byte, head, data, mime string, meta wire.Object, a *Annotations, level int) ([]byte, error) {
	w := serde.Writer(dst)
	w.Lit(head)
	if err := w.String(data); err != nil {
		return dst, codec.ErrorAt("data", err)
	}
	w.Lit(`,"mimeType":`)
	if err := w.String(mime); err != nil {
		return dst, codec.ErrorAt("mimeType", err)
	}
	return tail(w, meta, a, level)
}

func (l *ResourceLink) appendJSON(dst []byte, level int) ([]byte, error) {
	if l == nil {
		return dst, nilBlock()
	}
	return appendLink(dst, `{"type":"resource_link","uri":`, l, level)
}

// appendLink writes head, which ends where the URI's value begins, then the
// members after it and the closing brace.
func appendLink(dst []byte, head string, l *ResourceLink, level int) ([]byte, error) {
	w := serde.Writer(dst)
	w.Lit(head)
	if err := w.String(l.URI); err != nil {
		return dst, codec.ErrorAt("uri", err)
	}
	w.Lit(`,"name":`)
	if err := w.String(l.Name); err != nil {
		return dst, codec.ErrorAt("name", err)
	}
	if l.Title != nil {
		w.Lit(`,"title":`)
		if err := w.String(*l.Title); err != nil {
			return dst, codec.ErrorAt("title", err)
		}
	}
	if l.Description != nil {
		w.Lit(`,"description":`)
		if err := w.String(*l.Description); err != nil {
			return dst, codec.ErrorAt("description", err)
		}
	}
	if l.MIMEType != nil {
		w.Lit(`,"mimeType":`)
		if err := w.String(*l.MIMEType); err != nil {
			return dst, codec.ErrorAt("mimeType", err)
		}
	}
	if l.Size != nil {
		w.Lit(`,"size":`)
		w.U64(*l.Size)
	}
	if l.Icons != nil {
		w.Lit(`,"icons":[`)
		for i := range l.Icons {
			if i > 0 {
				w.Byte(',')
			}
			if err := l.Icons[i].append(&w); err != nil {
				return dst, codec.ErrorAt(codec.IndexMember("icons", i), err)
			}
		}
		w.Byte(']')
	}
	return tail(w, l.Meta, l.Annotations, level)
}

func (e *EmbeddedResource) appendJSON(dst []byte, level int) ([]byte, error) {
	if e == nil {
		return dst, nilBlock()
	}
	return appendEmbedded(dst, `{"type":"resource","resource":`, e, level)
}

// appendEmbedded writes head, which ends where the contents begin, then the
// contents, the members after them and the closing brace.
func appendEmbedded(dst []byte, head string, e *EmbeddedResource, level int) ([]byte, error) {
	if e.Resource == nil {
		return dst, codec.ErrorAt("resource", wire.ErrNil)
	}
	w := serde.Writer(dst)
	w.Lit(head)
	w, err := e.Resource.appendJSON(w, level+1)
	if err != nil {
		return dst, codec.ErrorAt("resource", err)
	}
	return tail(w, e.Meta, e.Annotations, level)
}

func (c *TextResourceContents) appendJSON(dst []byte, level int) ([]byte, error) {
	if c == nil {
		return dst, nilBlock()
	}
	return contents(dst, c.URI, c.MIMEType, `,"text":`, "text", c.Text, c.Meta, level)
}

func (c *BlobResourceContents) appendJSON(dst []byte, level int) ([]byte, error) {
	if c == nil {
		return dst, nilBlock()
	}
	return contents(dst, c.URI, c.MIMEType, `,"blob":`, "blob", c.Blob, c.Meta, level)
}

func contents(dst []byte, uri string, mime *string, lit, member, body string, meta wire.Object, level int) ([]byte, error) {
	w := serde.Writer(dst)
	w.Lit(`{"uri":`)
	if err := w.String(uri); err != nil {
		return dst, codec.ErrorAt("uri", err)
	}
	if mime != nil {
		w.Lit(`,"mimeType":`)
		if err := w.String(*mime); err != nil {
			return dst, codec.ErrorAt("mimeType", err)
		}
	}
	w.Lit(lit)
	if err := w.String(body); err != nil {
		return dst, codec.ErrorAt(member, err)
	}
	if err := writeMeta(&w, meta, level); err != nil {
		return dst, err
	}
	w.Byte('}')
	return w, nil
}

// tail writes the members every block ends with, _meta then annotations,
// and closes the block, which level arrays and objects enclose.
func tail(w serde.Writer, meta wire.Object, a *Annotations, level int) ([]byte, error) {
	if err := writeMeta(&w, meta, level); err != nil {
		return nil, err
	}
	if a != nil {
		w.Lit(`,"annotations":`)
		if err := a.append(&w); err != nil {
			return nil, codec.ErrorAt("annotations", err)
		}
	}
	w.Byte('}')
	return w, nil
}

// writeMeta writes an optional _meta, a member of an object that level
// arrays and objects enclose: a zero Object is absent. An Object is always a
// JSON object in serde_json's form (its constructors see to that), so it is
// written as it is, if it fits under the nesting limit there.
func writeMeta(w *serde.Writer, meta wire.Object, level int) error {
	if meta.IsZero() {
		return nil
	}
	w.Lit(`,"_meta":`)
	if err := w.Object(serde.Object(meta), level+1); err != nil {
		return codec.ErrorAt("_meta", err)
	}
	return nil
}

func (a *Annotations) append(w *serde.Writer) error {
	w.Byte('{')
	first := true
	if a.Audience != nil {
		w.Member(&first, "audience")
		w.Byte('[')
		for i, r := range a.Audience {
			if r != RoleUser && r != RoleAssistant {
				return codec.ErrorAt(codec.IndexMember("audience", i), wire.ErrUnknownValue)
			}
			if i > 0 {
				w.Byte(',')
			}
			w.Byte('"')
			w.Lit(string(r))
			w.Byte('"')
		}
		w.Byte(']')
	}
	if a.Priority != nil {
		w.Member(&first, "priority")
		w.F32(*a.Priority) // null for NaN and the infinities, as serde_json writes them
	}
	if a.LastModified != nil {
		w.Member(&first, "lastModified")
		if err := w.String(*a.LastModified); err != nil {
			return codec.ErrorAt("lastModified", err)
		}
	}
	w.Byte('}')
	return nil
}

func (ic *Icon) append(w *serde.Writer) error {
	w.Lit(`{"src":`)
	if err := w.String(ic.Src); err != nil {
		return codec.ErrorAt("src", err)
	}
	if ic.MIMEType != nil {
		w.Lit(`,"mimeType":`)
		if err := w.String(*ic.MIMEType); err != nil {
			return codec.ErrorAt("mimeType", err)
		}
	}
	if ic.Sizes != nil {
		w.Lit(`,"sizes":[`)
		for i, s := range ic.Sizes {
			if i > 0 {
				w.Byte(',')
			}
			if err := w.String(s); err != nil {
				return codec.ErrorAt(codec.IndexMember("sizes", i), err)
			}
		}
		w.Byte(']')
	}
	if ic.Theme != nil {
		if *ic.Theme != ThemeLight && *ic.Theme != ThemeDark {
			return codec.ErrorAt("theme", wire.ErrUnknownValue)
		}
		w.Lit(`,"theme":"`)
		w.Lit(string(*ic.Theme))
		w.Byte('"')
	}
	w.Byte('}')
	return nil
}
