package queue

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
)

// benchAgent takes everything. With endAtStart, every loop's stream ends
// at once, so every message reaches the program as a loop's input; without
// it, the first loop runs for ever and the rest arrive at its seams.
type benchAgent struct {
	endAtStart bool
	loop       atomic.Pointer[Loop]
}

func (a *benchAgent) StartLoop(_ context.Context, l *Loop, _ []enqueue.Request) ([]error, error) {
	if a.endAtStart {
		l.End()
	} else {
		a.loop.Store(l)
	}
	return nil, nil
}

func (a *benchAgent) Offer(context.Context, *Loop, []enqueue.Request) []error { return nil }

// BenchmarkEnqueueToDelivery measures an Enqueue until its Delivered answer,
// with 1, 8 and 64 producers enqueueing at once. "start": no loop runs, so
// messages start loops (each taking what waited). "seam": one loop runs and
// its agent is at a seam as often as it can be. ns/op is wall time per
// message (the inverse of throughput); p50/p99 are per-message latencies.
func BenchmarkEnqueueToDelivery(b *testing.B) {
	for _, mode := range []string{"start", "seam"} {
		for _, producers := range []int{1, 8, 64} {
			b.Run(fmt.Sprintf("%s/producers=%d", mode, producers), func(b *testing.B) {
				benchDelivery(b, mode == "start", producers)
			})
		}
	}
}

func benchDelivery(b *testing.B, endAtStart bool, producers int) {
	agent := &benchAgent{endAtStart: endAtStart}
	q := New(agent)
	defer q.Close()
	q.Begun(false)
	ctx := context.Background()
	req := msg("k", "hello")

	var runner sync.WaitGroup
	var stop atomic.Bool
	if !endAtStart {
		if resp, err := q.Enqueue(ctx, req); err != nil || resp.Fate != enqueue.Delivered {
			b.Fatal(resp, err)
		}
		l := agent.loop.Load()
		runner.Add(1)
		go func() {
			defer runner.Done()
			for !stop.Load() {
				if l.Seam(ctx) == 0 {
					runtime.Gosched()
				}
			}
		}()
	}

	lat := make([][]time.Duration, producers)
	var next atomic.Int64
	var wg sync.WaitGroup
	b.ReportAllocs()
	b.ResetTimer()
	begin := time.Now()
	for p := range producers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(b.N) {
				t0 := time.Now()
				resp, err := q.Enqueue(ctx, req)
				lat[p] = append(lat[p], time.Since(t0))
				if err != nil || resp.Fate != enqueue.Delivered {
					b.Error(resp, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(begin)
	b.StopTimer()
	stop.Store(true)
	runner.Wait()

	all := slices.Concat(lat...)
	slices.Sort(all)
	if len(all) > 0 {
		b.ReportMetric(float64(all[len(all)/2].Nanoseconds()), "p50-ns")
		b.ReportMetric(float64(all[len(all)*99/100].Nanoseconds()), "p99-ns")
		b.ReportMetric(float64(len(all))/elapsed.Seconds(), "msgs/s")
	}
}
