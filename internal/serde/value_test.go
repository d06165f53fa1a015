package serde

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestKeySetAgainstMap: keySet.add answers as a Go map would, for lists short
// enough to stay inline and long enough to spill, with names that share
// keyBit's bit (same length and last byte) and exact repeats.
func TestKeySetAgainstMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 5, 16, 17, 40, 200} {
		for round := range 50 {
			var s keySet
			seen := map[string]bool{}
			for i := range n {
				// Few distinct names (so repeats), most ending alike.
				name := fmt.Sprintf("%c%dx", 'a'+r.IntN(3), r.IntN(max(1, n/2)))
				if r.IntN(10) == 0 {
					name = ""
				}
				require.Equal(t, !seen[name], s.add([]byte(name)), "n=%d round=%d name %d %q", n, round, i, name)
				seen[name] = true
			}
		}
	}
}
