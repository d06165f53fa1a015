package enqueue_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

// TestGolden runs the enqueue.request vectors through Request; the answer's
// are in package answer (TestAnswerGolden), with the other answer families'.
func TestGolden(t *testing.T) {
	golden.CheckMethods(t, "enqueue.request", (*enqueue.Request).DecodeJSON, (*enqueue.Request).EncodeJSON)
}
