package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// run reads a bench's lines, and a baseline that refuses a vector (exits
// non-zero) is reported as such instead of ending the program.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755))
		return p
	}
	good := script("good", `printf 'enqueue.request\tv1\t212\t900.5\t130.25\n'`)
	refuses := script("refuses", `echo "v1: expected ok, got json" >&2; exit 1`)

	lines, dec, enc, ok := run(good, "vectors.json", 1, false)
	require.True(t, ok)
	assert.Equal(t, []line{{"enqueue.request", "v1", 212}}, lines)
	assert.Equal(t, map[string]float64{"v1": 900.5}, dec)
	assert.Equal(t, map[string]float64{"v1": 130.25}, enc)

	_, _, _, ok = run(refuses, "vectors.json", 1, true)
	assert.False(t, ok)
}
