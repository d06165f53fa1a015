package dequeue

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
