package chunk_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

// TestGolden runs every begin.chunk vector: acceptance, the variant of a
// refusal, and the exact re-encoding.
func TestGolden(t *testing.T) {
	golden.Check(t, "begin.chunk", encodetest.RoundTrip(chunk.DecodeJSON, chunk.EncodeJSON))
}
