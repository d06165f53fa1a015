//go:build !linux

package serde

import "testing"

// loopCPU runs f in b.Loop; only Linux reports the thread's CPU time.
func loopCPU(b *testing.B, f func()) {
	for b.Loop() {
		f()
	}
}
