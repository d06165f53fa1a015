package legacy_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

func TestGolden(t *testing.T) {
	t.Run("request", func(t *testing.T) {
		golden.CheckMethods(t, "legacy.enqueue.request", (*legacy.Request).DecodeJSON, (*legacy.Request).EncodeJSON)
	})
	t.Run("response", func(t *testing.T) {
		golden.CheckMethods(t, "legacy.enqueue.response", (*legacy.Response).Decode, (*legacy.Response).Encode)
	})
}
