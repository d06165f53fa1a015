package mcpsdk

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func ptr[T any](v T) *T { return &v }

// fullAnnotations has every member present, in values that survive go-sdk.
func fullAnnotations() *mcpcontent.Annotations {
	return &mcpcontent.Annotations{
		Audience:     []mcpcontent.Role{mcpcontent.RoleUser, mcpcontent.RoleAssistant},
		Priority:     ptr(float32(0.5)),
		LastModified: ptr("2025-01-12T15:00:58Z"),
	}
}

func fullMCPAnnotations() *mcp.Annotations {
	return &mcp.Annotations{
		Audience:     []mcp.Role{"user", "assistant"},
		Priority:     0.5,
		LastModified: "2025-01-12T15:00:58Z",
	}
}

// convertCase is one block and its go-sdk counterpart, equal both ways.
type convertCase struct {
	name  string
	block mcpcontent.Block
	mcp   mcp.Content
}

func convertCases(t *testing.T) []convertCase {
	// _meta with sorted keys and numbers that print the same after float64.
	const meta = `{"a":1,"b":[true,null,"x"],"c":{"d":0.5}}`
	metaMap := mcp.Meta{"a": 1.0, "b": []any{true, nil, "x"}, "c": map[string]any{"d": 0.5}}
	return []convertCase{
		{
			name:  "text minimal",
			block: &mcpcontent.Text{Text: "hello"},
			mcp:   &mcp.TextContent{Text: "hello"},
		},
		{
			name:  "text empty text",
			block: &mcpcontent.Text{},
			mcp:   &mcp.TextContent{},
		},
		{
			name:  "text full",
			block: &mcpcontent.Text{Text: "<a&b>", Meta: encodetest.ObjectJSON(t, meta), Annotations: fullAnnotations()},
			mcp:   &mcp.TextContent{Text: "<a&b>", Meta: metaMap, Annotations: fullMCPAnnotations()},
		},
		{
			name:  "text empty meta and annotations",
			block: &mcpcontent.Text{Text: "x", Meta: encodetest.ObjectJSON(t, `{}`), Annotations: &mcpcontent.Annotations{}},
			mcp:   &mcp.TextContent{Text: "x", Meta: mcp.Meta{}, Annotations: &mcp.Annotations{}},
		},
		{
			name:  "image",
			block: &mcpcontent.Image{Data: "AAECAw==", MIMEType: "image/png", Meta: encodetest.ObjectJSON(t, meta), Annotations: fullAnnotations()},
			mcp:   &mcp.ImageContent{Data: []byte{0, 1, 2, 3}, MIMEType: "image/png", Meta: metaMap, Annotations: fullMCPAnnotations()},
		},
		{
			name:  "image empty data",
			block: &mcpcontent.Image{MIMEType: "image/png"},
			mcp:   &mcp.ImageContent{Data: []byte{}, MIMEType: "image/png"},
		},
		{
			name:  "audio",
			block: &mcpcontent.Audio{Data: "/w==", MIMEType: "audio/wav", Meta: encodetest.ObjectJSON(t, meta), Annotations: fullAnnotations()},
			mcp:   &mcp.AudioContent{Data: []byte{0xff}, MIMEType: "audio/wav", Meta: metaMap, Annotations: fullMCPAnnotations()},
		},
		{
			name:  "resource link minimal",
			block: &mcpcontent.ResourceLink{URI: "file:///a", Name: "a"},
			mcp:   &mcp.ResourceLink{URI: "file:///a", Name: "a"},
		},
		{
			name: "resource link full",
			block: &mcpcontent.ResourceLink{
				URI: "file:///a", Name: "a", Title: ptr("A"), Description: ptr("the a"),
				MIMEType: ptr("text/plain"), Size: ptr(uint64(math.MaxInt64)),
				Icons: []mcpcontent.Icon{
					{Src: "https://x/i.png", MIMEType: ptr("image/png"), Sizes: []string{"48x48", "any"}, Theme: ptr(mcpcontent.ThemeDark)},
					{Src: "data:,", Theme: ptr(mcpcontent.ThemeLight)},
					{Src: "s"},
				},
				Meta: encodetest.ObjectJSON(t, meta), Annotations: fullAnnotations(),
			},
			mcp: &mcp.ResourceLink{
				URI: "file:///a", Name: "a", Title: "A", Description: "the a",
				MIMEType: "text/plain", Size: ptr(int64(math.MaxInt64)),
				Icons: []mcp.Icon{
					{Source: "https://x/i.png", MIMEType: "image/png", Sizes: []string{"48x48", "any"}, Theme: mcp.IconThemeDark},
					{Source: "data:,", Theme: mcp.IconThemeLight},
					{Source: "s"},
				},
				Meta: metaMap, Annotations: fullMCPAnnotations(),
			},
		},
		{
			name:  "resource link size zero",
			block: &mcpcontent.ResourceLink{URI: "u", Name: "n", Size: ptr(uint64(0))},
			mcp:   &mcp.ResourceLink{URI: "u", Name: "n", Size: ptr(int64(0))},
		},
		{
			name: "embedded text",
			block: &mcpcontent.EmbeddedResource{
				Resource: &mcpcontent.TextResourceContents{URI: "file:///t", MIMEType: ptr("text/plain"), Text: "body", Meta: encodetest.ObjectJSON(t, `{"k":"v"}`)},
				Meta:     encodetest.ObjectJSON(t, meta), Annotations: fullAnnotations(),
			},
			mcp: &mcp.EmbeddedResource{
				Resource: &mcp.ResourceContents{URI: "file:///t", MIMEType: "text/plain", Text: "body", Meta: mcp.Meta{"k": "v"}},
				Meta:     metaMap, Annotations: fullMCPAnnotations(),
			},
		},
		{
			name:  "embedded empty text",
			block: &mcpcontent.EmbeddedResource{Resource: &mcpcontent.TextResourceContents{URI: "u"}},
			mcp:   &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "u"}},
		},
		{
			name:  "embedded blob",
			block: &mcpcontent.EmbeddedResource{Resource: &mcpcontent.BlobResourceContents{URI: "file:///b", MIMEType: ptr("application/octet-stream"), Blob: "AAEC", Meta: encodetest.ObjectJSON(t, `{"k":"v"}`)}},
			mcp:   &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///b", MIMEType: "application/octet-stream", Blob: []byte{0, 1, 2}, Meta: mcp.Meta{"k": "v"}}},
		},
		{
			name:  "embedded empty blob",
			block: &mcpcontent.EmbeddedResource{Resource: &mcpcontent.BlobResourceContents{URI: "u"}},
			mcp:   &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "u", Blob: []byte{}}},
		},
	}
}

