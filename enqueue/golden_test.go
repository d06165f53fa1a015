package enqueue_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

func TestGolden(t *testing.T) {
	t.Run("request", func(t *testing.T) {
		golden.CheckMethods(t, "enqueue.request", (*enqueue.Request).DecodeJSON, (*enqueue.Request).EncodeJSON)
	})
	t.Run("response", func(t *testing.T) {
		golden.CheckMethods(t, "enqueue.response", (*enqueue.Response).Decode, (*enqueue.Response).Encode)
	})
}
