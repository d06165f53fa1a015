//go:build !linux

package cputime

import "testing"

// Loop runs f in b.Loop; only Linux reports the thread's CPU time.
func Loop(b *testing.B, f func()) {
	for b.Loop() {
		f()
	}
}
