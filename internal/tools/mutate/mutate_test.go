package mutate

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

var seeds = [][]byte{
	[]byte(`{"key":"k","content":[{"type":"text","text":"hello"}]}`),
	[]byte("\x04" + `{"token":"t","n":1.5}`),
	{0x00, 0x01, 0x02, 0x03},
	{},
}

// The same seed gives the same corpus; another seed, another one.
func TestDeterministic(t *testing.T) {
	corpus := func(seed uint64) [][]byte {
		m := New(seed)
		var out [][]byte
		for i := range 500 {
			out = append(out, m.One(seeds[i%len(seeds)]))
		}
		return out
	}
	assert.Equal(t, corpus(1), corpus(1))
	assert.NotEqual(t, corpus(1), corpus(2))
}

// Mutants differ from their seed, and JSON seeds get JSON-aware ones: in a
// long run every kind of change shows up.
func TestMutantsVary(t *testing.T) {
	m := New(3)
	changed, withWhitespace, withDup, withNesting := 0, 0, 0, 0
	for range 5000 {
		out := m.One(seeds[0])
		if !bytes.Equal(out, seeds[0]) {
			changed++
		}
		if bytes.ContainsAny(out, " \n\t\r") {
			withWhitespace++
		}
		if bytes.Count(out, []byte(`"key"`)) > 1 || bytes.Count(out, []byte(`"type"`)) > 1 {
			withDup++
		}
		if bytes.Contains(out, bytes.Repeat([]byte("["), 120)) || bytes.Contains(out, bytes.Repeat([]byte(`{"a":`), 120)) {
			withNesting++
		}
	}
	assert.Greater(t, changed, 4500)
	assert.Greater(t, withWhitespace, 100)
	assert.Greater(t, withDup, 50)
	assert.Greater(t, withNesting, 50)
}
