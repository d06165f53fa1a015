package serde

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// escapedBits, block by block with its carry, marks the bytes a
// byte-at-a-time reading finds escaped, on random runs of backslashes,
// quotes and letters; quoteEndVec and quoteEndFrom find the same end, there
// and with one quote left.
func TestEscapedBits(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 20000 {
		b := make([]byte, 64*(1+r.IntN(4))+r.IntN(64))
		for k := range b {
			b[k] = `\\\"a`[r.IntN(4)]
		}
		var carry uint64
		escaped := false
		for p := 0; p+64 <= len(b); p += 64 {
			var bs uint64
			for k := range 64 {
				if b[p+k] == '\\' {
					bs |= 1 << k
				}
			}
			got := escapedBits(bs, &carry)
			var want uint64
			for k := range 64 {
				if escaped {
					want |= 1 << k
					escaped = false
				} else if b[p+k] == '\\' {
					escaped = true
				}
			}
			require.Equal(t, want, got, "%q block %d", b, p/64)
			require.Equal(t, escaped, carry != 0, "%q block %d carry", b, p/64)
		}
		if useAVX2 { // quoteEndVec's portable build is quoteEndFrom itself
			require.Equal(t, quoteEndFrom(b, 0, false), quoteEndVec(b, 0), "%q", b)
			// One quote only, anywhere: the search, and its carry, go
			// on across blocks.
			for k := range b {
				if b[k] == '"' {
					b[k] = 'a'
				}
			}
			b[r.IntN(len(b))] = '"'
			require.Equal(t, quoteEndFrom(b, 0, false), quoteEndVec(b, 0), "%q", b)
		}
	}
}
