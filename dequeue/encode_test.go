package dequeue

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
)

// TestEncodeRefuses: a key that is not UTF-8 fails at "key", and a nil
// Request fails with wire.ErrNil; neither panics nor quotes the key.
func TestEncodeRefuses(t *testing.T) {
	encodetest.RequireRefusesBad(t, "key", func(bad string, dst []byte) ([]byte, error) { return (&Request{Key: bad}).EncodeJSON(dst) })
	encodetest.RequireRefusesNil(t, (*Request)(nil).EncodeJSON)
}
