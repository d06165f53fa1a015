package mcpcontent

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Every string member of every block, given a string no Rust string can be,
// fails with wire.ErrInvalidUTF8 at that member's path.
func TestEncodeBlockJSONRefusesInvalidUTF8(t *testing.T) {
	icon := func(bad string) []Icon {
		return []Icon{{Src: "a.png", MIMEType: ptr("image/png"), Sizes: []string{"16x16", bad}}}
	}
	tests := []struct {
		member string
		block  func(bad string) Block
	}{
		{"text", func(bad string) Block { return &Text{Text: bad} }},
		{"annotations.lastModified", func(bad string) Block {
			return &Text{Text: "x", Annotations: &Annotations{Audience: []Role{RoleUser}, LastModified: &bad}}
		}},
		{"data", func(bad string) Block { return &Image{Data: bad, MIMEType: "image/png"} }},
		{"mimeType", func(bad string) Block { return &Image{Data: "AA==", MIMEType: bad} }},
		{"annotations.lastModified", func(bad string) Block {
			return &Image{Data: "AA==", MIMEType: "image/png", Annotations: &Annotations{LastModified: &bad}}
		}},
		{"data", func(bad string) Block { return &Audio{Data: bad, MIMEType: "audio/wav"} }},
		{"mimeType", func(bad string) Block { return &Audio{Data: "AA==", MIMEType: bad} }},
		{"uri", func(bad string) Block { return &ResourceLink{URI: bad, Name: "n"} }},
		{"name", func(bad string) Block { return &ResourceLink{URI: "u", Name: bad} }},
		{"title", func(bad string) Block { return &ResourceLink{URI: "u", Name: "n", Title: &bad} }},
		{"description", func(bad string) Block { return &ResourceLink{URI: "u", Name: "n", Description: &bad} }},
		{"mimeType", func(bad string) Block { return &ResourceLink{URI: "u", Name: "n", MIMEType: &bad} }},
		{"icons[1].src", func(bad string) Block {
			return &ResourceLink{URI: "u", Name: "n", Icons: []Icon{{Src: "ok"}, {Src: bad}}}
		}},
		{"icons[0].mimeType", func(bad string) Block {
			return &ResourceLink{URI: "u", Name: "n", Icons: []Icon{{Src: "ok", MIMEType: &bad}}}
		}},
		{"icons[0].sizes[1]", func(bad string) Block { return &ResourceLink{URI: "u", Name: "n", Icons: icon(bad)} }},
		{"annotations.lastModified", func(bad string) Block {
			return &ResourceLink{URI: "u", Name: "n", Annotations: &Annotations{LastModified: &bad}}
		}},
		{"resource.uri", func(bad string) Block {
			return &EmbeddedResource{Resource: &TextResourceContents{URI: bad, Text: "t"}}
		}},
		{"resource.mimeType", func(bad string) Block {
			return &EmbeddedResource{Resource: &TextResourceContents{URI: "u", MIMEType: &bad, Text: "t"}}
		}},
		{"resource.text", func(bad string) Block {
			return &EmbeddedResource{Resource: &TextResourceContents{URI: "u", Text: bad}}
		}},
		{"resource.uri", func(bad string) Block {
			return &EmbeddedResource{Resource: &BlobResourceContents{URI: bad, Blob: "AA=="}}
		}},
		{"resource.mimeType", func(bad string) Block {
			return &EmbeddedResource{Resource: &BlobResourceContents{URI: "u", MIMEType: &bad, Blob: "AA=="}}
		}},
		{"resource.blob", func(bad string) Block {
			return &EmbeddedResource{Resource: &BlobResourceContents{URI: "u", Blob: bad}}
		}},
		{"annotations.lastModified", func(bad string) Block {
			return &EmbeddedResource{Resource: &TextResourceContents{URI: "u"}, Annotations: &Annotations{LastModified: &bad}}
		}},
	}
	for _, tt := range tests {
		for _, bad := range encodetest.Bad {
			b := tt.block(bad.S)
			t.Run(b.Type()+" "+tt.member+" "+bad.Name, func(t *testing.T) {
				out, err := EncodeBlockJSON(encodetest.Dst(), b)
				encodetest.RequireError(t, out, err, tt.member, wire.ErrInvalidUTF8, bad.S)
			})
		}
		// The same block with a valid string encodes and reads back.
		b := tt.block("ok é")
		out, err := EncodeBlockJSON(nil, b)
		require.NoError(t, err, tt.member)
		back, err := DecodeBlockJSON(out)
		require.NoError(t, err, tt.member)
		assert.Equal(t, b, back, tt.member)
	}
}

// A nil block, a nil pointer of any block type and nil contents fail with
// wire.ErrNil, never a panic.
func TestEncodeBlockJSONRefusesNil(t *testing.T) {
	tests := []struct {
		name   string
		block  Block
		member string
	}{
		{"nil interface", nil, ""},
		{"nil text", (*Text)(nil), ""},
		{"nil image", (*Image)(nil), ""},
		{"nil audio", (*Audio)(nil), ""},
		{"nil link", (*ResourceLink)(nil), ""},
		{"nil embedded", (*EmbeddedResource)(nil), ""},
		{"nil contents", &EmbeddedResource{}, "resource"},
		{"nil text contents", &EmbeddedResource{Resource: (*TextResourceContents)(nil)}, "resource"},
		{"nil blob contents", &EmbeddedResource{Resource: (*BlobResourceContents)(nil)}, "resource"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out []byte
			var err error
			require.NotPanics(t, func() { out, err = EncodeBlockJSON(encodetest.Dst(), tt.block) })
			encodetest.RequireError(t, out, err, tt.member, wire.ErrNil)
			assert.ErrorIs(t, err, wire.ErrNil)
		})
	}
}

