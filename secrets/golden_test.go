package secrets_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// TestGolden runs the values and declaration vectors; the feed answer's
// are in package answer (TestAnswerGolden), with the other answer families'.
func TestGolden(t *testing.T) {
	t.Run("values", func(t *testing.T) {
		golden.CheckMethods(t, "secrets.values", (*secrets.Values).DecodeJSON, (*secrets.Values).EncodeJSON)
	})
	t.Run("declaration", func(t *testing.T) {
		golden.CheckMethods(t, "secrets.declaration", (*secrets.Declaration).DecodeJSON, (*secrets.Declaration).EncodeJSON)
	})
}
