package dequeue_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

// TestGolden runs the dequeue.request vectors through Request; the answer's
// are in package answer (TestAnswerGolden), with the other answer families'.
func TestGolden(t *testing.T) {
	golden.CheckMethods(t, "dequeue.request", (*dequeue.Request).DecodeJSON, (*dequeue.Request).EncodeJSON)
}
