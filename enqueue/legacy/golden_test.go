package legacy_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

// TestGolden runs the legacy.enqueue.request vectors through Request; the answer's
// are in package answer (TestAnswerGolden), with the other answer families'.
func TestGolden(t *testing.T) {
	golden.CheckMethods(t, "legacy.enqueue.request", (*legacy.Request).DecodeJSON, (*legacy.Request).EncodeJSON)
}
