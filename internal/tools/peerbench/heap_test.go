package main

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHeapTally(t *testing.T) {
	var h HeapTally
	h.add(heapSample{cycles: 10, live: 300}, heapSample{cycles: 12, live: 900})
	h.add(heapSample{cycles: 12, live: 100}, heapSample{cycles: 12, live: 100})
	h.add(heapSample{cycles: 20, live: 500}, heapSample{cycles: 21, live: 50})
	assert.Equal(t, HeapTally{Timings: 3, Collections: 3, LiveMin: 100, LiveMax: 500}, h,
		"collections inside the timings summed; the live heap only as each timing starts")

	var one HeapTally
	one.add(heapSample{cycles: 5, live: 700}, heapSample{cycles: 5, live: 700})
	assert.Equal(t, HeapTally{Timings: 1, LiveMin: 700, LiveMax: 700}, one, "the first timing sets the least")
}

func TestReadHeap(t *testing.T) {
	runtime.GC()
	a := readHeap()
	keep := make([]byte, 8<<20)
	runtime.GC()
	b := readHeap()
	runtime.KeepAlive(keep)
	require.NotZero(t, a.cycles, "the runtime reports its collections")
	assert.Greater(t, b.cycles, a.cycles, "runtime.GC is counted")
	assert.GreaterOrEqual(t, b.live, uint64(8<<20), "an 8 MiB slice kept is in the live heap")
}