func TestFromBlock(t *testing.T) {
	for _, tc := range convertCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FromBlock(tc.block)
			require.NoError(t, err)
			assert.Equal(t, tc.mcp, got)
		})
	}
}

func TestToBlock(t *testing.T) {
	for _, tc := range convertCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ToBlock(tc.mcp)
			require.NoError(t, err)
			assert.Equal(t, tc.block, got)
		})
	}
}

// TestRoundTrip converts canonical blocks to go-sdk and back: everything
// survives, down to the encoded bytes.
func TestRoundTrip(t *testing.T) {
	for _, tc := range convertCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			m, err := FromBlock(tc.block)
			require.NoError(t, err)
			back, err := ToBlock(m)
			require.NoError(t, err)
			assert.Equal(t, tc.block, back)

			want, err := mcpcontent.EncodeBlockJSON(nil, tc.block)
			require.NoError(t, err)
			got, err := mcpcontent.EncodeBlockJSON(nil, back)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
		})
	}
}

// TestRoundTripToBlock converts go-sdk content to a Block and back.
func TestRoundTripToBlock(t *testing.T) {
	for _, tc := range convertCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ToBlock(tc.mcp)
			require.NoError(t, err)
			back, err := FromBlock(b)
			require.NoError(t, err)
			assert.Equal(t, tc.mcp, back)
		})
	}
}

