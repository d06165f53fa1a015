package mcpsdk

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Conversion errors. A *ConvertError wraps one of these (or
// wire.ErrNil).
var (
	// ErrUnsupported is for a value with no counterpart, such as go-sdk's
	// ToolUseContent or ToolResultContent.
	ErrUnsupported = errors.New("mcpsdk: unsupported content")
	// ErrInvalidBase64 is for data or a blob that is not StdEncoding base64.
	ErrInvalidBase64 = errors.New("mcpsdk: invalid base64")
	// ErrOutOfRange is for a number the other side cannot hold: a size above
	// math.MaxInt64 or below 0, or a priority beyond float32's range.
	ErrOutOfRange = errors.New("mcpsdk: number out of range")
	// ErrUnknownRole is for an audience role other than user and assistant.
	ErrUnknownRole = errors.New("mcpsdk: unknown role")
	// ErrUnknownTheme is for an icon theme other than light and dark.
	ErrUnknownTheme = errors.New("mcpsdk: unknown icon theme")
	// ErrTextAndBlob is for go-sdk resource contents with both a Blob and a
	// non-empty Text: neither form of this package holds both.
	ErrTextAndBlob = errors.New("mcpsdk: resource contents have both text and blob")
	// ErrInvalidMeta is for a go-sdk Meta that encoding/json cannot marshal,
	// or that holds a string that is not UTF-8 (a wire.Object is always an
	// object, so a _meta converts to go-sdk's map unless encoding/json itself
	// refuses it).
	ErrInvalidMeta = errors.New("mcpsdk: invalid _meta")
)

// ConvertError reports what failed in FromBlock or ToBlock. Its message names
// the block and field, never their values.
type ConvertError struct {
	// Block is the block's type ("text", "image", "audio",
	// "resource_link", "resource"), the Go type of an unsupported value, or
	// "" for a nil interface.
	Block string
	// Field is the JSON path of the failing member, such as "data",
	// "annotations.audience[1]" or "resource.blob"; "" for the block itself.
	Field string
	// Err is wire.ErrNil or one of the Err* sentinels above.
	Err error
}

// Error describes the failure without quoting any payload bytes.
func (e *ConvertError) Error() string {
	s := "mcpsdk: conversion failed"
	if e.Err != nil {
		s = e.Err.Error()
	}
	switch {
	case e.Block != "" && e.Field != "":
		s += " (" + e.Block + " block, field " + e.Field + ")"
	case e.Block != "":
		s += " (" + e.Block + " block)"
	case e.Field != "":
		s += " (field " + e.Field + ")"
	}
	return s
}

// Unwrap returns the cause.
func (e *ConvertError) Unwrap() error { return e.Err }

// FromBlock converts the block b to the matching go-sdk content: *mcp.TextContent,
// *mcp.ImageContent, *mcp.AudioContent, *mcp.ResourceLink or
// *mcp.EmbeddedResource. The result shares no memory with b.
//
// The models differ, so a round trip through go-sdk loses some details;
// everything else comes back equal:
//
//   - Base64 (image and audio data, blobs): go-sdk holds bytes. FromBlock
//     decodes with base64.StdEncoding (padding required; line breaks skipped,
//     non-zero trailing bits ignored) and ToBlock writes canonical
//     StdEncoding, so non-canonical base64 comes back canonical.
//   - _meta: go-sdk holds a map[string]any. ToBlock writes members in sorted
//     order, and numbers pass through float64, so member order, number
//     formatting and integers beyond 2^53 are lost.
//   - Optional strings (title, description, mimeType, lastModified, icon
//     mimeType): FromBlock writes absent as "" and ToBlock reads "" as absent, so
//     a present empty string comes back absent.
//   - Lists (audience, icons, icon sizes): go-sdk omits empty lists from its
//     JSON, so ToBlock reads an empty list as absent.
//   - Priority: go-sdk holds a float64 whose 0 means absent. FromBlock writes an
//     absent, infinite or NaN priority as 0 (mcpcontent.EncodeBlockJSON writes the latter
//     two as null, which also reads as absent); ToBlock reads 0 as absent, so
//     a present 0 comes back absent, and narrows other values to float32.
func FromBlock(b mcpcontent.Block) (mcp.Content, error) {
	if b == nil {
		return nil, &ConvertError{Err: wire.ErrNil}
	}
	c := converter{block: b.Type()}
	var out mcp.Content
	switch b := b.(type) {
	case *mcpcontent.Text:
		if b == nil {
			return nil, c.fail("", wire.ErrNil)
		}
		out = &mcp.TextContent{Text: b.Text, Meta: c.toMeta("_meta", b.Meta), Annotations: c.toAnnotations(b.Annotations)}
	case *mcpcontent.Image:
		if b == nil {
			return nil, c.fail("", wire.ErrNil)
		}
		out = &mcp.ImageContent{Data: c.decode("data", b.Data), MIMEType: b.MIMEType, Meta: c.toMeta("_meta", b.Meta), Annotations: c.toAnnotations(b.Annotations)}
	case *mcpcontent.Audio:
		if b == nil {
			return nil, c.fail("", wire.ErrNil)
		}
		out = &mcp.AudioContent{Data: c.decode("data", b.Data), MIMEType: b.MIMEType, Meta: c.toMeta("_meta", b.Meta), Annotations: c.toAnnotations(b.Annotations)}
	case *mcpcontent.ResourceLink:
		if b == nil {
			return nil, c.fail("", wire.ErrNil)
		}
		out = c.toLink(b)
	case *mcpcontent.EmbeddedResource:
		if b == nil {
			return nil, c.fail("", wire.ErrNil)
		}
		out = &mcp.EmbeddedResource{Resource: c.toContents(b.Resource), Meta: c.toMeta("_meta", b.Meta), Annotations: c.toAnnotations(b.Annotations)}
	default:
		return nil, &ConvertError{Block: fmt.Sprintf("%T", b), Err: ErrUnsupported}
	}
	if c.err != nil {
		return nil, c.err
	}
	return out, nil
}

// ToBlock converts go-sdk content to a mcpcontent.Block. Only the five
// content block types convert; anything else, such as *mcp.ToolUseContent or
// *mcp.ToolResultContent, fails with ErrUnsupported. An embedded resource
// with a non-nil Blob becomes *mcpcontent.BlobResourceContents (its Text must
// then be empty), else *mcpcontent.TextResourceContents. The result shares no memory with c.
// See FromBlock for what a round trip loses.
func ToBlock(c mcp.Content) (mcpcontent.Block, error) {
	if c == nil {
		return nil, &ConvertError{Err: wire.ErrNil}
	}
	var cv converter
	var out mcpcontent.Block
	switch c := c.(type) {
	case *mcp.TextContent:
		cv.block = "text"
		if c == nil {
			return nil, cv.fail("", wire.ErrNil)
		}
		out = &mcpcontent.Text{Text: c.Text, Meta: cv.fromMeta("_meta", c.Meta), Annotations: cv.fromAnnotations(c.Annotations)}
	case *mcp.ImageContent:
		cv.block = "image"
		if c == nil {
			return nil, cv.fail("", wire.ErrNil)
		}
		out = &mcpcontent.Image{Data: encode(c.Data), MIMEType: c.MIMEType, Meta: cv.fromMeta("_meta", c.Meta), Annotations: cv.fromAnnotations(c.Annotations)}
	case *mcp.AudioContent:
		cv.block = "audio"
		if c == nil {
			return nil, cv.fail("", wire.ErrNil)
		}
		out = &mcpcontent.Audio{Data: encode(c.Data), MIMEType: c.MIMEType, Meta: cv.fromMeta("_meta", c.Meta), Annotations: cv.fromAnnotations(c.Annotations)}
	case *mcp.ResourceLink:
		cv.block = "resource_link"
		if c == nil {
			return nil, cv.fail("", wire.ErrNil)
		}
		out = cv.fromLink(c)
	case *mcp.EmbeddedResource:
		cv.block = "resource"
		if c == nil {
			return nil, cv.fail("", wire.ErrNil)
		}
		out = &mcpcontent.EmbeddedResource{Resource: cv.fromContents(c.Resource), Meta: cv.fromMeta("_meta", c.Meta), Annotations: cv.fromAnnotations(c.Annotations)}
	default:
		return nil, &ConvertError{Block: fmt.Sprintf("%T", c), Err: ErrUnsupported}
	}
	if cv.err != nil {
		return nil, cv.err
	}
	return out, nil
}

// converter keeps the first error of one conversion, so the field
// conversions can be written as plain expressions.
type converter struct {
	block string
	err   error
}

func (c *converter) fail(field string, err error) error {
	if c.err == nil {
		c.err = &ConvertError{Block: c.block, Field: field, Err: err}
	}
	return c.err
}

// FromBlock helpers.

func (c *converter) decode(field, s string) []byte {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		c.fail(field, ErrInvalidBase64)
		return nil
	}
	if b == nil {
		b = []byte{}
	}
	return b
}

