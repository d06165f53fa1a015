package main

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
)

var update = flag.Bool("update", false, "rewrite testdata/bench_chunks.json from the public golden set")

const (
	publicFile = "../../../../testdata/golden/vectors.json"
	chunksFile = "../../../../testdata/bench_chunks.json"
)

// chunkBenchFile is the chunk bench set as the public set gives it: for
// every kind, in chunk.Types order, its canonical "chunk.ok.<type>.full"
// vector, one vector per line, with the public file's generator.
func chunkBenchFile(t *testing.T) []byte {
	raw, err := os.ReadFile(publicFile)
	require.NoError(t, err)
	var doc struct {
		Format    int               `json:"format"`
		Generator string            `json:"generator"`
		Vectors   []json.RawMessage `json:"vectors"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc))
	byName := map[string]json.RawMessage{}
	for _, v := range doc.Vectors {
		var head struct{ Name, Scope, Expect, Canonical string }
		require.NoError(t, json.Unmarshal(v, &head))
		if head.Scope == "begin.chunk" && head.Expect == "ok" && head.Canonical == "" {
			byName[head.Name] = v
		}
	}
	gen, err := json.Marshal(doc.Generator)
	require.NoError(t, err)
	var b strings.Builder
	b.WriteString(`{"format":1,"generator":` + string(gen) + `,"vectors":[`)
	for k, typ := range chunk.Types() {
		v, ok := byName["chunk.ok."+typ+".full"]
		require.True(t, ok, "no canonical full vector for %s in the public set", typ)
		if k > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n")
		b.Write(v)
	}
	b.WriteString("\n]}\n")
	return []byte(b.String())
}

// The chunk bench set is the public set's canonical full vector of every
// kind, byte for byte: its expectations are the oracle's. go test -update
// rewrites it.
func TestChunkBenchFile(t *testing.T) {
	want := chunkBenchFile(t)
	if *update {
		require.NoError(t, os.WriteFile(chunksFile, want, 0o644))
	}
	got, err := os.ReadFile(chunksFile)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "testdata/bench_chunks.json is stale: go test ./internal/tools/cmd/benchcompare -run TestChunkBenchFile -update")
	var doc struct {
		Vectors []struct{ Scope, Expect string }
	}
	require.NoError(t, json.Unmarshal(got, &doc))
	assert.Len(t, doc.Vectors, len(chunk.Types()))
}
