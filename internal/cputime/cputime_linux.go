//go:build linux

// Package cputime is a benchmark helper: the calling thread's CPU time per
// op beside the wall-clock ns/op, for benchmarks on a shared machine.
package cputime

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// threadCPU is the CPU time the calling thread has used.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Loop runs f in b.Loop and reports, beside the wall-clock ns/op, the CPU
// time this thread spent per op ("cpu-ns/op"): on a machine shared with
// other work the thread is often not running, which inflates ns/op but not
// this (work that the runtime does on other threads, such as background
// GC, is not counted).
func Loop(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadCPU()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64(threadCPU()-start)/float64(b.N), "cpu-ns/op")
}
