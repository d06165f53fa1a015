package scopes

import (
	"math/rand/v2"
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/variant"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decodeSafely runs a scope's decode and turns a panic into a test failure
// that names the input.
func decodeSafely(t *testing.T, s *Scope, payload []byte) (v any, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s panicked on %x: %v", s.Name, payload, r)
		}
	}()
	return s.Decode(payload)
}

// Every prefix of every public vector, and every vector with bytes flipped,
// either decodes or fails with a typed error of the scope's variants.
func TestBadInputIsATypedError(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range golden.Load(t, golden.Files()[0]) {
		s, ok := Lookup(v.Scope)
		require.True(t, ok)
		payload := golden.Unhex(t, v.Hex)
		inputs := [][]byte{}
		for i := range payload {
			inputs = append(inputs, payload[:i])
		}
		for range 20 {
			if len(payload) == 0 {
				break
			}
			m := append([]byte(nil), payload...)
			m[rng.IntN(len(m))] = byte(rng.IntN(256))
			inputs = append(inputs, m)
		}
		for _, in := range inputs {
			val, err := decodeSafely(t, s, in)
			if err != nil {
				assert.NotEqual(t, "unknown", variant.Name(err), "%s %x: untyped error %v", s.Name, in, err)
				continue
			}
			// What decodes re-encodes, and the re-encoding reads back the
			// same (see sameJSON for what "the same" allows).
			once, err := s.Encode(nil, val)
			require.NoError(t, err, "%s %x", s.Name, in)
			again, err := s.Conform(nil, once)
			require.NoError(t, err, "%s %x", s.Name, once)
			assert.True(t, sameJSON(once, again), "%s %x", s.Name, in)
		}
	}
}