func (c *converter) toMeta(field string, o wire.Object) mcp.Meta {
	if o.IsZero() {
		return nil
	}
	var m mcp.Meta
	if err := o.DecodeInto(&m); err != nil || m == nil {
		c.fail(field, ErrInvalidMeta)
		return nil
	}
	return m
}

func (c *converter) toAnnotations(a *mcpcontent.Annotations) *mcp.Annotations {
	if a == nil {
		return nil
	}
	out := &mcp.Annotations{LastModified: deref(a.LastModified)}
	if a.Audience != nil {
		out.Audience = make([]mcp.Role, len(a.Audience))
		for i, r := range a.Audience {
			if r != mcpcontent.RoleUser && r != mcpcontent.RoleAssistant {
				c.fail("annotations.audience["+strconv.Itoa(i)+"]", ErrUnknownRole)
			}
			out.Audience[i] = mcp.Role(r)
		}
	}
	if p := a.Priority; p != nil && !math.IsInf(float64(*p), 0) && !math.IsNaN(float64(*p)) {
		out.Priority = float64(*p)
	}
	return out
}

func (c *converter) toLink(l *mcpcontent.ResourceLink) *mcp.ResourceLink {
	out := &mcp.ResourceLink{
		URI:         l.URI,
		Name:        l.Name,
		Title:       deref(l.Title),
		Description: deref(l.Description),
		MIMEType:    deref(l.MIMEType),
		Meta:        c.toMeta("_meta", l.Meta),
		Annotations: c.toAnnotations(l.Annotations),
	}
	if l.Size != nil {
		if *l.Size > math.MaxInt64 {
			c.fail("size", ErrOutOfRange)
		}
		n := int64(*l.Size)
		out.Size = &n
	}
	if l.Icons != nil {
		out.Icons = make([]mcp.Icon, len(l.Icons))
		for i, ic := range l.Icons {
			out.Icons[i] = mcp.Icon{Source: ic.Src, MIMEType: deref(ic.MIMEType), Sizes: slices.Clone(ic.Sizes)}
			if ic.Theme != nil {
				if *ic.Theme != mcpcontent.ThemeLight && *ic.Theme != mcpcontent.ThemeDark {
					c.fail("icons["+strconv.Itoa(i)+"].theme", ErrUnknownTheme)
				}
				out.Icons[i].Theme = mcp.IconTheme(*ic.Theme)
			}
		}
	}
	return out
}

