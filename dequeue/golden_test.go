package dequeue_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

func TestGolden(t *testing.T) {
	t.Run("request", func(t *testing.T) {
		golden.CheckMethods(t, "dequeue.request", (*dequeue.Request).DecodeJSON, (*dequeue.Request).EncodeJSON)
	})
	t.Run("response", func(t *testing.T) {
		golden.CheckMethods(t, "dequeue.response", (*dequeue.Response).Decode, (*dequeue.Response).Encode)
	})
}
