package main

import "runtime/metrics"

// heapSample is the runtime's count of finished collections and the live
// heap the last one left.
type heapSample struct {
	cycles, live uint64
}

// heapMetrics are the runtime/metrics names readHeap reads, in its order.
var heapMetrics = []string{"/gc/cycles/total:gc-cycles", "/gc/heap/live:bytes"}

// readHeap samples the runtime's counters now.
func readHeap() heapSample {
	s := make([]metrics.Sample, len(heapMetrics))
	for i, name := range heapMetrics {
		s[i].Name = name
	}
	metrics.Read(s)
	var h heapSample
	if s[0].Value.Kind() == metrics.KindUint64 {
		h.cycles = s[0].Value.Uint64()
	}
	if s[1].Value.Kind() == metrics.KindUint64 {
		h.live = s[1].Value.Uint64()
	}
	return h
}

// HeapTally sums, over every timing of a run, what the collector did: the
// live heap after the forced collection each timing starts from (its least
// and greatest) and the collections that ran inside the timings, so that a
// reader can tell how much collecting the times hold.
type HeapTally struct {
	Timings          int    // timings tallied: one per codec, payload and round
	Collections      uint64 // run inside the timings
	LiveMin, LiveMax uint64 // bytes
}

func (t *HeapTally) add(before, after heapSample) {
	if t.Timings == 0 || before.live < t.LiveMin {
		t.LiveMin = before.live
	}
	t.LiveMax = max(t.LiveMax, before.live)
	if after.cycles > before.cycles {
		t.Collections += after.cycles - before.cycles
	}
	t.Timings++
}
