package scopes

import (
	"slices"
	"time"
)

// batch is what a timed batch aims to last.
const batch = 20 * time.Millisecond

// NsPerCall is rustref's ns_per_call, the measure `divergewire bench` and
// the peer benchmark share: warm up for a tenth of the budget, doubling the
// calls while a run is short, then time an odd number (at least 3) of
// batches of about 20 ms and return the median batch's ns per call. op(n)
// makes n calls.
func NsPerCall(budget time.Duration, op func(n int)) float64 {
	start := time.Now()
	calls := 1
	took := timed(op, calls)
	for time.Since(start) < budget/10 {
		if took < budget/40 {
			calls *= 2
		}
		took = timed(op, calls)
	}
	perCall := max(took.Seconds()/float64(calls), 1e-9)
	left := max(budget-time.Since(start), 0).Seconds()
	batches := max(int(left/batch.Seconds()+0.5), 3) | 1
	n := max(int(left/float64(batches)/perCall+0.5), 1)
	ns := make([]float64, batches)
	for i := range ns {
		ns[i] = float64(timed(op, n).Nanoseconds()) / float64(n)
	}
	slices.Sort(ns)
	return ns[batches/2]
}

func timed(op func(n int), calls int) time.Duration {
	start := time.Now()
	op(calls)
	return time.Since(start)
}
