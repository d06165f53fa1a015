package serde

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPlainRunAgainstBytes checks plainRun (its word steps and its tail)
// against a byte-at-a-time search, on short inputs of every kind of byte at
// every start and limit: stops before, at and after the start, quotes
// before plain bytes that a borrow could mark, inputs under 8 bytes.
func TestPlainRunAgainstBytes(t *testing.T) {
	kinds := []byte{'a', '#', ' ', '!', ']', '"', '\\', 0x1F, 0x00, 0x7F, 0x80, 0xC3, 0xFF, '/', 'z'}
	ref := func(src []byte, j, limit int) int {
		end := min(len(src), j+limit)
		for j < end && strClass[src[j]] == plain {
			j++
		}
		return j
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n <= 24; n++ {
		for range 400 {
			src := make([]byte, n)
			for i := range src {
				src[i] = kinds[rng.IntN(len(kinds))]
			}
			for j := 0; j <= n; j++ {
				for _, limit := range []int{0, 1, 3, 7, 8, 9, 15, 16, 256} {
					require.Equal(t, ref(src, j, limit), plainRun(src, j, limit), "%q from %d, limit %d", src, j, limit)
				}
			}
		}
	}
}
