//go:build !linux

package cputime

import (
	"testing"
	"time"
)

// Loop runs f in b.Loop; only Linux reports the thread's CPU time.
func Loop(b *testing.B, f func()) {
	for b.Loop() {
		f()
	}
}

var epoch = time.Now()

// threadCPU stands in for the thread's CPU time where the system does not
// report it: the wall-clock time since the process started.
func threadCPU() time.Duration { return time.Since(epoch) }
