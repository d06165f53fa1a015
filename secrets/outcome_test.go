package secrets

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutcomeTags checks that the zero Outcome is unset, that each
// outcome maps to its wire tag, and that decoding sets the constant.
func TestOutcomeTags(t *testing.T) {
	assert.Equal(t, "unset", Outcome(0).String())
	for _, o := range []Outcome{0, NotServed, NotServed + 1, 255} {
		_, ok := o.Tag()
		assert.False(t, ok, "%v has no tag", o)
	}
	tests := []struct {
		outcome Outcome
		tag     byte
	}{
		{Fed, 0},
		{Refused, 1},
	}
	for _, tt := range tests {
		tag, ok := tt.outcome.Tag()
		require.True(t, ok, "%v", tt.outcome)
		assert.Equal(t, tt.tag, tag, "%v", tt.outcome)
		if tt.outcome == Refused {
			continue
		}
		var r FeedResponse
		require.NoError(t, r.Decode([]byte{tt.tag}))
		assert.Equal(t, FeedResponse{Outcome: tt.outcome}, r)
		out, err := r.Encode(nil)
		require.NoError(t, err)
		assert.Equal(t, []byte{tt.tag}, out)
	}
}
