package legacy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
