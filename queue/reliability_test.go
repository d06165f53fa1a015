package queue

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
)

const secret = "sk-live-0123456789abcdef" // what a panic must never leak

// failures are the ways an Agent method can fail to return.
var failures = []struct {
	name string
	fail func()
}{
	{"panic with a string", func() { panic(secret) }},
	{"panic with an error", func() { panic(errors.New(secret)) }},
	{"panic(nil)", func() { panic(nil) }},
	{"runtime.Goexit", runtime.Goexit},
}

func TestStartLoopFailureIsContained(t *testing.T) {
	for _, tc := range failures {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			calls := 0
			a := &scriptAgent{start: func(context.Context, *Loop, []enqueue.Request) ([]error, error) {
				mu.Lock()
				calls++
				first := calls == 1
				mu.Unlock()
				if first {
					tc.fail()
				}
				return nil, nil
			}}
			q := New(a)
			defer q.Close()
			x, y := submit(t, q, "k", "x"), submit(t, q, "k", "y")
			q.Begun(undeclared) // the loop's start runs in a goroutine of the queue's
			for _, tk := range []*Ticket{x, y} {
				resp := await(t, tk)
				assert.Equal(t, refusedWith(startFailedWords), resp)
				assert.NotContains(t, resp.Error.Value.String(), secret)
			}
			// The queue goes on: the failed loop is dead, the next starts.
			dead := a.Calls()[0].loop
			assert.Equal(t, 0, dead.Seam(context.Background()))
			dead.End()
			assert.Equal(t, delivered, await(t, submit(t, q, "k", "z")))
			l := a.Loop(0)
			require.NotNil(t, l)
			w := submit(t, q, "k", "w")
			assert.Equal(t, 1, l.Seam(context.Background()))
			assert.Equal(t, delivered, await(t, w))
		})
	}
}

func TestOfferFailureAnswersThenGoesOnUpTheCaller(t *testing.T) {
	for _, tc := range failures {
		t.Run(tc.name, func(t *testing.T) {
			var failNext sync.Mutex // held: the next Offer fails
			failing := true
			a := &scriptAgent{offer: func(context.Context, *Loop, []enqueue.Request) []error {
				failNext.Lock()
				f := failing
				failing = false
				failNext.Unlock()
				if f {
					tc.fail()
				}
				return nil
			}}
			q, l := withLoop(t, a)
			x, y := submit(t, q, "a", "x"), submit(t, q, "b", "y")

			// Seam runs in the proxy's goroutine: the failure is not
			// swallowed, it goes on up after the messages are answered.
			var recovered any
			exited := true
			done := make(chan struct{})
			go func() {
				defer close(done)
				defer func() { recovered = recover() }()
				l.Seam(context.Background())
				exited = false
			}()
			<-done
			assert.True(t, exited, "Seam returned normally from a failed Offer")
			if tc.name == "runtime.Goexit" {
				assert.Nil(t, recovered)
			} else {
				require.NotNil(t, recovered, "the panic was swallowed")
			}
			for _, tk := range []*Ticket{x, y} {
				resp := await(t, tk)
				assert.Equal(t, refusedWith(offerFailedWords), resp)
				assert.NotContains(t, resp.Error.Value.String(), secret)
			}
			// The loop is usable: its next seam offers, its end starts the next.
			z := submit(t, q, "a", "z")
			assert.Equal(t, 1, l.Seam(context.Background()))
			assert.Equal(t, delivered, await(t, z))
			w := submit(t, q, "a", "w")
			l.End()
			assert.Equal(t, delivered, await(t, w))
			assert.NotNil(t, a.Loop(1))
		})
	}
}

// badErr is an error whose methods panic.
type badErr struct{ in string }

func (e badErr) Error() string {
	if e.in == "Error" {
		panic(secret)
	}
	return "bad"
}

func (e badErr) Unwrap() error {
	if e.in == "Unwrap" {
		panic(secret)
	}
	return nil
}

func (e badErr) As(any) bool {
	if e.in == "As" {
		panic(secret)
	}
	return false
}