func (c *converter) toContents(rc mcpcontent.ResourceContents) *mcp.ResourceContents {
	switch rc := rc.(type) {
	case *mcpcontent.TextResourceContents:
		if rc != nil {
			return &mcp.ResourceContents{URI: rc.URI, MIMEType: deref(rc.MIMEType), Text: rc.Text, Meta: c.toMeta("resource._meta", rc.Meta)}
		}
	case *mcpcontent.BlobResourceContents:
		if rc != nil {
			return &mcp.ResourceContents{URI: rc.URI, MIMEType: deref(rc.MIMEType), Blob: c.decode("resource.blob", rc.Blob), Meta: c.toMeta("resource._meta", rc.Meta)}
		}
	}
	c.fail("resource", wire.ErrNil)
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// ToBlock helpers.

func encode(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

func (c *converter) fromMeta(field string, m mcp.Meta) wire.Object {
	if m == nil {
		return wire.Object{}
	}
	o, err := wire.NewObject(map[string]any(m))
	if err != nil {
		c.fail(field, ErrInvalidMeta)
		return wire.Object{}
	}
	return o
}

func (c *converter) fromAnnotations(a *mcp.Annotations) *mcpcontent.Annotations {
	if a == nil {
		return nil
	}
	out := &mcpcontent.Annotations{LastModified: optional(a.LastModified)}
	if len(a.Audience) > 0 {
		out.Audience = make([]mcpcontent.Role, len(a.Audience))
		for i, r := range a.Audience {
			if mcpcontent.Role(r) != mcpcontent.RoleUser && mcpcontent.Role(r) != mcpcontent.RoleAssistant {
				c.fail("annotations.audience["+strconv.Itoa(i)+"]", ErrUnknownRole)
			}
			out.Audience[i] = mcpcontent.Role(r)
		}
	}
	if a.Priority != 0 {
		p := float32(a.Priority)
		if math.IsInf(float64(p), 0) || math.IsNaN(float64(p)) {
			c.fail("annotations.priority", ErrOutOfRange)
		}
		out.Priority = &p
	}
	return out
}

func (c *converter) fromLink(l *mcp.ResourceLink) *mcpcontent.ResourceLink {
	out := &mcpcontent.ResourceLink{
		URI:         l.URI,
		Name:        l.Name,
		Title:       optional(l.Title),
		Description: optional(l.Description),
		MIMEType:    optional(l.MIMEType),
		Meta:        c.fromMeta("_meta", l.Meta),
		Annotations: c.fromAnnotations(l.Annotations),
	}
	if l.Size != nil {
		if *l.Size < 0 {
			c.fail("size", ErrOutOfRange)
		}
		n := uint64(*l.Size)
		out.Size = &n
	}
	if len(l.Icons) > 0 {
		out.Icons = make([]mcpcontent.Icon, len(l.Icons))
		for i, ic := range l.Icons {
			out.Icons[i] = mcpcontent.Icon{Src: ic.Source, MIMEType: optional(ic.MIMEType)}
			if len(ic.Sizes) > 0 {
				out.Icons[i].Sizes = slices.Clone(ic.Sizes)
			}
			if ic.Theme != "" {
				t := mcpcontent.IconTheme(ic.Theme)
				if t != mcpcontent.ThemeLight && t != mcpcontent.ThemeDark {
					c.fail("icons["+strconv.Itoa(i)+"].theme", ErrUnknownTheme)
				}
				out.Icons[i].Theme = &t
			}
		}
	}
	return out
}

// fromContents reads a non-nil Blob as the blob form, else the text form.
func (c *converter) fromContents(rc *mcp.ResourceContents) mcpcontent.ResourceContents {
	if rc == nil {
		c.fail("resource", wire.ErrNil)
		return nil
	}
	meta := c.fromMeta("resource._meta", rc.Meta)
	if rc.Blob != nil {
		if rc.Text != "" {
			c.fail("resource", ErrTextAndBlob)
		}
		return &mcpcontent.BlobResourceContents{URI: rc.URI, MIMEType: optional(rc.MIMEType), Blob: encode(rc.Blob), Meta: meta}
	}
	return &mcpcontent.TextResourceContents{URI: rc.URI, MIMEType: optional(rc.MIMEType), Text: rc.Text, Meta: meta}
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
