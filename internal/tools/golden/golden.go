// Package golden runs the golden vectors (testdata/golden and
// testdata/regress, answered by the Rust oracle) for the tests of each frame
// family, in the family's own package: one scope at a time, by the rules of
// the vectors' FORMAT.md.
package golden

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/variant"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Vector is one golden vector: a payload of a scope and what the reference
// made of it.
type Vector struct {
	Name      string `json:"name"`
	Scope     string `json:"scope"`
	Hex       string `json:"hex"`
	Expect    string `json:"expect"` // "ok" or "err"
	Error     string `json:"error"`  // for "err": the reference's variant
	Canonical string `json:"canonical"`
	Note      string `json:"note"`
}

// Payload is the vector's bytes.
func (v Vector) Payload(t testing.TB) []byte { return Unhex(t, v.Hex) }

// Files is the public set, the bench set, the regression set and every file
// named in DIVERGE_VECTORS (colon-separated), in that order.
func Files() []string {
	_, here, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(here), "..", "..", "..", "testdata")
	files := []string{
		filepath.Join(root, "golden", "vectors.json"),
		filepath.Join(root, "golden", "bench.json"),
		filepath.Join(root, "regress", "vectors.json"),
	}
	for _, f := range strings.Split(os.Getenv("DIVERGE_VECTORS"), ":") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files
}

// Load reads one vector file.
func Load(t testing.TB, path string) []Vector {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var file struct {
		Format  int      `json:"format"`
		Vectors []Vector `json:"vectors"`
	}
	require.NoError(t, json.Unmarshal(raw, &file), path)
	require.Equal(t, 1, file.Format, path)
	require.NotEmpty(t, file.Vectors, path)
	return file.Vectors
}

// Of is every vector of scope in every file.
func Of(t testing.TB, scope string) []Vector {
	t.Helper()
	var out []Vector
	for _, f := range Files() {
		for _, v := range Load(t, f) {
			if v.Scope == scope {
				out = append(out, v)
			}
		}
	}
	require.NotEmpty(t, out, "no vector of scope %s", scope)
	return out
}

// Unhex decodes a vector's hex; "-" is the empty payload.
func Unhex(t testing.TB, s string) []byte {
	t.Helper()
	if s == "-" {
		return []byte{}
	}
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

// Hex is b as vectors write it.
func Hex(b []byte) string {
	if len(b) == 0 {
		return "-"
	}
	return hex.EncodeToString(b)
}

// Codec decodes a payload and encodes what it decoded again.
type Codec func(payload []byte) ([]byte, error)

// Check runs every vector of scope through c: an ok vector re-encodes to
// itself, or to its canonical form when it has one; an err vector fails
// with the reference's variant.
func Check(t *testing.T, scope string, c Codec) {
	for _, v := range Of(t, scope) {
		t.Run(v.Name, func(t *testing.T) {
			got, err := c(v.Payload(t))
			switch v.Expect {
			case "ok":
				require.NoError(t, err, v.Note)
				if v.Canonical == "" {
					assert.Equal(t, v.Hex, Hex(got), v.Note)
				} else {
					assert.Contains(t, []string{v.Canonical, v.Hex}, Hex(got), v.Note)
				}
			case "err":
				require.Error(t, err, v.Note)
				assert.Equal(t, v.Error, variant.Name(err), "%s: %v", v.Note, err)
			default:
				t.Fatalf("expect %q is neither ok nor err", v.Expect)
			}
		})
	}
}

// CheckMethods runs Check for a struct type T through its decode and encode
// methods (method expressions: (*T).Decode and (*T).Encode for a frame,
// (*T).DecodeJSON and (*T).EncodeJSON for a JSON body), and checks the
// methods' contract besides: a nil receiver is wire.ErrNil for both, never a
// panic; a failed decode leaves the receiver as it was.
func CheckMethods[T any](t *testing.T, scope string, decode func(*T, []byte) error, encode func(*T, []byte) ([]byte, error)) {
	Check(t, scope, func(payload []byte) ([]byte, error) {
		v := new(T)
		if err := decode(v, payload); err != nil {
			return nil, err
		}
		return encode(v, nil)
	})
	vectors := Of(t, scope)
	t.Run("nil receiver", func(t *testing.T) {
		assert.ErrorIs(t, decode(nil, vectors[0].Payload(t)), wire.ErrNil)
		out, err := encode(nil, []byte("dst"))
		assert.ErrorIs(t, err, wire.ErrNil)
		var ee *wire.EncodeError
		assert.ErrorAs(t, err, &ee)
		assert.Equal(t, "dst", string(out))
	})
	t.Run("failed decode keeps the receiver", func(t *testing.T) {
		var ok, bad []Vector
		for _, v := range vectors {
			if v.Expect == "ok" {
				ok = append(ok, v)
			} else {
				bad = append(bad, v)
			}
		}
		require.NotEmpty(t, ok)
		v := new(T)
		require.NoError(t, decode(v, ok[0].Payload(t)))
		before, err := encode(v, nil)
		require.NoError(t, err)
		for _, b := range bad {
			require.Error(t, decode(v, b.Payload(t)), b.Name)
			after, err := encode(v, nil)
			require.NoError(t, err, b.Name)
			require.Equal(t, Hex(before), Hex(after), "%s changed the receiver", b.Name)
		}
	})
}
