package queue

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
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
	q.Begun(undeclared)
	ctx := context.Background()
	req := msg("k", "hello")

	var runner sync.WaitGroup
	var stop atomic.Bool
	if !endAtStart {
		if resp, err := q.Enqueue(ctx, req); err != nil || resp.Outcome != enqueue.Delivered {
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
				if err != nil || resp.Outcome != enqueue.Delivered {
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

// BenchmarkWaiting measures the cost of the operations that used to scan
// or shift the waiting list, with 1k, 10k and 100k messages waiting (a
// gated queue never fed). One op is: a dequeue of a key in the middle of
// the list and the resubmission of its message, a submit and dequeue of a
// fresh key, a submit withdrawn by its waiter's cancelled ctx, and a
// dequeue of a key nothing waits under. Its ns/op is flat in the number
// waiting: a dequeue costs what waits under its key, a withdrawal O(1).
func BenchmarkWaiting(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("waiting=%d", n), func(b *testing.B) {
			q := New(&benchAgent{})
			defer q.Close()
			q.Begun(declared) // never fed: everything waits
			reqs := make([]enqueue.Request, n)
			for i := range reqs {
				reqs[i] = msg("w"+strconv.Itoa(i), "waiting")
				if _, err := q.Submit(reqs[i]); err != nil {
					b.Fatal(err)
				}
			}
			cancelled, cancel := context.WithCancel(context.Background())
			cancel()
			probe, gone := msg("probe", "p"), msg("gone", "g")
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				r := reqs[(i*7919)%n] // spread over the list
				i++
				if q.Dequeue(r.Key).Outcome != dequeue.Dequeued {
					b.Fatal("not waiting:", r.Key)
				}
				_, _ = q.Submit(r)
				_, _ = q.Submit(probe)
				q.Dequeue("probe")
				tk, _ := q.Submit(gone)
				if _, err := tk.Wait(cancelled); !errors.Is(err, ErrWithdrawn) {
					b.Fatal(err)
				}
				q.Dequeue("nobody")
			}
			if q.Waiting() != n {
				b.Fatal("waiting", q.Waiting(), "want", n)
			}
		})
	}
}

// soakAgent runs loops for BenchmarkSoak: it refuses one message in 16
// and keeps the latest loop for the runner.
type soakAgent struct{ loop atomic.Pointer[Loop] }

func (a *soakAgent) verdicts(msgs []enqueue.Request) []error {
	var refused []error
	for i, m := range msgs {
		if len(m.Key) > 0 && m.Key[len(m.Key)-1] == 'f' {
			if refused == nil {
				refused = make([]error, len(msgs))
			}
			refused[i] = protoerr.New(protoerr.KindProgram, "no")
		}
	}
	return refused
}

func (a *soakAgent) StartLoop(_ context.Context, l *Loop, msgs []enqueue.Request) ([]error, error) {
	a.loop.Store(l)
	return a.verdicts(msgs), nil
}

func (a *soakAgent) Offer(_ context.Context, _ *Loop, msgs []enqueue.Request) []error {
	return a.verdicts(msgs)
}

// BenchmarkSoak runs sustained traffic on one gated queue: 16 producers
// enqueueing under 16 keys (one in 8 with a ctx they cancel), a dequeuer,
// and a runner that seams the loop in flight and every 32 seams ends it and
// feeds the gate (so loops start and end all along). One op is one
// enqueue answered. It reports the heap in use and the goroutines running
// after a warm-up and at the end, which stay flat; run it as long as you
// like with -benchtime (e.g. -bench=Soak -benchtime=2m).
func BenchmarkSoak(b *testing.B) {
	const producers = 16
	agent := &soakAgent{}
	q := New(agent)
	defer q.Close()
	q.Begun(declared)
	q.Fed()

	var stop atomic.Bool
	var helpers sync.WaitGroup
	helpers.Add(2)
	go func() { // the agent's runner
		defer helpers.Done()
		for n := 0; !stop.Load(); n++ {
			l := agent.loop.Load()
			if l == nil || l.Seam(context.Background()) == 0 {
				runtime.Gosched()
			}
			if n%32 == 31 && l != nil {
				l.End()
				q.Fed()
			}
		}
	}()
	go func() { // a proxy's dequeues
		defer helpers.Done()
		for n := 0; !stop.Load(); n++ {
			q.Dequeue("k" + strconv.Itoa(n%16))
			time.Sleep(10 * time.Microsecond)
		}
	}()

	var next atomic.Int64
	var fates [4]atomic.Int64
	produce := func(total int64) {
		var wg sync.WaitGroup
		for p := range producers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := next.Add(1); n <= total; n = next.Add(1) {
					req := msg("k"+strconv.Itoa(int(n%16))+string("abcdef"[n%6]), "soak")
					ctx, cancel := context.WithCancel(context.Background())
					if n%8 == int64(p%8) {
						cancel() // given up at once: queued nothing, or withdrawn
					}
					resp, err := q.Enqueue(ctx, req)
					cancel()
					if err == nil {
						fates[resp.Outcome%4].Add(1)
					} else if !errors.Is(err, context.Canceled) {
						b.Error(err)
						return
					}
				}
			}()
		}
		wg.Wait()
	}
	measure := func() (heap uint64, goroutines int) {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapInuse, runtime.NumGoroutine()
	}

	produce(10_000) // warm-up
	next.Store(0)
	heap0, g0 := measure()
	b.ResetTimer()
	produce(int64(b.N))
	b.StopTimer()
	heap1, g1 := measure()
	stop.Store(true)
	helpers.Wait()

	b.ReportMetric(float64(heap0), "heap-start-B")
	b.ReportMetric(float64(heap1), "heap-end-B")
	b.ReportMetric(float64(g0), "goroutines-start")
	b.ReportMetric(float64(g1), "goroutines-end")
	if fates[enqueue.Delivered].Load() == 0 || fates[enqueue.Error].Load() == 0 {
		b.Error("the soak delivered or refused nothing")
	}
}