func TestPanickingErrorsAreContained(t *testing.T) {
	for _, in := range []string{"Error", "Unwrap", "As"} {
		t.Run(in, func(t *testing.T) {
			assert.Equal(t, protoerr.New(protoerr.KindProxy, "queue.badErr"), Refusal(badErr{in: in}))

			a := &scriptAgent{
				start: func(_ context.Context, _ *Loop, msgs []enqueue.Request) ([]error, error) {
					if textOf(msgs[0]) == "fail" {
						return nil, badErr{in: in}
					}
					return []error{badErr{in: in}}, nil
				},
				offer: func(context.Context, *Loop, []enqueue.Request) []error {
					return []error{badErr{in: in}}
				},
			}
			q := New(a)
			defer q.Close()
			q.Begun(undeclared)
			want := refusedWith(protoerr.New(protoerr.KindProxy, "queue.badErr"))
			assert.Equal(t, want, await(t, submit(t, q, "k", "fail")))
			assert.Equal(t, want, await(t, submit(t, q, "k", "x")))
			y := submit(t, q, "k", "y")
			assert.Equal(t, 1, a.Loop(0).Seam(context.Background()))
			assert.Equal(t, want, await(t, y))
		})
	}
}

// watchdog makes a deadlock fail instead of hang: if the test has not
// called the returned stop after d, it panics with every goroutine's stack,
// which ends the test binary.
func watchdog(d time.Duration) (stop func() bool) {
	return time.AfterFunc(d, func() {
		buf := make([]byte, 1<<20)
		panic("deadlock: not done after " + d.String() + "\n" + string(buf[:runtime.Stack(buf, true)]))
	}).Stop
}

// reentrant is an Agent whose every method, and every error it returns,
// and every context it is waited with, calls back into the queue.
type reentrant struct {
	q       *Queue
	mu      sync.Mutex
	loop    *Loop
	pokes   int
	tickets []*Ticket
}

// poke uses every entry point of the queue that cannot block.
func (r *reentrant) poke() {
	r.mu.Lock()
	r.pokes++
	l := r.loop
	r.mu.Unlock()
	r.q.Waiting()
	r.q.Dequeue("nobody")
	r.q.Fed()
	if tk, err := r.q.Submit(msg("re", "re-entrant")); err == nil {
		r.q.Dequeue("re") // answered at once: Dequeued
		r.mu.Lock()
		r.tickets = append(r.tickets, tk)
		r.mu.Unlock()
	}
	if l != nil {
		l.Seam(context.Background()) // nested: takes nothing, or offers what waits
	}
}

func (r *reentrant) StartLoop(_ context.Context, l *Loop, msgs []enqueue.Request) ([]error, error) {
	r.poke()
	if textOf(msgs[0]) == "fail" {
		return nil, reErr{r}
	}
	r.mu.Lock()
	r.loop = l
	r.mu.Unlock()
	r.poke()
	refused := make([]error, len(msgs))
	for i, m := range msgs {
		if textOf(m) == "no" {
			refused[i] = reErr{r}
		}
	}
	return refused, nil
}

func (r *reentrant) Offer(_ context.Context, _ *Loop, msgs []enqueue.Request) []error {
	r.poke()
	refused := make([]error, len(msgs))
	for i, m := range msgs {
		if textOf(m) == "no" {
			refused[i] = reErr{r}
		}
	}
	return refused
}

// reErr calls back into the queue from each of its methods.
type reErr struct{ r *reentrant }

func (e reErr) Error() string { e.r.poke(); return "refused re-entrantly" }
func (e reErr) Unwrap() error { e.r.poke(); return nil }

// pokeCtx is a context whose methods call back into the queue.
type pokeCtx struct {
	context.Context
	r *reentrant
}

func (c pokeCtx) Err() error                  { c.r.poke(); return c.Context.Err() }
func (c pokeCtx) Done() <-chan struct{}       { c.r.poke(); return c.Context.Done() }
func (c pokeCtx) Value(k any) any             { c.r.poke(); return c.Context.Value(k) }
func (c pokeCtx) Deadline() (time.Time, bool) { c.r.poke(); return c.Context.Deadline() }