// TestLossy shows, for each documented loss, what a Block -> go-sdk ->
// Block round trip changes.
func TestLossy(t *testing.T) {
	tests := []struct {
		name string
		in   mcpcontent.Block
		want mcpcontent.Block
	}{
		{
			name: "base64 line breaks",
			in:   &mcpcontent.Image{Data: "AAEC\r\nAw==", MIMEType: "image/png"},
			want: &mcpcontent.Image{Data: "AAECAw==", MIMEType: "image/png"},
		},
		{
			name: "base64 non-zero trailing bits",
			in:   &mcpcontent.Audio{Data: "QR==", MIMEType: "audio/wav"},
			want: &mcpcontent.Audio{Data: "QQ==", MIMEType: "audio/wav"},
		},
		{
			name: "blob line breaks",
			in:   &mcpcontent.EmbeddedResource{Resource: &mcpcontent.BlobResourceContents{URI: "u", Blob: "AAEC\nAw=="}},
			want: &mcpcontent.EmbeddedResource{Resource: &mcpcontent.BlobResourceContents{URI: "u", Blob: "AAECAw=="}},
		},
		{
			name: "meta member order",
			in:   &mcpcontent.Text{Text: "t", Meta: encodetest.ObjectJSON(t, `{"b":1,"a":{"y":1,"x":2}}`)},
			want: &mcpcontent.Text{Text: "t", Meta: encodetest.ObjectJSON(t, `{"a":{"x":2,"y":1},"b":1}`)},
		},
		{
			name: "meta number formatting",
			in:   &mcpcontent.Text{Text: "t", Meta: encodetest.ObjectJSON(t, `{"f":100.0,"e":1e21,"big":9007199254740993}`)},
			want: &mcpcontent.Text{Text: "t", Meta: encodetest.ObjectJSON(t, `{"big":9007199254740992,"e":1e21,"f":100}`)},
		},
		{
			name: "empty optional strings",
			in: &mcpcontent.ResourceLink{
				URI: "u", Name: "n", Title: ptr(""), Description: ptr(""), MIMEType: ptr(""),
				Icons:       []mcpcontent.Icon{{Src: "s", MIMEType: ptr("")}},
				Annotations: &mcpcontent.Annotations{LastModified: ptr("")},
			},
			want: &mcpcontent.ResourceLink{URI: "u", Name: "n", Icons: []mcpcontent.Icon{{Src: "s"}}, Annotations: &mcpcontent.Annotations{}},
		},
		{
			name: "empty contents mimeType",
			in:   &mcpcontent.EmbeddedResource{Resource: &mcpcontent.TextResourceContents{URI: "u", MIMEType: ptr(""), Text: "x"}},
			want: &mcpcontent.EmbeddedResource{Resource: &mcpcontent.TextResourceContents{URI: "u", Text: "x"}},
		},
		{
			name: "empty lists",
			in: &mcpcontent.ResourceLink{
				URI: "u", Name: "n", Icons: []mcpcontent.Icon{},
				Annotations: &mcpcontent.Annotations{Audience: []mcpcontent.Role{}},
			},
			want: &mcpcontent.ResourceLink{URI: "u", Name: "n", Annotations: &mcpcontent.Annotations{}},
		},
		{
			name: "empty icon sizes",
			in:   &mcpcontent.ResourceLink{URI: "u", Name: "n", Icons: []mcpcontent.Icon{{Src: "s", Sizes: []string{}}}},
			want: &mcpcontent.ResourceLink{URI: "u", Name: "n", Icons: []mcpcontent.Icon{{Src: "s"}}},
		},
		{
			name: "priority zero",
			in:   &mcpcontent.Text{Text: "t", Annotations: &mcpcontent.Annotations{Priority: ptr(float32(0))}},
			want: &mcpcontent.Text{Text: "t", Annotations: &mcpcontent.Annotations{}},
		},
		{
			name: "priority infinite",
			in:   &mcpcontent.Text{Text: "t", Annotations: &mcpcontent.Annotations{Priority: ptr(float32(math.Inf(1)))}},
			want: &mcpcontent.Text{Text: "t", Annotations: &mcpcontent.Annotations{}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := FromBlock(tc.in)
			require.NoError(t, err)
			back, err := ToBlock(m)
			require.NoError(t, err)
			assert.Equal(t, tc.want, back)
		})
	}
}

// The infinite priority converts as EncodeBlockJSON writes it: null, read as
// absent.
func TestInfinitePriorityMatchesWire(t *testing.T) {
	in := &mcpcontent.Text{Text: "t", Annotations: &mcpcontent.Annotations{Priority: ptr(float32(math.Inf(-1)))}}
	b, err := mcpcontent.EncodeBlockJSON(nil, in)
	require.NoError(t, err)
	decoded, err := mcpcontent.DecodeBlockJSON(b)
	require.NoError(t, err)
	assert.Nil(t, decoded.(*mcpcontent.Text).Annotations.Priority)

	m, err := FromBlock(in)
	require.NoError(t, err)
	assert.Zero(t, m.(*mcp.TextContent).Annotations.Priority)
}

