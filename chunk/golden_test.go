package chunk_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

// TestGolden runs every begin.chunk vector: acceptance, the variant of a
// refusal, and the exact re-encoding.
func TestGolden(t *testing.T) {
	golden.Check(t, "begin.chunk", func(payload []byte) ([]byte, error) {
		c, err := chunk.DecodeJSON(payload)
		if err != nil {
			return nil, err
		}
		return chunk.EncodeJSON(nil, c)
	})
}
