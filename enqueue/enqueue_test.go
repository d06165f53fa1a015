package enqueue

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestRequestRoundTrip(t *testing.T) {
	req := Request{Key: "k-1", Content: []mcpcontent.Block{
		&mcpcontent.Text{Text: "look <here> & there"},
		&mcpcontent.Image{Data: "AA==", MIMEType: "image/png"},
	}}
	b, err := req.EncodeJSON(nil)
	require.NoError(t, err)
	want := `{"key":"k-1","content":[{"type":"text","text":"look <here> & there"},{"type":"image","data":"AA==","mimeType":"image/png"}]}`
	assert.Equal(t, want, string(b))

	var back Request
	require.NoError(t, back.DecodeJSON(b))
	assert.Equal(t, req, back)
}

func TestRequestForms(t *testing.T) {
	tests := []struct {
		in, want string // want "" means refused
	}{
		{`{"key":"k","content":[]}`, `{"key":"k","content":[]}`},
		{`["k",[]]`, `{"key":"k","content":[]}`},
		{` {"content":[],"key":"k","extra":{"ignored":1e999}} `, `{"key":"k","content":[]}`},
		{`{"key":"k"}`, ""},
		{`{"Key":"k","content":[]}`, ""},
		{`{"key":"k","key":"k","content":[]}`, ""},
		{`{"key":"k","content":null}`, ""},
		{`{"key":"k","content":[{"type":"video"}]}`, ""},
	}
	for _, tt := range tests {
		var r Request
		err := r.DecodeJSON([]byte(tt.in))
		if tt.want == "" {
			var je *wire.JSONError
			assert.ErrorAs(t, err, &je, tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		b, err := r.EncodeJSON(nil)
		require.NoError(t, err)
		assert.Equal(t, tt.want, string(b), tt.in)
	}
}

func TestRequestEncodeRefusesNilBlock(t *testing.T) {
	r := Request{Key: "k", Content: []mcpcontent.Block{nil}}
	dst := []byte("keep")
	out, err := r.EncodeJSON(dst)
	assert.ErrorIs(t, err, wire.ErrNil)
	assert.Equal(t, "keep", string(out))
}