// A go-sdk priority is narrowed to float32.
func TestPriorityNarrowing(t *testing.T) {
	b, err := ToBlock(&mcp.TextContent{Annotations: &mcp.Annotations{Priority: 0.1}})
	require.NoError(t, err)
	assert.Equal(t, ptr(float32(0.1)), b.(*mcpcontent.Text).Annotations.Priority)

	m, err := FromBlock(b)
	require.NoError(t, err)
	assert.Equal(t, float64(float32(0.1)), m.(*mcp.TextContent).Annotations.Priority)
	assert.NotEqual(t, 0.1, m.(*mcp.TextContent).Annotations.Priority)

	// A value too small for float32 becomes a present 0.
	b, err = ToBlock(&mcp.TextContent{Annotations: &mcp.Annotations{Priority: 1e-50}})
	require.NoError(t, err)
	assert.Equal(t, ptr(float32(0)), b.(*mcpcontent.Text).Annotations.Priority)
}

// A go-sdk blob wins over empty text; nil Blob means the text form.
func TestToBlockContentsForm(t *testing.T) {
	b, err := ToBlock(&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "u", Blob: []byte("hi")}})
	require.NoError(t, err)
	assert.Equal(t, &mcpcontent.BlobResourceContents{URI: "u", Blob: "aGk="}, b.(*mcpcontent.EmbeddedResource).Resource)

	b, err = ToBlock(&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "u"}})
	require.NoError(t, err)
	assert.Equal(t, &mcpcontent.TextResourceContents{URI: "u"}, b.(*mcpcontent.EmbeddedResource).Resource)
}

// The converted values share no memory with their source.
func TestNoAliasing(t *testing.T) {
	in := &mcpcontent.ResourceLink{URI: "u", Name: "n", Icons: []mcpcontent.Icon{{Src: "s", Sizes: []string{"1x1"}}}}
	m, err := FromBlock(in)
	require.NoError(t, err)
	m.(*mcp.ResourceLink).Icons[0].Sizes[0] = "changed"
	assert.Equal(t, "1x1", in.Icons[0].Sizes[0])

	src := &mcp.ResourceLink{URI: "u", Name: "n", Icons: []mcp.Icon{{Source: "s", Sizes: []string{"1x1"}}}}
	b, err := ToBlock(src)
	require.NoError(t, err)
	b.(*mcpcontent.ResourceLink).Icons[0].Sizes[0] = "changed"
	assert.Equal(t, "1x1", src.Icons[0].Sizes[0])
}

// secret appears in the inputs of error cases; no message may quote it.
const secret = "SECRET"