func TestEncodeBlockJSONRefusesUnknownEnums(t *testing.T) {
	tests := []struct {
		name   string
		block  Block
		member string
	}{
		{"role", &Text{Annotations: &Annotations{Audience: []Role{RoleUser, "system" + encodetest.Marker}}}, "annotations.audience[1]"},
		{"empty role", &Image{Annotations: &Annotations{Audience: []Role{""}}}, "annotations.audience[0]"},
		{"role not UTF-8", &Text{Annotations: &Annotations{Audience: []Role{Role(encodetest.Marker + "\xff")}}}, "annotations.audience[0]"},
		{"role in a case MCP does not use", &EmbeddedResource{Resource: &TextResourceContents{}, Annotations: &Annotations{Audience: []Role{"User"}}}, "annotations.audience[0]"},
		{"theme", &ResourceLink{Icons: []Icon{{Src: "s"}, {Src: "s", Theme: ptr(IconTheme("sepia" + encodetest.Marker))}}}, "icons[1].theme"},
		{"empty theme", &ResourceLink{Icons: []Icon{{Theme: ptr(IconTheme(""))}}}, "icons[0].theme"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := EncodeBlockJSON(encodetest.Dst(), tt.block)
			encodetest.RequireError(t, out, err, tt.member, wire.ErrUnknownValue)
		})
	}
}

// A priority that is NaN or infinite is written null, as serde_json writes
// a non-finite f32 (the reference then reads it back as absent).
func TestNonFinitePriorityIsNull(t *testing.T) {
	for _, p := range []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))} {
		out, err := EncodeBlockJSON(nil, &Text{Text: "x", Annotations: &Annotations{Priority: &p}})
		require.NoError(t, err, "%v", p)
		assert.Equal(t, `{"type":"text","text":"x","annotations":{"priority":null}}`, string(out), "%v", p)
		back, err := DecodeBlockJSON(out)
		require.NoError(t, err)
		assert.Equal(t, &Text{Text: "x", Annotations: &Annotations{}}, back)
	}
}

// Optional members left zero are absent: nil annotations, a zero _meta.
func TestOptionalMembersAbsent(t *testing.T) {
	tests := []struct {
		block Block
		want  string
	}{
		{&Text{Text: "x", Meta: wire.Object{}, Annotations: nil}, `{"type":"text","text":"x"}`},
		{&Image{Data: "", MIMEType: "m"}, `{"type":"image","data":"","mimeType":"m"}`},
		{&ResourceLink{URI: "u", Name: "n"}, `{"type":"resource_link","uri":"u","name":"n"}`},
		{&EmbeddedResource{Resource: &BlobResourceContents{URI: "u", Blob: "b"}}, `{"type":"resource","resource":{"uri":"u","blob":"b"}}`},
		{&Text{Text: "x", Meta: encodetest.ObjectJSON(t, `{}`), Annotations: &Annotations{}}, `{"type":"text","text":"x","_meta":{},"annotations":{}}`},
	}
	for _, tt := range tests {
		out, err := EncodeBlockJSON(nil, tt.block)
		require.NoError(t, err)
		assert.Equal(t, tt.want, string(out))
	}
}

// A _meta must fit under the nesting limit where it stands: a block's own
// _meta is inside the block, a resource's inside the resource too, and a
// block inside other JSON has less room still.
func TestEncodeBlockJSONRefusesTooDeep(t *testing.T) {
	tests := []struct {
		name   string
		block  func(depth int) Block
		level  int
		room   int // the deepest _meta that fits
		member string
	}{
		{"text", func(d int) Block { return &Text{Text: "x", Meta: encodetest.Object(t, d)} }, 0, 126, "_meta"},
		{"image", func(d int) Block { return &Image{Meta: encodetest.Object(t, d)} }, 0, 126, "_meta"},
		{"link", func(d int) Block { return &ResourceLink{Meta: encodetest.Object(t, d)} }, 0, 126, "_meta"},
		{"embedded", func(d int) Block {
			return &EmbeddedResource{Resource: &TextResourceContents{}, Meta: encodetest.Object(t, d)}
		}, 0, 126, "_meta"},
		{"text contents", func(d int) Block {
			return &EmbeddedResource{Resource: &TextResourceContents{URI: "u", Meta: encodetest.Object(t, d)}}
		}, 0, 125, "resource._meta"},
		{"blob contents", func(d int) Block {
			return &EmbeddedResource{Resource: &BlobResourceContents{URI: "u", Meta: encodetest.Object(t, d)}}
		}, 0, 125, "resource._meta"},
		{"text in a request", func(d int) Block { return &Text{Meta: encodetest.Object(t, d)} }, 2, 124, "_meta"},
		{"contents in a request", func(d int) Block {
			return &EmbeddedResource{Resource: &BlobResourceContents{Meta: encodetest.Object(t, d)}}
		}, 2, 123, "resource._meta"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := appendBlockAt(nil, tt.block(tt.room), tt.level)
			require.NoError(t, err)
			if tt.level == 0 {
				_, err = DecodeBlockJSON(out)
				require.NoError(t, err, "a reader takes the deepest _meta that fits")
			}
			out, err = appendBlockAt(encodetest.Dst(), tt.block(tt.room+1), tt.level)
			encodetest.RequireError(t, out, err, tt.member, wire.ErrTooDeep)
		})
	}
}
