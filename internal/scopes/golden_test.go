package scopes

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// vector is one line of a vector file (testdata/golden/FORMAT.md).
type vector struct {
	Name      string `json:"name"`
	Scope     string `json:"scope"`
	Hex       string `json:"hex"`
	Expect    string `json:"expect"`
	Error     string `json:"error"`
	Canonical string `json:"canonical"`
	Note      string `json:"note"`
}

func loadVectors(t *testing.T, path string) []vector { return loadVectorsB(t, path) }

func loadVectorsB(t testing.TB, path string) []vector {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var file struct {
		Format  int      `json:"format"`
		Vectors []vector `json:"vectors"`
	}
	require.NoError(t, json.Unmarshal(raw, &file), path)
	require.Equal(t, 1, file.Format, path)
	require.NotEmpty(t, file.Vectors, path)
	return file.Vectors
}

func unhex(t *testing.T, s string) []byte { return unhexB(t, s) }

func unhexB(t testing.TB, s string) []byte {
	t.Helper()
	if s == "-" {
		return []byte{}
	}
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

// vectorFiles is the public set, the bench set, the regression set (edge
// cases and mutants, every expectation the oracle's answer) and every file
// named in DIVERGE_VECTORS (colon-separated).
func vectorFiles() []string {
	files := []string{
		filepath.Join("..", "..", "testdata", "golden", "vectors.json"),
		filepath.Join("..", "..", "testdata", "golden", "bench.json"),
		filepath.Join("..", "..", "testdata", "regress", "vectors.json"),
	}
	for _, f := range strings.Split(os.Getenv("DIVERGE_VECTORS"), ":") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files
}

// TestGoldenVectors checks every vector by FORMAT.md's rules: acceptance
// and variant match; an ok input without canonical re-encodes to itself; one
// with canonical re-encodes to canonical or to itself.
func TestGoldenVectors(t *testing.T) {
	for _, file := range vectorFiles() {
		vectors := loadVectors(t, file)
		t.Run(filepath.Base(file), func(t *testing.T) {
			for _, v := range vectors {
				t.Run(v.Name, func(t *testing.T) {
					scope, ok := Lookup(v.Scope)
					require.True(t, ok, "unknown scope %q", v.Scope)
					payload := unhex(t, v.Hex)
					got, err := scope.Conform(nil, payload)
					switch v.Expect {
					case "ok":
						require.NoError(t, err, v.Note)
						if v.Canonical == "" {
							assert.Equal(t, v.Hex, hexOf(got), v.Note)
						} else {
							assert.Contains(t, []string{v.Canonical, v.Hex}, hexOf(got), v.Note)
						}
					case "err":
						require.Error(t, err, v.Note)
						assert.Equal(t, v.Error, KindName(err), "%s: %v", v.Note, err)
					default:
						t.Fatalf("expect %q is neither ok nor err", v.Expect)
					}
				})
			}
		})
	}
}

func hexOf(b []byte) string {
	if len(b) == 0 {
		return "-"
	}
	return hex.EncodeToString(b)
}

// TestEveryScopeHasVectors keeps the table and the public set in step.
func TestEveryScopeHasVectors(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range loadVectors(t, vectorFiles()[0]) {
		seen[v.Scope] = true
	}
	require.Len(t, All, 15)
	for _, s := range All {
		assert.True(t, seen[s.Name], "no public vector for %s", s.Name)
	}
}
