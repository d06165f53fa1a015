package scopes

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/variant"
	"github.com/diverge-network/diverge-sdk-go/session"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGoldenVectors checks every vector by FORMAT.md's rules: acceptance
// and variant match; an ok input without canonical re-encodes to itself; one
// with canonical re-encodes to canonical or to itself.
func TestGoldenVectors(t *testing.T) {
	for _, file := range golden.Files() {
		vectors := golden.Load(t, file)
		t.Run(filepath.Base(file), func(t *testing.T) {
			for _, v := range vectors {
				t.Run(v.Name, func(t *testing.T) {
					scope, ok := Lookup(v.Scope)
					require.True(t, ok, "unknown scope %q", v.Scope)
					payload := golden.Unhex(t, v.Hex)
					got, err := scope.Conform(nil, payload)
					switch v.Expect {
					case "ok":
						require.NoError(t, err, v.Note)
						// Into a buffer with room too: the bare answers'
						// Encode writes in place there, and appends only
						// into nil.
						roomy, err := scope.Conform(make([]byte, 0, len(payload)+64), payload)
						require.NoError(t, err, v.Note)
						assert.Equal(t, golden.Hex(got), golden.Hex(roomy), "%s: encoded into a buffer with room", v.Note)
						if v.Canonical == "" {
							assert.Equal(t, v.Hex, golden.Hex(got), v.Note)
						} else {
							assert.Contains(t, []string{v.Canonical, v.Hex}, golden.Hex(got), v.Note)
						}
					case "err":
						require.Error(t, err, v.Note)
						assert.Equal(t, v.Error, variant.Name(err), "%s: %v", v.Note, err)
					default:
						t.Fatalf("expect %q is neither ok nor err", v.Expect)
					}
				})
			}
		})
	}
}

// TestEveryScopeHasVectors keeps the table and the public set in step.
func TestEveryScopeHasVectors(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range golden.Load(t, golden.Files()[0]) {
		seen[v.Scope] = true
	}
	require.Len(t, All, 16)
	for _, s := range All {
		assert.True(t, seen[s.Name], "no public vector for %s", s.Name)
	}
}

// TestRegistryMatchesSessionScopes: the registry has a scope for every name
// package session spells but ScopeOpaque, which no decode reads, and no
// other.
func TestRegistryMatchesSessionScopes(t *testing.T) {
	var names []string
	for _, s := range All {
		names = append(names, s.Name)
	}
	want := slices.DeleteFunc(session.Scopes(), func(s string) bool { return s == session.ScopeOpaque })
	slices.Sort(names)
	slices.Sort(want)
	assert.Equal(t, want, names)
}
