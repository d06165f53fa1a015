package legacy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

func TestRequest(t *testing.T) {
	var r Request
	require.NoError(t, r.DecodeJSON([]byte(`{"prompt":"do <it>","extra":1}`)))
	assert.Equal(t, "do <it>", r.Prompt)
	b, err := r.EncodeJSON(nil)
	require.NoError(t, err)
	assert.Equal(t, `{"prompt":"do <it>"}`, string(b))
	assert.Error(t, r.DecodeJSON([]byte(`{}`)), "prompt is required")
	assert.Error(t, r.DecodeJSON([]byte(`{"prompt":null}`)))
}

func TestResponseHasFourTags(t *testing.T) {
	tests := []struct {
		resp Response
		wire string
	}{
		{Response{Outcome: Delivered}, "\x00"},
		{Response{Outcome: Dequeued}, "\x01"},
		{Response{Outcome: Missed}, "\x02"},
		{Response{Outcome: Failed, Error: protoerr.Error{Message: "lost"}}, "\x03{\"message\":\"lost\"}"},
	}
	for _, tt := range tests {
		b, err := tt.resp.Encode(nil)
		require.NoError(t, err)
		assert.Equal(t, tt.wire, string(b))
		var back Response
		require.NoError(t, back.Decode(b))
		assert.Equal(t, tt.resp, back)
	}
	var r Response
	var fe *FrameError
	require.ErrorAs(t, r.Decode([]byte{4}), &fe)
	assert.Equal(t, ErrorKindUnknownTag, fe.Kind)
	require.ErrorAs(t, r.Decode([]byte("\x03{")), &fe)
	assert.Equal(t, ErrorKindBody, fe.Kind)
	assert.Equal(t, "missed", Missed.String())
}
