// How decode shows MCP content blocks on one line.

package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// blockName is the Go name of a block's type.
func blockName(b mcpcontent.Block) string {
	switch b.(type) {
	case *mcpcontent.Text:
		return "Text"
	case *mcpcontent.Image:
		return "Image"
	case *mcpcontent.Audio:
		return "Audio"
	case *mcpcontent.ResourceLink:
		return "ResourceLink"
	case *mcpcontent.EmbeddedResource:
		return "EmbeddedResource"
	}
	return fmt.Sprintf("%T", b)
}

// blockLine describes a content block on one line: its type, then its
// main fields.
func blockLine(b mcpcontent.Block) string {
	var f fields
	switch b := b.(type) {
	case *mcpcontent.Text:
		f.add("", quoteCut(b.Text, textLimit))
		f.meta(b.Meta)
		f.annotations(b.Annotations)
	case *mcpcontent.Image:
		f.add("", base64Size(b.Data))
		f.add("mimeType", strconv.Quote(b.MIMEType))
		f.meta(b.Meta)
		f.annotations(b.Annotations)
	case *mcpcontent.Audio:
		f.add("", base64Size(b.Data))
		f.add("mimeType", strconv.Quote(b.MIMEType))
		f.meta(b.Meta)
		f.annotations(b.Annotations)
	case *mcpcontent.ResourceLink:
		f.add("uri", strconv.Quote(b.URI))
		f.add("name", strconv.Quote(b.Name))
		f.optString("title", b.Title, textLimit)
		f.optString("description", b.Description, textLimit)
		f.optString("mimeType", b.MIMEType, 0)
		if b.Size != nil {
			f.add("size", strconv.FormatUint(*b.Size, 10))
		}
		if b.Icons != nil {
			f.add("icons", icons(b.Icons))
		}
		f.meta(b.Meta)
		f.annotations(b.Annotations)
	case *mcpcontent.EmbeddedResource:
		switch c := b.Resource.(type) {
		case *mcpcontent.TextResourceContents:
			f.add("uri", strconv.Quote(c.URI))
			f.optString("mimeType", c.MIMEType, 0)
			f.add("text", quoteCut(c.Text, textLimit))
			if !c.Meta.IsZero() {
				f.add("resource._meta", jsonCut(c.Meta.Bytes()))
			}
		case *mcpcontent.BlobResourceContents:
			f.add("uri", strconv.Quote(c.URI))
			f.optString("mimeType", c.MIMEType, 0)
			f.add("blob", base64Size(c.Blob))
			if !c.Meta.IsZero() {
				f.add("resource._meta", jsonCut(c.Meta.Bytes()))
			}
		}
		f.meta(b.Meta)
		f.annotations(b.Annotations)
	case nil:
		return "<nil>"
	}
	if len(f) == 0 {
		return b.Type()
	}
	return b.Type() + " " + strings.Join(f, " ")
}

// fields gathers a line's "name=value" fields.
type fields []string

// add appends value, after "name=" unless name is empty.
func (f *fields) add(name, value string) {
	if name != "" {
		value = name + "=" + value
	}
	*f = append(*f, value)
}

// optString adds a string that may be absent, cut at limit characters
// (0: never cut).
func (f *fields) optString(name string, s *string, limit int) {
	if s == nil {
		return
	}
	if limit > 0 {
		f.add(name, quoteCut(*s, limit))
	} else {
		f.add(name, strconv.Quote(*s))
	}
}

func (f *fields) meta(m wire.Object) {
	if !m.IsZero() {
		f.add("_meta", jsonCut(m.Bytes()))
	}
}

func (f *fields) annotations(a *mcpcontent.Annotations) {
	if a == nil {
		return
	}
	var in []string
	if a.Audience != nil {
		roles := make([]string, len(a.Audience))
		for i, r := range a.Audience {
			roles[i] = sanitize(string(r))
		}
		in = append(in, "audience=["+strings.Join(roles, ",")+"]")
	}
	if a.Priority != nil {
		in = append(in, "priority="+formatF32(*a.Priority))
	}
	if a.LastModified != nil {
		in = append(in, "lastModified="+strconv.Quote(*a.LastModified))
	}
	f.add("annotations", "{"+strings.Join(in, " ")+"}")
}

func formatF32(x float32) string {
	if math.IsInf(float64(x), 0) || math.IsNaN(float64(x)) {
		return strconv.FormatFloat(float64(x), 'g', -1, 32)
	}
	return string(serde.AppendF32(nil, x))
}

func icons(list []mcpcontent.Icon) string {
	parts := make([]string, len(list))
	for i, ic := range list {
		var f fields
		f.add("src", quoteCut(ic.Src, textLimit))
		f.optString("mimeType", ic.MIMEType, 0)
		if ic.Sizes != nil {
			sizes := make([]string, len(ic.Sizes))
			for j, s := range ic.Sizes {
				sizes[j] = strconv.Quote(s)
			}
			f.add("sizes", "["+strings.Join(sizes, ",")+"]")
		}
		if ic.Theme != nil {
			f.add("theme", sanitize(string(*ic.Theme)))
		}
		parts[i] = "{" + strings.Join(f, " ") + "}"
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// base64Size stands for base64 data without showing it.
func base64Size(data string) string {
	return "<" + strconv.Itoa(len(data)) + " bytes base64>"
}
