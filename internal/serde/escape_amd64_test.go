//go:build amd64 && !purego

package serde

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The eight letters of the short escapes hash to eight slots of
// unescapeAVX2's table, each holding its own letter and byte.
func TestUnescapeHash(t *testing.T) {
	seen := map[byte]byte{}
	for _, c := range []byte(`"\/bfnrt`) {
		h := unescapeHash(c)
		_, dup := seen[h]
		require.False(t, dup, "%q and %q share slot %d", c, seen[h], h)
		seen[h] = c
		require.Equal(t, c, unescapeKeys[h])
		require.Equal(t, unescaped[c], unescapeValues[h])
	}
}
