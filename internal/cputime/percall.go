package cputime

import (
	"runtime"
	"time"
)

// PerCall is the cost of one call of f: the CPU time the calling thread spent
// (the wall-clock time where the system does not report it), divided over as
// many calls as fill budget. For comparing one function on two inputs in one
// run, on a machine other work shares.
func PerCall(f func(), budget time.Duration) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	f() // warm
	calls, start := 0, threadCPU()
	for {
		f()
		calls++
		if spent := threadCPU() - start; spent >= budget {
			return spent / time.Duration(calls)
		}
	}
}
