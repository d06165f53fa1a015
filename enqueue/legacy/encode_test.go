package legacy

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestEncodeRefusesInvalidUTF8(t *testing.T) {
	for _, bad := range encodetest.Bad {
		t.Run(bad.Name, func(t *testing.T) {
			out, err := (&Request{Prompt: bad.S}).EncodeJSON(encodetest.Dst())
			encodetest.RequireError(t, out, err, "prompt", wire.ErrInvalidUTF8, bad.S)
		})
	}
}

func TestEncodeRefusesNilAndUnknown(t *testing.T) {
	var out []byte
	var err error
	require.NotPanics(t, func() { out, err = (*Request)(nil).EncodeJSON(encodetest.Dst()) })
	encodetest.RequireError(t, out, err, "", wire.ErrNil)
}
