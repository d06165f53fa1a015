package enqueue

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
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
	assert.ErrorIs(t, err, mcpcontent.ErrNilBlock)
	assert.Equal(t, "keep", string(out))
}

func TestResponse(t *testing.T) {
	tests := []struct {
		resp Response
		wire string
	}{
		{Response{Outcome: Delivered}, "\x00"},
		{Response{Outcome: Dequeued}, "\x01"},
		{Response{Outcome: Refused, Error: protoerr.Error{Message: "no images"}}, "\x02{\"message\":\"no images\"}"},
	}
	for _, tt := range tests {
		b, err := tt.resp.Encode(nil)
		require.NoError(t, err)
		assert.Equal(t, tt.wire, string(b))
		var back Response
		require.NoError(t, back.Decode(b))
		assert.Equal(t, tt.resp, back)
		assert.NotEmpty(t, back.Outcome.String())
	}
	var r Response
	require.NoError(t, r.Decode([]byte("\x01trailing bytes are ignored")))
	assert.Equal(t, Dequeued, r.Outcome)

	_, err := (&Response{Outcome: 9}).Encode(nil)
	assert.Error(t, err)
}

func TestResponseErrors(t *testing.T) {
	tests := []struct {
		in      string
		variant ErrorKind
		cause   error
	}{
		{"", ErrorKindEmpty, wire.ErrEmpty},
		{"\x03{\"message\":\"m\"}", ErrorKindUnknownTag, nil},
		{"\xff", ErrorKindUnknownTag, nil},
		{"\x02", ErrorKindBody, nil},
		{"\x02{}", ErrorKindBody, nil},
	}
	for _, tt := range tests {
		var r Response
		err := r.Decode([]byte(tt.in))
		var fe *FrameError
		require.ErrorAs(t, err, &fe, "%q", tt.in)
		assert.Equal(t, tt.variant, fe.Kind, "%q", tt.in)
		if tt.cause != nil {
			assert.ErrorIs(t, err, tt.cause)
		}
		if tt.variant == ErrorKindUnknownTag {
			var ut *wire.UnknownTagError
			require.ErrorAs(t, err, &ut)
			assert.Equal(t, tt.in[0], ut.Tag)
		}
		if tt.variant == ErrorKindBody {
			var je *wire.JSONError
			assert.True(t, errors.As(err, &je), "body errors unwrap to the JSON error")
		}
	}
}
