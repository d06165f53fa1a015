package serde

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// atDepth runs f below n frames of about 256 bytes each, so that across the
// values of n the goroutine's stack has to grow at every point of f.
//
//go:noinline
func atDepth(n int, f func()) {
	var pad [256]byte
	if n > 0 {
		atDepth(n-1, f)
		return
	}
	f()
	_ = pad
}

// TestStructMembersSurviveStackGrowth: decoding is right wherever the
// stack grows (noescape hands every Read the Decoder and struct that the
// loop goes on with; under -race a stale copy once read "key" and left the
// loop at the comma before it).
func TestStructMembersSurviveStackGrowth(t *testing.T) {
	src := []byte(`{"key":"k","a_member_name_longer_than_a_word":"l","n":7,"ünï":"u"}`)
	want := fastT{Key: "k", Long: "l", N: 7, Uni: "u"}
	for n := range 64 {
		done := make(chan struct{})
		go func() { // a fresh goroutine starts on a small stack
			defer close(done)
			atDepth(n, func() {
				d := NewDecoder(src)
				var v fastT
				require.NoError(t, ReadStruct(&d, &fastStruct, &v), "depth %d", n)
				assert.Equal(t, want, v, "depth %d", n)
			})
		}()
		<-done
	}
}
