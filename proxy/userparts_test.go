package proxy_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/proxy"
)

// One user chunk per block, each of its kind, each with the message's key,
// in the blocks' order; the JSON as the Rust SDK writes it.
func TestUserParts(t *testing.T) {
	req := enqueue.Request{Key: "k1", Content: []mcpcontent.Block{
		&mcpcontent.Text{Text: "t"},
		&mcpcontent.Image{Data: "AA==", MIMEType: "image/png"},
		&mcpcontent.Audio{Data: "AQ==", MIMEType: "audio/wav"},
		&mcpcontent.EmbeddedResource{Resource: &mcpcontent.TextResourceContents{URI: "file:///a", Text: "body"}},
		&mcpcontent.ResourceLink{URI: "file:///b", Name: "b"},
	}}
	got := proxy.UserParts(req)
	require.Len(t, got, 5)
	tests := []struct {
		kind string
		json string
	}{
		{"user_text_content", `{"type":"user_text_content","key":"k1","text":"t"}`},
		{"user_image_content", `{"type":"user_image_content","key":"k1","data":"AA==","mimeType":"image/png"}`},
		{"user_audio_content", `{"type":"user_audio_content","key":"k1","data":"AQ==","mimeType":"audio/wav"}`},
		{"user_resource", ""},
		{"user_resource_link", ""},
	}
	for i, tt := range tests {
		assert.Equal(t, tt.kind, got[i].Type())
		b, err := chunk.EncodeJSON(nil, got[i])
		require.NoError(t, err)
		assert.Contains(t, string(b), `"key":"k1"`)
		if tt.json != "" {
			assert.Equal(t, tt.json, string(b))
		}
		back, err := chunk.DecodeJSON(b)
		require.NoError(t, err, "the oracle's shape: %s", b)
		assert.Equal(t, tt.kind, back.Type())
	}
}
