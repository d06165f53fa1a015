package main

import (
	"fmt"
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// measure times every codec once per item and round, and in an order that
// changes: no codec is always timed right after the same one.
func TestMeasureOrder(t *testing.T) {
	var timed []string // "item/codec", in the order their loops were built
	loops := func(name string) func() scopes.Ops {
		return func() scopes.Ops {
			timed = append(timed, name)
			return scopes.Ops{Decode: func(int) {}, Encode: func(int) {}}
		}
	}
	codecs := []Codec{{Name: "p0"}, {Name: "p1"}, {Name: "p2"}}
	pl := &plan{codecs: codecs}
	for _, it := range []string{"a", "b"} {
		pl.items = append(pl.items, item{payload: Payload{Name: it}, sdk: loops(it + "/sdk"), base: loops(it + "/base"),
			peers: []func() scopes.Ops{loops(it + "/p0"), loops(it + "/p1"), loops(it + "/p2")}, skipped: make([]string, 3)})
	}
	const rounds = 8
	res := pl.measure(rounds, 1)

	require.Len(t, timed, rounds*2*5)
	after := map[string]bool{} // what the SDK of item a was timed right after
	for r := range rounds {
		for i, it := range []string{"a", "b"} {
			slot := timed[(r*2+i)*5 : (r*2+i+1)*5]
			assert.ElementsMatch(t, []string{it + "/sdk", it + "/base", it + "/p0", it + "/p1", it + "/p2"}, slot, "round %d", r)
			for k, name := range slot {
				if name == "a/sdk" && k > 0 {
					after[slot[k-1]] = true
				}
			}
		}
	}
	assert.Greater(t, len(after), 1, "the SDK was always timed right after %v", after)
	for _, row := range res.Rows {
		assert.Len(t, row.SDK[0], rounds, row.Payload.Name)
		assert.Len(t, row.Base[0], rounds, row.Payload.Name)
		for j := range codecs {
			assert.Len(t, row.Peers[j][1], rounds, fmt.Sprint(row.Payload.Name, j))
		}
	}
}
