package chunk_test

import (
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestUserPartsFlattenEachBlock(t *testing.T) {
	mime := "text/plain"
	size := uint64(7)
	prio := float32(0.25)
	ann := &mcpcontent.Annotations{Audience: []mcpcontent.Role{mcpcontent.RoleUser}, Priority: &prio}
	tests := []struct {
		name  string
		block mcpcontent.Block
		kind  string
	}{
		{"text", &mcpcontent.Text{Text: "Hello", Annotations: ann}, "user_text_content"},
		{"image", &mcpcontent.Image{Data: "aGk=", MIMEType: "image/png"}, "user_image_content"},
		{"audio", &mcpcontent.Audio{Data: "UklG", MIMEType: "audio/wav", Annotations: ann}, "user_audio_content"},
		{"text resource", &mcpcontent.EmbeddedResource{Resource: &mcpcontent.TextResourceContents{URI: "file:///a.txt", MIMEType: &mime, Text: "a"}}, "user_resource"},
		{"blob resource", &mcpcontent.EmbeddedResource{Resource: &mcpcontent.BlobResourceContents{URI: "file:///a.bin", Blob: "AAE="}}, "user_resource"},
		{"resource link", &mcpcontent.ResourceLink{URI: "file:///r.pdf", Name: "r.pdf", Size: &size, Icons: []mcpcontent.Icon{}}, "user_resource_link"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parts, err := chunk.UserParts("msg-1", []mcpcontent.Block{tt.block})
			require.NoError(t, err)
			require.Len(t, parts, 1)
			assert.Equal(t, tt.kind, parts[0].Type())

			block, err := mcpcontent.EncodeBlockJSON(nil, tt.block)
			require.NoError(t, err)
			head := `{"type":` + strconv.Quote(tt.block.Type())
			require.Equal(t, head, string(block[:len(head)]))
			want := `{"type":"` + tt.kind + `","key":"msg-1"` + string(block[len(head):])
			got, err := parts[0].EncodeJSON(nil)
			require.NoError(t, err)
			assert.Equal(t, want, string(got), "the block's members follow the key, as they stand in the block")

			back, err := chunk.DecodeJSON(got)
			require.NoError(t, err)
			assert.Equal(t, parts[0], back)
		})
	}
}

func TestUserPartsOneChunkPerBlockInOrder(t *testing.T) {
	content := []mcpcontent.Block{
		&mcpcontent.Text{Text: "one"},
		&mcpcontent.ResourceLink{URI: "file:///two", Name: "two"},
		&mcpcontent.Text{Text: "three"},
	}
	parts, err := chunk.UserParts("k", content)
	require.NoError(t, err)
	require.Len(t, parts, 3)
	assert.Equal(t, &chunk.UserTextContent{Key: "k", Content: mcpcontent.Text{Text: "one"}}, parts[0])
	assert.Equal(t, &chunk.UserResourceLink{Key: "k", Content: mcpcontent.ResourceLink{URI: "file:///two", Name: "two"}}, parts[1])
	assert.Equal(t, &chunk.UserTextContent{Key: "k", Content: mcpcontent.Text{Text: "three"}}, parts[2])
}

func TestUserPartsRefuses(t *testing.T) {
	tests := []struct {
		name    string
		content []mcpcontent.Block
		member  string // "" for ErrNoContent
	}{
		{"nil content", nil, ""},
		{"empty content", []mcpcontent.Block{}, ""},
		{"nil block", []mcpcontent.Block{&mcpcontent.Text{}, nil}, "content[1]"},
		{"typed nil text", []mcpcontent.Block{(*mcpcontent.Text)(nil)}, "content[0]"},
		{"typed nil image", []mcpcontent.Block{(*mcpcontent.Image)(nil)}, "content[0]"},
		{"typed nil audio", []mcpcontent.Block{(*mcpcontent.Audio)(nil)}, "content[0]"},
		{"typed nil link", []mcpcontent.Block{&mcpcontent.Text{}, &mcpcontent.Text{}, (*mcpcontent.ResourceLink)(nil)}, "content[2]"},
		{"typed nil resource", []mcpcontent.Block{(*mcpcontent.EmbeddedResource)(nil)}, "content[0]"},
		{"nil contents", []mcpcontent.Block{&mcpcontent.EmbeddedResource{}}, "content[0].resource"},
		{"typed nil contents", []mcpcontent.Block{&mcpcontent.EmbeddedResource{Resource: (*mcpcontent.TextResourceContents)(nil)}}, "content[0].resource"},
		{"typed nil blob", []mcpcontent.Block{&mcpcontent.EmbeddedResource{Resource: (*mcpcontent.BlobResourceContents)(nil)}}, "content[0].resource"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parts, err := chunk.UserParts("k", tt.content)
			require.Error(t, err)
			assert.Nil(t, parts)
			if tt.member == "" {
				assert.ErrorIs(t, err, chunk.ErrNoContent)
				return
			}
			var ee *wire.EncodeError
			require.True(t, errors.As(err, &ee), "%T", err)
			assert.Equal(t, tt.member, ee.Member)
			assert.ErrorIs(t, err, wire.ErrNil)
			assert.ErrorIs(t, err, wire.ErrNil)
		})
	}
}

// The parts of a request decoded from the wire are the chunks a loop shows
// for it.
func TestUserPartsOfADecodedRequest(t *testing.T) {
	var req enqueue.Request
	require.NoError(t, req.DecodeJSON([]byte(`{"key":"msg-1","content":[{"type":"text","text":"Start","_meta":{"z":1,"a":2}},{"type":"image","data":"aGk=","mimeType":"image/png"}]}`)))
	parts, err := chunk.UserParts(req.Key, req.Content)
	require.NoError(t, err)
	var got []string
	for _, p := range parts {
		b, err := p.EncodeJSON(nil)
		require.NoError(t, err)
		got = append(got, string(b))
	}
	assert.Equal(t, []string{
		`{"type":"user_text_content","key":"msg-1","text":"Start","_meta":{"z":1,"a":2}}`,
		`{"type":"user_image_content","key":"msg-1","data":"aGk=","mimeType":"image/png"}`,
	}, got)
}

func ExampleUserParts() {
	content := []mcpcontent.Block{
		&mcpcontent.Text{Text: "Summarize this file."},
		&mcpcontent.ResourceLink{URI: "file:///notes.md", Name: "notes.md"},
	}
	parts, err := chunk.UserParts("msg-1", content)
	if err != nil {
		panic(err)
	}
	for _, p := range parts {
		b, err := p.EncodeJSON(nil)
		if err != nil {
			panic(err)
		}
		fmt.Println(string(b))
	}
	// Output:
	// {"type":"user_text_content","key":"msg-1","text":"Summarize this file."}
	// {"type":"user_resource_link","key":"msg-1","uri":"file:///notes.md","name":"notes.md"}
}
