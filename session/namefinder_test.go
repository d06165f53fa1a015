package session

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// containsAny is what a nameFinder must answer: strings.Contains for each
// name in turn.
func containsAny(text string, names []string) bool {
	for _, n := range names {
		if strings.Contains(text, n) {
			return true
		}
	}
	return false
}

func TestNameFinder(t *testing.T) {
	tests := []struct {
		names []string
		text  string
		want  bool
	}{
		{nil, "anything", false},
		{nil, "", false},
		{[]string{""}, "", true},
		{[]string{"", "zz"}, "a", true},
		{[]string{"token"}, `rotating secret "token" was not handed back`, true},
		{[]string{"token"}, "toke", false},
		{[]string{"a", "b"}, "xyz", false},
		{[]string{"a", "b"}, "xbz", true},
		{[]string{"abcd", "bc"}, "abce", true},  // found through a fail link, inside a longer name's path
		{[]string{"abcd", "bcx"}, "abcx", true}, // the failed path resumes inside the other name
		{[]string{"abcd", "bcx"}, "abcdx", true},
		{[]string{"abcd", "bcx"}, "abcbcd", false},
		{[]string{"he", "she", "his", "hers"}, "ushers", true},
		{[]string{"she", "his", "hers"}, "ahishe", true},
		{[]string{"aaab"}, "aaaaaaaab", true},
		{[]string{"aaab"}, "aaaaaaaa", false},
		{[]string{"secret_00001", "secret_00002"}, strings.Repeat("secret_ ", 100) + "secret_00002", true},
		{[]string{"é", "ü"}, "naïve", false},
		{[]string{"é", "ü"}, "café", true},
		{[]string{"\x00", "\xff"}, "a\xffb", true},
		{[]string{"dup", "dup"}, "a dup", true},
	}
	for _, tt := range tests {
		f := newNameFinder(slices.Values(tt.names))
		assert.Equal(t, tt.want, f.in(tt.text), "%q in %q", tt.names, tt.text)
		assert.Equal(t, tt.want, containsAny(tt.text, tt.names), "the case itself: %q in %q", tt.names, tt.text)
	}
	var zero nameFinder
	assert.False(t, zero.in("x"))
}

// TestNameFinderRandom: on a three-letter alphabet, where names overlap
// and fail links are followed all the time, the finder answers as
// strings.Contains does.
func TestNameFinderRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func(max int) string {
		b := make([]byte, rng.IntN(max+1))
		for i := range b {
			b[i] = "abc"[rng.IntN(3)]
		}
		return string(b)
	}
	found := 0
	for range 20_000 {
		names := make([]string, 1+rng.IntN(12))
		for i := range names {
			names[i] = word(6)
			if names[i] == "" && rng.IntN(4) > 0 {
				names[i] = "a"
			}
		}
		f := newNameFinder(slices.Values(names))
		for range 4 {
			text := word(40)
			want := containsAny(text, names)
			if want {
				found++
			}
			if !assert.Equal(t, want, f.in(text), "%q in %q", names, text) {
				return
			}
		}
	}
	assert.Greater(t, found, 1_000, "found is tested")
	assert.Less(t, found, 80_000-1_000, "not found is tested")
}

// FuzzNameFinder: names (cut at NUL) against a text, as strings.Contains.
func FuzzNameFinder(f *testing.F) {
	f.Add("he\x00she\x00his\x00hers", "ushers")
	f.Add("abcd\x00bcx", "abcbcd")
	f.Add("", "")
	f.Add("\xff\x00é", "caf\xc3")
	f.Fuzz(func(t *testing.T, names, text string) {
		list := strings.Split(names, "\x00")
		assert.Equal(t, containsAny(text, list), newNameFinder(slices.Values(list)).in(text), "%q in %q", list, text)
	})
}
