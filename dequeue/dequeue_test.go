package dequeue

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

func TestRequest(t *testing.T) {
	for _, in := range []string{`{"key":"k-1"}`, `["k-1"]`, ` {"key":"k-1","other":true} `} {
		var r Request
		require.NoError(t, r.DecodeJSON([]byte(in)), in)
		assert.Equal(t, "k-1", r.Key)
		b, err := r.EncodeJSON(nil)
		require.NoError(t, err)
		assert.Equal(t, `{"key":"k-1"}`, string(b))
	}
	var r Request
	for _, in := range []string{`{}`, `{"key":7}`, `[]`, ``, `{"key":"a","key":"b"}`} {
		assert.Error(t, r.DecodeJSON([]byte(in)), in)
	}
}

func TestResponse(t *testing.T) {
	tests := []struct {
		resp Response
		wire string
	}{
		{Response{Outcome: Withdrawn}, "\x00"},
		{Response{Outcome: Empty}, "\x01"},
		{Response{Outcome: Failed, Error: protoerr.Error{Message: "busy"}}, "\x02{\"message\":\"busy\"}"},
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
	require.ErrorAs(t, r.Decode(nil), &fe)
	assert.Equal(t, ErrorKindEmpty, fe.Kind)
	require.ErrorAs(t, r.Decode([]byte{3}), &fe)
	assert.Equal(t, ErrorKindUnknownTag, fe.Kind)
}
