package session

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLabelNeverShowsPayload: a label that is no scope is quoted only when
// short; a long one, which could be payload hex, is not shown.
func TestLabelNeverShowsPayload(t *testing.T) {
	long := "7b22746f6b656e223a22736b5f6c6976655f4d41524b4552227d"
	tests := []struct {
		label, want, never string
	}{
		{ScopeEnqueueResponse, `labelled "enqueue.response"`, ""},
		{"nope", `labelled "nope"`, ""},
		{long, "labelled a label that is no scope", long},
	}
	for _, tt := range tests {
		var c Checker
		err := c.Check(Event{Stream: MainStream, Scope: tt.label, Payload: []byte(begunNone)})
		require.Error(t, err)
		assert.Contains(t, err.Error(), tt.want)
		if tt.never != "" {
			assert.NotContains(t, err.Error(), tt.never)
		}
	}
}
