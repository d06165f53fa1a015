package chunk_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/mutate"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/oracle"
)

// realOracle is the Rust oracle on the real model (the crates' own types,
// the current serde stack): $RUSTREF_REAL, else the build under the
// repository's .rustref-target (RUSTREF_MODEL=real RUSTREF_STACK=current
// ../shared/rustref/build.sh). "" when neither is there.
func realOracle() string {
	if p := os.Getenv("RUSTREF_REAL"); p != "" {
		return p
	}
	_, here, _, _ := runtime.Caller(0)
	p := filepath.Join(filepath.Dir(here), "..", ".rustref-target", "real-current", "release", "rustref")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// differ asks the oracle about each chunk and returns a description of
// every answer Go's decode and encode disagree with: acceptance, the error
// variant, and the re-encoding, which must be the oracle's byte for byte.
func differ(t *testing.T, path string, inputs [][]byte) []string {
	t.Helper()
	lines := make([]oracle.Line, len(inputs))
	for i, in := range inputs {
		lines[i] = oracle.Line{Scope: "begin.chunk", Payload: in}
	}
	answers, err := oracle.Ask(path, lines)
	require.NoError(t, err)
	var out []string
	for i, in := range inputs {
		rust := answers[i]
		c, err := chunk.DecodeJSON(in)
		var got string
		if err != nil {
			got = "err json"
		} else if b, err := chunk.EncodeJSON(nil, c); err != nil {
			got = "encode: " + err.Error()
		} else {
			got = "ok " + oracle.Hex(b)
		}
		// A chunk is typed: Go writes the canonical form, as Rust does.
		if got == rust || (got == "err json" && strings.HasPrefix(rust, "err json\t")) {
			continue
		}
		out = append(out, oracle.Hex(in)+"\n  rust: "+rust+"\n  go:   "+got)
	}
	return out
}

// TestOracleMutants runs mutants of every begin.chunk vector through the
// real oracle and through DecodeJSON and EncodeJSON: acceptance and the
// re-encoding must agree. Skipped without the oracle binary.
func TestOracleMutants(t *testing.T) {
	path := realOracle()
	if path == "" {
		t.Skip("no real-model oracle: set RUSTREF_REAL (RUSTREF_MODEL=real RUSTREF_STACK=current ../shared/rustref/build.sh prints it)")
	}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	var seedsIn [][]byte
	for _, v := range golden.Of(t, "begin.chunk") {
		seedsIn = append(seedsIn, v.Payload(t))
	}
	m := mutate.New(26)
	inputs := append([][]byte(nil), seedsIn...)
	for i := range n {
		inputs = append(inputs, m.One(seedsIn[i%len(seedsIn)]))
	}
	bad := differ(t, path, inputs)
	for _, b := range bad[:min(len(bad), 20)] {
		t.Error(b)
	}
	require.Empty(t, bad, "%d of %d chunks disagree with the oracle", len(bad), len(inputs))
}
