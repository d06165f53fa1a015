package proxy_test

import (
	"context"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// answerCount is a Tap that counts, per channel, the answers the proxy
// writes, and reports a channel answered twice.
type answerCount struct {
	mu      sync.Mutex
	open    map[string]int // channel id → answers so far (-1: request only)
	answers int
	twice   int
	unfated int // finishes with no answer
}

func (a *answerCount) Main([]byte) error { return nil }
func (a *answerCount) MainFinish() error { return nil }
func (a *answerCount) Channel(id string, _ []byte) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	n, ok := a.open[id]
	if !ok {
		a.open[id] = 0
		return nil
	}
	if n > 0 {
		a.twice++
	}
	a.open[id] = n + 1
	a.answers++
	return nil
}
func (a *answerCount) ChannelFinish(id string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.open[id] == 0 {
		a.unfated++
	}
	delete(a.open, id)
	return nil
}

// loopback serves prog on a loopback WebSocket and dials it.
func loopback(t testing.TB, prog proxy.Program, opts proxy.Options) (*provider.Client, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	s := &proxy.Server{Program: prog, Options: opts}
	done := make(chan error, 1)
	srv := httptest.NewServer(s.Handler(ctx, func(err error) { done <- err }))
	c, err := provider.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/", nil)
	require.NoError(t, err)
	return c, func() {
		_ = c.Close()
		<-done
		srv.Close()
		cancel()
	}
}

func heapInUse() uint64 {
	var m runtime.MemStats
	for range 3 {
		runtime.GC()
	}
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// sink is a program that keeps nothing: each loop takes seams until one
// takes nothing.
type sink struct {
	proxytest.Program
	loops atomic.Int64
}

func (s *sink) Run(ctx context.Context, l *proxy.Loop) error {
	s.loops.Add(1)
	for len(l.Seam(ctx)) > 0 {
	}
	return nil
}

// TestLoad sends 12,500 enqueues over one loopback connection from 200
// channels open at once: every message gets exactly one answer, Delivered,
// and the heap after the last 10,000 is about what it was after the first
// 2,500.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test")
	}
	count := &answerCount{open: map[string]int{}}
	prog := &sink{}
	c, stop := loopback(t, prog, proxy.Options{Tap: count})
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	b, err := c.Begin(ctx, wire.Raw{})
	require.NoError(t, err)
	go func() { // read the main stream
		for {
			if _, err := b.Recv(ctx); err != nil {
				return
			}
		}
	}()
	const workers = 200
	var delivered, other atomic.Int64
	send := func(n int) {
		var wg sync.WaitGroup
		var next atomic.Int64
		for range workers {
			wg.Go(func() {
				for i := next.Add(1); i <= int64(n); i = next.Add(1) {
					r, err := b.Enqueue(ctx, enqueue.Request{Key: "k" + strconv.FormatInt(i%50, 10), Content: []mcpcontent.Block{&mcpcontent.Text{Text: "m"}}})
					if err == nil && r.Outcome == enqueue.Delivered {
						delivered.Add(1)
					} else {
						other.Add(1)
					}
				}
			})
		}
		wg.Wait()
	}
	const n = 2500
	send(n)
	after1 := heapInUse()
	send(4 * n)
	after4 := heapInUse()
	t.Logf("heap in use: %d KiB after %d, %d KiB after %d more; loops %d", after1>>10, n, after4>>10, 4*n, prog.loops.Load())
	assert.Equal(t, int64(5*n), delivered.Load())
	assert.Zero(t, other.Load())
	count.mu.Lock()
	assert.Equal(t, 5*n, count.answers)
	assert.Zero(t, count.twice)
	assert.Zero(t, count.unfated)
	count.mu.Unlock()
	assert.Less(t, after4, after1+after1/4+512<<10, "heap grew with the number of messages")
}