func TestFromBlockErrors(t *testing.T) {
	tests := []struct {
		name  string
		in    mcpcontent.Block
		err   error
		block string
		field string
	}{
		{"nil block", nil, wire.ErrNil, "", ""},
		{"nil text", (*mcpcontent.Text)(nil), wire.ErrNil, "text", ""},
		{"nil image", (*mcpcontent.Image)(nil), wire.ErrNil, "image", ""},
		{"nil audio", (*mcpcontent.Audio)(nil), wire.ErrNil, "audio", ""},
		{"nil link", (*mcpcontent.ResourceLink)(nil), wire.ErrNil, "resource_link", ""},
		{"nil embedded", (*mcpcontent.EmbeddedResource)(nil), wire.ErrNil, "resource", ""},
		{"nil resource", &mcpcontent.EmbeddedResource{}, wire.ErrNil, "resource", "resource"},
		{"nil text contents", &mcpcontent.EmbeddedResource{Resource: (*mcpcontent.TextResourceContents)(nil)}, wire.ErrNil, "resource", "resource"},
		{"nil blob contents", &mcpcontent.EmbeddedResource{Resource: (*mcpcontent.BlobResourceContents)(nil)}, wire.ErrNil, "resource", "resource"},
		{"image bad base64", &mcpcontent.Image{Data: secret + "!", MIMEType: "image/png"}, ErrInvalidBase64, "image", "data"},
		{"image missing padding", &mcpcontent.Image{Data: "AAE", MIMEType: "image/png"}, ErrInvalidBase64, "image", "data"},
		{"image url-safe alphabet", &mcpcontent.Image{Data: "-_-_", MIMEType: "image/png"}, ErrInvalidBase64, "image", "data"},
		{"audio bad base64", &mcpcontent.Audio{Data: secret, MIMEType: "audio/wav"}, ErrInvalidBase64, "audio", "data"},
		{"blob bad base64", &mcpcontent.EmbeddedResource{Resource: &mcpcontent.BlobResourceContents{URI: "u", Blob: secret + "="}}, ErrInvalidBase64, "resource", "resource.blob"},
		{"size too large", &mcpcontent.ResourceLink{URI: "u", Name: "n", Size: ptr(uint64(math.MaxInt64) + 1)}, ErrOutOfRange, "resource_link", "size"},
		{"unknown role", &mcpcontent.Text{Annotations: &mcpcontent.Annotations{Audience: []mcpcontent.Role{mcpcontent.RoleUser, secret}}}, ErrUnknownRole, "text", "annotations.audience[1]"},
		{"unknown theme", &mcpcontent.ResourceLink{URI: "u", Name: "n", Icons: []mcpcontent.Icon{{Src: "s"}, {Src: "s", Theme: ptr(mcpcontent.IconTheme(secret))}}}, ErrUnknownTheme, "resource_link", "icons[1].theme"},
		{"empty theme", &mcpcontent.ResourceLink{URI: "u", Name: "n", Icons: []mcpcontent.Icon{{Src: "s", Theme: ptr(mcpcontent.IconTheme(""))}}}, ErrUnknownTheme, "resource_link", "icons[0].theme"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FromBlock(tc.in)
			require.Error(t, err)
			assert.Nil(t, got)
			assert.ErrorIs(t, err, tc.err)
			var ce *ConvertError
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, tc.block, ce.Block)
			assert.Equal(t, tc.field, ce.Field)
			assert.NotContains(t, err.Error(), secret)
		})
	}
}

func TestToBlockErrors(t *testing.T) {
	tests := []struct {
		name  string
		in    mcp.Content
		err   error
		block string
		field string
	}{
		{"nil content", nil, wire.ErrNil, "", ""},
		{"nil text", (*mcp.TextContent)(nil), wire.ErrNil, "text", ""},
		{"nil image", (*mcp.ImageContent)(nil), wire.ErrNil, "image", ""},
		{"nil audio", (*mcp.AudioContent)(nil), wire.ErrNil, "audio", ""},
		{"nil link", (*mcp.ResourceLink)(nil), wire.ErrNil, "resource_link", ""},
		{"nil embedded", (*mcp.EmbeddedResource)(nil), wire.ErrNil, "resource", ""},
		{"nil resource", &mcp.EmbeddedResource{}, wire.ErrNil, "resource", "resource"},
		//lint:ignore SA1019 the deprecated sampling types are exactly what must be refused
		{"tool use", &mcp.ToolUseContent{ID: secret, Name: secret}, ErrUnsupported, "*mcp.ToolUseContent", ""},
		//lint:ignore SA1019 the deprecated sampling types are exactly what must be refused
		{"tool result", &mcp.ToolResultContent{ToolUseID: secret}, ErrUnsupported, "*mcp.ToolResultContent", ""},
		//lint:ignore SA1019 the deprecated sampling types are exactly what must be refused
		{"nil tool use", (*mcp.ToolUseContent)(nil), ErrUnsupported, "*mcp.ToolUseContent", ""},
		{"negative size", &mcp.ResourceLink{URI: "u", Name: "n", Size: ptr(int64(-1))}, ErrOutOfRange, "resource_link", "size"},
		{"priority too large", &mcp.TextContent{Annotations: &mcp.Annotations{Priority: 1e300}}, ErrOutOfRange, "text", "annotations.priority"},
		{"priority infinite", &mcp.TextContent{Annotations: &mcp.Annotations{Priority: math.Inf(1)}}, ErrOutOfRange, "text", "annotations.priority"},
		{"priority NaN", &mcp.ImageContent{Annotations: &mcp.Annotations{Priority: math.NaN()}}, ErrOutOfRange, "image", "annotations.priority"},
		{"unknown role", &mcp.AudioContent{Annotations: &mcp.Annotations{Audience: []mcp.Role{secret}}}, ErrUnknownRole, "audio", "annotations.audience[0]"},
		{"unknown theme", &mcp.ResourceLink{URI: "u", Name: "n", Icons: []mcp.Icon{{Source: "s", Theme: secret}}}, ErrUnknownTheme, "resource_link", "icons[0].theme"},
		{"meta not marshalable", &mcp.TextContent{Meta: mcp.Meta{secret: math.NaN()}}, ErrInvalidMeta, "text", "_meta"},
		{"meta channel", &mcp.TextContent{Meta: mcp.Meta{secret: make(chan int)}}, ErrInvalidMeta, "text", "_meta"},
		{"meta not UTF-8", &mcp.TextContent{Meta: mcp.Meta{"k": secret + "\xff"}}, ErrInvalidMeta, "text", "_meta"},
		{"contents meta", &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "u", Meta: mcp.Meta{"x": func() {}}}}, ErrInvalidMeta, "resource", "resource._meta"},
		{"text and blob", &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "u", Text: secret, Blob: []byte(secret)}}, ErrTextAndBlob, "resource", "resource"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ToBlock(tc.in)
			require.Error(t, err)
			assert.Nil(t, got)
			assert.ErrorIs(t, err, tc.err)
			var ce *ConvertError
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, tc.block, ce.Block)
			assert.Equal(t, tc.field, ce.Field)
			assert.NotContains(t, err.Error(), secret)
		})
	}
}

