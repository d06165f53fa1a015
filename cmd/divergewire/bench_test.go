package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bench prints rustref's line for every ok vector, with times that parse.
func TestBenchLines(t *testing.T) {
	for _, args := range [][]string{
		{"--ms", "2", "../../testdata/golden/bench.json"},
		{"../../testdata/golden/bench.json", "--ms", "2"},
	} {
		var out, errOut bytes.Buffer
		require.Equal(t, 0, bench(args, &out, &errOut), errOut.String())
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		require.Len(t, lines, 13)
		for _, l := range lines {
			f := strings.Split(l, "\t")
			require.Len(t, f, 5, l)
			for _, n := range f[2:] {
				v, err := strconv.ParseFloat(n, 64)
				require.NoError(t, err, l)
				assert.Positive(t, v, l)
			}
		}
		assert.True(t, strings.HasPrefix(lines[0], "enqueue.request\tenqueue.request.text_short\t212\t"))
	}
}

func TestBenchUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, bench(nil, &out, &errOut))
	assert.Equal(t, 2, bench([]string{"--ms", "0", "x.json"}, &out, &errOut))
	assert.Equal(t, 2, bench([]string{"/nonexistent.json"}, &out, &errOut))
}
