package session

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestScopes: Scopes lists each name once, every one known and of a
// scope's shape (but opaque, a single word), and the caller owns the slice.
func TestScopes(t *testing.T) {
	s := Scopes()
	seen := map[string]bool{}
	for _, name := range s {
		assert.False(t, seen[name], "%s listed twice", name)
		seen[name] = true
		assert.True(t, KnownScope(name), name)
		assert.Equal(t, name != ScopeOpaque, LooksLikeScope(name), name)
	}
	assert.Len(t, s, 17)
	assert.True(t, seen[ScopeBeginChunk])
	assert.True(t, seen[ScopeOpaque])
	assert.False(t, KnownScope("nope"))
	assert.False(t, KnownScope(""))
	s[0] = "changed"
	assert.True(t, KnownScope(ScopeBeginChannelRequest), "the slice is the caller's")
}

// TestLooksLikeScope: lowercase words joined by dots, never payload hex.
func TestLooksLikeScope(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"begin.nope", true},
		{"a.b_c", true},
		{"", false},
		{"opaque", false},
		{"007b7d", false},
		{"Begin.Response", false},
		{"begin.response 03", false},
		{"a." + string(make([]byte, 47)), false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, LooksLikeScope(tt.s), "%q", tt.s)
	}
}