func TestNothingForeignRunsUnderTheLock(t *testing.T) {
	r := &reentrant{}
	q := New(r)
	r.q = q
	defer q.Close()
	ctx := pokeCtx{context.Background(), r}
	want := refusedWith(program("refused re-entrantly"))
	defer watchdog(10 * time.Second)()

	q.Begun(declared)
	x, no := submit(t, q, "k", "x"), submit(t, q, "k", "no")
	q.Fed() // a loop starts: StartLoop and the refusing error call back
	resp, err := x.Wait(ctx)
	require.NoError(t, err)
	assert.Equal(t, delivered, resp)
	resp, err = no.Wait(ctx)
	require.NoError(t, err)
	assert.Equal(t, want, resp)

	// A seam: Offer and its error call back.
	r.mu.Lock()
	l := r.loop
	r.mu.Unlock()
	y, no2 := submit(t, q, "k", "y"), submit(t, q, "k", "no")
	l.Seam(ctx)
	assert.Equal(t, delivered, await(t, y))
	assert.Equal(t, want, await(t, no2))

	// A waiter whose ctx calls back, cancelled while its message waits (the
	// callback's own seam may deliver it first).
	z := submit(t, q, "z", "z")
	cctx, cancel := context.WithCancel(context.Background())
	cancel()
	resp, err = z.Wait(pokeCtx{cctx, r})
	if err == nil {
		assert.Equal(t, delivered, resp)
	} else {
		assert.ErrorIs(t, err, ErrWithdrawn)
	}

	// A loop that fails to start, with an error that calls back.
	r.mu.Lock()
	r.loop = nil
	r.mu.Unlock()
	l.End()
	q.Fed()
	assert.Equal(t, want, await(t, submit(t, q, "k", "fail")))
	assert.Equal(t, dequeue.Response{Outcome: dequeue.Empty}, q.Dequeue("k"))
	q.Close()

	r.mu.Lock()
	defer r.mu.Unlock()
	assert.Greater(t, r.pokes, 10)
	for _, tk := range r.tickets {
		await(t, tk) // every message the callbacks queued has its fate
	}
}

func TestMaxWaiting(t *testing.T) {
	for _, tc := range []struct {
		limit int
		full  bool // the third message finds the queue full
	}{
		{limit: 2, full: true},
		{limit: 3, full: false},
		{limit: 0, full: false},
		{limit: -1, full: false},
	} {
		a := &scriptAgent{}
		q := New(a, WithMaxWaiting(tc.limit), nil)
		x, y, z := submit(t, q, "x", "x"), submit(t, q, "y", "y"), submit(t, q, "z", "z")
		if !tc.full {
			assert.Equal(t, 3, q.Waiting(), "limit %d", tc.limit)
			q.Close()
			continue
		}
		assert.Equal(t, refusedWith(fullWords), await(t, z), "answered at once, never queued")
		assert.Equal(t, 2, q.Waiting())
		resp, err := q.Enqueue(context.Background(), msg("w", "w"))
		require.NoError(t, err)
		assert.Equal(t, refusedWith(fullWords), resp)

		// Room again once one leaves.
		assert.Equal(t, dequeue.Response{Outcome: dequeue.Dequeued}, q.Dequeue("y"))
		w := submit(t, q, "w", "w")
		pending(t, w)
		q.Begun(undeclared)
		for _, tk := range []*Ticket{x, w} {
			assert.Equal(t, delivered, await(t, tk))
		}
		assert.Equal(t, dequeued, await(t, y))
		assert.Equal(t, []string{"x", "w"}, a.Calls()[0].texts)
		q.Close()
	}
}

// A refusal whose text is not UTF-8 still makes an answer that encodes.
func TestRefusalWordsAlwaysEncode(t *testing.T) {
	words := Refusal(errors.New("bad \xff bytes"))
	assert.Equal(t, protoerr.New(protoerr.KindProgram, "bad \uFFFD bytes"), words)
	resp := enqueue.Response{Outcome: enqueue.Error, Error: words}
	_, err := resp.Encode(nil)
	assert.NoError(t, err)
}

// A message with no content block is refused by the queue itself, at once,
// as the protocol has the container refuse it: it never waits, never counts
// against WithMaxWaiting and never reaches the Agent, even with a loop
// ready to start.
func TestNoContentRefusedAtOnce(t *testing.T) {
	for _, tc := range []struct {
		name    string
		content []mcpcontent.Block
	}{
		{"nil content", nil},
		{"empty content", []mcpcontent.Block{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &scriptAgent{}
			q := New(a, WithMaxWaiting(1))
			defer q.Close()
			q.Begun(undeclared)
			tk, err := q.Submit(enqueue.Request{Key: "k", Content: tc.content})
			require.NoError(t, err)
			resp := await(t, tk)
			assert.Equal(t, refusedWith(noContentWords), resp)
			kind, _ := resp.Error.Kind()
			assert.Equal(t, protoerr.KindNoContent, kind)
			b, err := resp.Encode(nil)
			require.NoError(t, err)
			assert.Equal(t, "\x02"+`{"kind":"no_content","error":"the message has no content block"}`, string(b))
			assert.Equal(t, 0, q.Waiting())

			// The next message, with content, still starts a loop: the
			// refused one took no room and no turn.
			ok := submit(t, q, "k", "hello")
			assert.Equal(t, delivered, await(t, ok))
			calls := a.Calls()
			require.Len(t, calls, 1)
			assert.Equal(t, []string{"hello"}, calls[0].texts)
		})
	}
}
