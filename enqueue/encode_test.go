package enqueue

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestRequestEncodeRefusesInvalidUTF8(t *testing.T) {
	text := func(s string) mcpcontent.Block { return &mcpcontent.Text{Text: s} }
	tests := []struct {
		member string
		req    func(bad string) *Request
	}{
		{"key", func(bad string) *Request { return &Request{Key: bad, Content: []mcpcontent.Block{text("hi")}} }},
		{"content[2].text", func(bad string) *Request {
			return &Request{Key: "k", Content: []mcpcontent.Block{text("a"), text("b"), text(bad)}}
		}},
		{"content[0].annotations.lastModified", func(bad string) *Request {
			return &Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Annotations: &mcpcontent.Annotations{LastModified: &bad}}}}
		}},
		{"content[1].resource.text", func(bad string) *Request {
			return &Request{Key: "k", Content: []mcpcontent.Block{text("a"), &mcpcontent.EmbeddedResource{Resource: &mcpcontent.TextResourceContents{URI: "u", Text: bad}}}}
		}},
		{"content[0].icons[0].sizes[0]", func(bad string) *Request {
			return &Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.ResourceLink{URI: "u", Name: "n", Icons: []mcpcontent.Icon{{Src: "s", Sizes: []string{bad}}}}}}
		}},
	}
	for _, tt := range tests {
		for _, bad := range encodetest.Bad {
			t.Run(tt.member+" "+bad.Name, func(t *testing.T) {
				out, err := tt.req(bad.S).EncodeJSON(encodetest.Dst())
				encodetest.RequireError(t, out, err, tt.member, wire.ErrInvalidUTF8, bad.S)
			})
		}
	}
}

func TestRequestEncodeRefusesNilAndUnknown(t *testing.T) {
	tests := []struct {
		name   string
		req    *Request
		member string
		reason error
	}{
		{"nil request", nil, "", wire.ErrNil},
		{"nil block", &Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{}, nil}}, "content[1]", wire.ErrNil},
		{"typed nil text", &Request{Key: "k", Content: []mcpcontent.Block{(*mcpcontent.Text)(nil)}}, "content[0]", wire.ErrNil},
		{"typed nil link", &Request{Key: "k", Content: []mcpcontent.Block{(*mcpcontent.ResourceLink)(nil)}}, "content[0]", wire.ErrNil},
		{"nil contents", &Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.EmbeddedResource{}}}, "content[0].resource", wire.ErrNil},
		{"typed nil contents", &Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.EmbeddedResource{Resource: (*mcpcontent.BlobResourceContents)(nil)}}}, "content[0].resource", wire.ErrNil},
		{"unknown role", &Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Annotations: &mcpcontent.Annotations{Audience: []mcpcontent.Role{"user", "system"}}}}}, "content[0].annotations.audience[1]", wire.ErrUnknownValue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out []byte
			var err error
			require.NotPanics(t, func() { out, err = tt.req.EncodeJSON(encodetest.Dst()) })
			encodetest.RequireError(t, out, err, tt.member, tt.reason)
		})
	}
}

// A block's _meta in a request sits three levels down: it has 124 left.
func TestRequestEncodeRefusesTooDeep(t *testing.T) {
	req := func(depth int) *Request {
		return &Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{}, &mcpcontent.Text{Meta: encodetest.Object(t, depth)}}}
	}
	out, err := req(124).EncodeJSON(nil)
	require.NoError(t, err)
	var back Request
	require.NoError(t, back.DecodeJSON(out), "a reader takes the deepest _meta that fits")
	out, err = req(125).EncodeJSON(encodetest.Dst())
	encodetest.RequireError(t, out, err, "content[1]._meta", wire.ErrTooDeep)
}
