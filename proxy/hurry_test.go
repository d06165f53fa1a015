package proxy_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/trace"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// lockedBuffer is a bytes.Buffer for a Recorder.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// hurry yields at random, so that every step of the program races the
// channels.
func hurry(rng func() int) func(context.Context) {
	return func(context.Context) {
		for range rng() % 3 {
			runtime.Gosched()
		}
	}
}

// TestOrderingUnderLoad drives a begin with many concurrent enqueues,
// dequeues and feeds against a program that hurries every step, recording
// both sides; each recording must pass the checker, and every message gets
// exactly one fate.
func TestOrderingUnderLoad(t *testing.T) {
	for _, gated := range []bool{false, true} {
		t.Run(fmt.Sprintf("gated=%v", gated), func(t *testing.T) {
			for round := range 3 {
				hurriedSession(t, gated, round)
			}
		})
	}
}

func hurriedSession(t *testing.T, gated bool, seed int) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
	randInt := func() int { mu.Lock(); defer mu.Unlock(); return rng.IntN(1 << 20) }

	prog := &proxytest.Program{Reply: proxytest.Echo, HandBack: proxytest.Prime, Step: hurry(randInt), Seams: seed % 2}
	if gated {
		prog.Registered = declared(map[string]secrets.Mode{"api": secrets.Fixed, "token": secrets.Rotating}, "api", "token")
	}
	var proxyLog, providerLog lockedBuffer
	proxyRec := trace.NewRecorder(&proxyLog, trace.WithChecking())
	providerRec := trace.NewRecorder(&providerLog, trace.WithChecking())
	p, err := proxytest.Pipe(prog, &proxy.Options{Tap: proxyRec}, &provider.Options{Tap: providerRec})
	require.NoError(t, err)

	b, err := p.Client.Begin(ctx, wire.Raw{})
	require.NoError(t, err)
	feed := func(n int) {
		values := secrets.NewValues()
		for name := range b.Registered.Secrets.All() {
			v, _ := wire.NewRawString(name + "-" + strconv.Itoa(n))
			values.Set(name, v)
		}
		r, err := b.Feed(ctx, values)
		if err != nil {
			assert.ErrorIs(t, err, frame.ErrConnEnded) // the session is over
			return
		}
		assert.Contains(t, []secrets.Outcome{secrets.Fed, secrets.Error}, r.Outcome)
	}

	const messages = 200
	var wg, feeders sync.WaitGroup
	// The main stream: feed after Begun and after each Inactive.
	mainDone := make(chan struct{})
	go func() {
		defer close(mainDone)
		feeds := 0
		if gated {
			feeds++
			feeders.Go(func() { feed(0) })
		}
		for {
			r, err := b.Recv(ctx)
			if err != nil {
				return
			}
			if _, ok := r.(*begin.Inactive); ok && gated {
				feeds++
				n := feeds
				feeders.Go(func() { feed(n) })
			}
		}
	}()
	fates := make([]enqueue.Outcome, messages)
	for i := range messages {
		key := "k" + strconv.Itoa(i%7)
		wg.Go(func() {
			r, err := b.Enqueue(ctx, enqueue.Request{Key: key, Content: []mcpcontent.Block{&mcpcontent.Text{Text: "m" + strconv.Itoa(i)}}})
			assert.NoError(t, err)
			fates[i] = r.Outcome
		})
		if i%20 == 0 {
			time.Sleep(time.Millisecond)
		}
		if i%10 == 5 {
			wg.Go(func() {
				r, err := b.Dequeue(ctx, key)
				assert.NoError(t, err)
				assert.Contains(t, []dequeue.Outcome{dequeue.Dequeued, dequeue.Empty}, r.Outcome)
			})
		}
	}
	// Every message's fate comes, while feeds keep the gate opening.
	wg.Wait()
	for i, f := range fates {
		assert.Contains(t, []enqueue.Outcome{enqueue.Delivered, enqueue.Dequeued}, f, "message %d", i)
	}
	require.NoError(t, p.Close())
	<-mainDone
	feeders.Wait()
	assert.NoError(t, proxyRec.Err(), "the proxy's recording")
	assert.NoError(t, providerRec.Err(), "the provider's recording")
	for _, log := range []*lockedBuffer{&proxyLog, &providerLog} {
		require.NoError(t, trace.Check(trace.NewReader(bytes.NewReader(log.b.Bytes()))))
	}
	assert.Positive(t, prog.Loops())
	t.Logf("loops: %d", prog.Loops())
}