// A _meta that is not a JSON object cannot reach FromBlock: no wire.Object
// holds one.
func TestMetaIsAlwaysAnObject(t *testing.T) {
	for _, in := range []string{`["` + secret + `"]`, `null`, `{"` + secret, `[]`, ``} {
		var o wire.Object
		err := o.DecodeJSON([]byte(in))
		require.Error(t, err, in)
		assert.True(t, o.IsZero(), in)
		assert.NotContains(t, err.Error(), secret)
	}
}

// The first failing field is reported.
func TestFirstErrorWins(t *testing.T) {
	_, err := FromBlock(&mcpcontent.Image{Data: "!", Annotations: &mcpcontent.Annotations{Audience: []mcpcontent.Role{secret}}})
	var ce *ConvertError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "data", ce.Field)
}

func TestConvertErrorMessage(t *testing.T) {
	tests := []struct {
		err  *ConvertError
		want string
	}{
		{&ConvertError{Block: "image", Field: "data", Err: ErrInvalidBase64}, "mcpsdk: invalid base64 (image block, field data)"},
		{&ConvertError{Block: "text", Err: wire.ErrNil}, "nil value (text block)"},
		{&ConvertError{Field: "size", Err: ErrOutOfRange}, "mcpsdk: number out of range (field size)"},
		{&ConvertError{Err: wire.ErrNil}, "nil value"},
		{&ConvertError{}, "mcpsdk: conversion failed"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tc.err.Error())
	}
	assert.Nil(t, (&ConvertError{}).Unwrap())
	assert.True(t, errors.Is(&ConvertError{Err: ErrUnsupported}, ErrUnsupported))
}

// go-sdk's JSON for a converted block decodes here. The bytes differ from
// ours (go-sdk escapes <, > and &), so only the decoded value is compared.
func TestInteropGoSDKEncodes(t *testing.T) {
	in := &mcpcontent.Text{Text: "a <b> & c", Meta: encodetest.ObjectJSON(t, `{"k":"v"}`), Annotations: &mcpcontent.Annotations{Audience: []mcpcontent.Role{mcpcontent.RoleUser}, Priority: ptr(float32(0.25))}}
	m, err := FromBlock(in)
	require.NoError(t, err)
	b, err := json.Marshal(m)
	require.NoError(t, err)
	got, err := mcpcontent.DecodeBlockJSON(b)
	require.NoError(t, err)
	assert.Equal(t, in, got)
}

// Our bytes, read by go-sdk, convert back to the same blocks.
func TestInteropGoSDKDecodes(t *testing.T) {
	for _, tc := range convertCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			b, err := mcpcontent.EncodeBlockJSON(nil, tc.block)
			require.NoError(t, err)
			var res mcp.CallToolResult
			require.NoError(t, json.Unmarshal([]byte(`{"content":[`+string(b)+`]}`), &res))
			require.Len(t, res.Content, 1)
			got, err := ToBlock(res.Content[0])
			require.NoError(t, err)
			assert.Equal(t, tc.block, got)
		})
	}
}
