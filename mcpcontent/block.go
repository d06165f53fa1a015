package mcpcontent

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Block is one content block: *Text, *Image, *Audio, *ResourceLink or
// *EmbeddedResource.
type Block interface {
	// Type is the block's "type" member: "text", "image", "audio",
	// "resource_link" or "resource".
	Type() string
	appendJSON(dst []byte) ([]byte, error)
}

// Text is a block of text.
type Text struct {
	Text        string
	Meta        wire.Object // nil: no _meta member
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
// Every pointer or slice member is absent when nil; an empty non-nil Icons
// is written as [].
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
	appendJSON(dst []byte) ([]byte, error)
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
// absent when nil; an empty non-nil Audience is written as [].
type Annotations struct {
	Audience []Role
	// Priority is an f32, as in rmcp. A value beyond f32's range reads as an
	// infinity, which is written back as null (and so reads as absent).
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

// ErrNilBlock is the encode error for a nil Block or nil resource contents.
var ErrNilBlock = errors.New("mcpcontent: nil block")

// AppendBlock appends b's JSON to dst, members in rmcp's order. It fails for
// a nil block and for a Role or IconTheme that MCP does not know.
func AppendBlock(dst []byte, b Block) ([]byte, error) {
	if b == nil {
		return dst, ErrNilBlock
	}
	out, err := b.appendJSON(dst)
	if err != nil {
		return dst, err
	}
	return out, nil
}

func (t *Text) appendJSON(dst []byte) ([]byte, error) {
	w := wire.Writer(dst)
	w.Lit(`{"type":"text","text":`)
	w.String(t.Text)
	return tail(w, t.Meta, t.Annotations)
}

func (m *Image) appendJSON(dst []byte) ([]byte, error) {
	return appendMedia(dst, `{"type":"image","data":`, m.Data, m.MIMEType, m.Meta, m.Annotations)
}

func (m *Audio) appendJSON(dst []byte) ([]byte, error) {
	return appendMedia(dst, `{"type":"audio","data":`, m.Data, m.MIMEType, m.Meta, m.Annotations)
}

func appendMedia(dst []byte, head, data, mime string, meta wire.Object, a *Annotations) ([]byte, error) {
	w := wire.Writer(dst)
	w.Lit(head)
	w.String(data)
	w.Lit(`,"mimeType":`)
	w.String(mime)
	return tail(w, meta, a)
}

func (l *ResourceLink) appendJSON(dst []byte) ([]byte, error) {
	w := wire.Writer(dst)
	w.Lit(`{"type":"resource_link","uri":`)
	w.String(l.URI)
	w.Lit(`,"name":`)
	w.String(l.Name)
	writeOptString(&w, `,"title":`, l.Title)
	writeOptString(&w, `,"description":`, l.Description)
	writeOptString(&w, `,"mimeType":`, l.MIMEType)
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
				return dst, err
			}
		}
		w.Byte(']')
	}
	return tail(w, l.Meta, l.Annotations)
}

func (e *EmbeddedResource) appendJSON(dst []byte) ([]byte, error) {
	if e.Resource == nil {
		return dst, ErrNilBlock
	}
	w := wire.Writer(dst)
	w.Lit(`{"type":"resource","resource":`)
	w, err := e.Resource.appendJSON(w)
	if err != nil {
		return nil, err
	}
	return tail(w, e.Meta, e.Annotations)
}

func (c *TextResourceContents) appendJSON(dst []byte) ([]byte, error) {
	return contents(dst, c.URI, c.MIMEType, `,"text":`, c.Text, c.Meta), nil
}

func (c *BlobResourceContents) appendJSON(dst []byte) ([]byte, error) {
	return contents(dst, c.URI, c.MIMEType, `,"blob":`, c.Blob, c.Meta), nil
}

func contents(dst []byte, uri string, mime *string, name, body string, meta wire.Object) []byte {
	w := wire.Writer(dst)
	w.Lit(`{"uri":`)
	w.String(uri)
	writeOptString(&w, `,"mimeType":`, mime)
	w.Lit(name)
	w.String(body)
	writeMeta(&w, meta)
	w.Byte('}')
	return w
}

// tail writes the members every block ends with, _meta then annotations,
// and closes the block.
func tail(w wire.Writer, meta wire.Object, a *Annotations) ([]byte, error) {
	writeMeta(&w, meta)
	if a != nil {
		w.Lit(`,"annotations":`)
		if err := a.append(&w); err != nil {
			return nil, err
		}
	}
	w.Byte('}')
	return w, nil
}

func writeMeta(w *wire.Writer, meta wire.Object) {
	if meta != nil {
		w.Lit(`,"_meta":`)
		w.Raw(meta)
	}
}

func writeOptString(w *wire.Writer, member string, s *string) {
	if s != nil {
		w.Lit(member)
		w.String(*s)
	}
}

func (a *Annotations) append(w *wire.Writer) error {
	w.Byte('{')
	first := true
	if a.Audience != nil {
		w.Member(&first, "audience")
		w.Byte('[')
		for i, r := range a.Audience {
			if r != RoleUser && r != RoleAssistant {
				return fmt.Errorf("mcpcontent: unknown role %q", string(r))
			}
			if i > 0 {
				w.Byte(',')
			}
			w.String(string(r))
		}
		w.Byte(']')
	}
	if a.Priority != nil {
		w.Member(&first, "priority")
		w.F32(*a.Priority)
	}
	if a.LastModified != nil {
		w.Member(&first, "lastModified")
		w.String(*a.LastModified)
	}
	w.Byte('}')
	return nil
}

func (ic *Icon) append(w *wire.Writer) error {
	w.Lit(`{"src":`)
	w.String(ic.Src)
	writeOptString(w, `,"mimeType":`, ic.MIMEType)
	if ic.Sizes != nil {
		w.Lit(`,"sizes":[`)
		for i, s := range ic.Sizes {
			if i > 0 {
				w.Byte(',')
			}
			w.String(s)
		}
		w.Byte(']')
	}
	if ic.Theme != nil {
		if *ic.Theme != ThemeLight && *ic.Theme != ThemeDark {
			return fmt.Errorf("mcpcontent: unknown icon theme %q", string(*ic.Theme))
		}
		w.Lit(`,"theme":`)
		w.String(string(*ic.Theme))
	}
	w.Byte('}')
	return nil
}
