package legacy

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
)

// TestEncodeRefuses: a prompt that is not UTF-8 fails at "prompt", and a nil
// Request fails with wire.ErrNil; neither panics nor quotes the prompt.
func TestEncodeRefuses(t *testing.T) {
	encodetest.RequireRefusesBad(t, "prompt", func(bad string, dst []byte) ([]byte, error) { return (&Request{Prompt: bad}).EncodeJSON(dst) })
	encodetest.RequireRefusesNil(t, (*Request)(nil).EncodeJSON)
}
