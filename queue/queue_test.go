package queue

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

var (
	delivered = enqueue.Response{Outcome: enqueue.Delivered}
	dequeued  = enqueue.Response{Outcome: enqueue.Dequeued}
)

// ptr is a pointer to a copy of e.
func ptr(e protoerr.Error) *protoerr.Error { return &e }

// program is words in the convention an Agent's plain error is refused in.
func program(words string) protoerr.Error { return protoerr.New(protoerr.KindProgram, words) }

func refusedWith(words protoerr.Error) enqueue.Response {
	return enqueue.Response{Outcome: enqueue.Error, Error: words}
}

// await is the ticket's fate. The queue has no timeouts; the test has one,
// so that a lost message fails the test rather than hanging it.
func await(t *testing.T, tk *Ticket) enqueue.Response {
	t.Helper()
	select {
	case <-tk.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("no fate after 10s")
	}
	resp, err := tk.Wait(context.Background())
	require.NoError(t, err)
	return resp
}

// pending asserts the ticket has no fate yet.
func pending(t *testing.T, tk *Ticket) {
	t.Helper()
	select {
	case <-tk.Done():
		resp, err := tk.Wait(context.Background())
		t.Fatalf("unexpected fate %v (%v)", resp.Outcome, err)
	default:
	}
}

func submit(t *testing.T, q *Queue, key, text string) *Ticket {
	t.Helper()
	tk, err := q.Submit(msg(key, text))
	require.NoError(t, err)
	return tk
}

// withLoop returns a queue, never gated, with a loop running on "first".
func withLoop(t *testing.T, a *scriptAgent) (*Queue, *Loop) {
	t.Helper()
	q := New(a)
	t.Cleanup(q.Close)
	q.Begun(undeclared)
	require.Equal(t, delivered, await(t, submit(t, q, "k0", "first")))
	l := a.Loop(0)
	require.NotNil(t, l)
	return q, l
}

// gate is a StartLoop or Offer that blocks until released.
type gate struct {
	entered chan struct{}
	release chan struct{}
}

func newGate() *gate { return &gate{entered: make(chan struct{}, 16), release: make(chan struct{})} }

func (g *gate) wait() {
	g.entered <- struct{}{}
	<-g.release
}

func TestEnqueueWithNoLoopStartsOne(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	q.Begun(undeclared)
	resp, err := q.Enqueue(context.Background(), msg("k", "hello"))
	require.NoError(t, err)
	assert.Equal(t, delivered, resp)
	require.Equal(t, []call{{start: true, loop: a.Loop(0), texts: []string{"hello"}}}, a.Calls())
}

func TestLoopStartsOnEveryWaitingMessageInOrder(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	// Before Begun nothing is delivered: all three wait.
	tks := []*Ticket{submit(t, q, "a", "one"), submit(t, q, "b", "two"), submit(t, q, "a", "three")}
	assert.Equal(t, 3, q.Waiting())
	assert.Empty(t, a.Calls())
	q.Begun(undeclared)
	for _, tk := range tks {
		assert.Equal(t, delivered, await(t, tk))
	}
	calls := a.Calls()
	require.Len(t, calls, 1)
	assert.Equal(t, []string{"one", "two", "three"}, calls[0].texts)
}

func TestMessageWhileLoopRunsWaitsForSeam(t *testing.T) {
	a := &scriptAgent{}
	q, l := withLoop(t, a)
	b := submit(t, q, "k", "second")
	// Nothing interrupts the loop: the agent hears nothing until its seam.
	assert.Equal(t, 1, q.Waiting())
	pending(t, b)
	assert.Len(t, a.Calls(), 1)

	assert.Equal(t, 1, l.Seam(context.Background()))
	assert.Equal(t, delivered, await(t, b))
	calls := a.Calls()
	require.Len(t, calls, 2)
	assert.Equal(t, call{loop: l, texts: []string{"second"}}, calls[1])
	assert.Equal(t, 0, l.Seam(context.Background()), "an empty queue offers nothing")
	assert.Len(t, a.Calls(), 2)
}

func TestMessageWhileLoopStartsWaits(t *testing.T) {
	g := newGate()
	a := &scriptAgent{start: func(context.Context, *Loop, []enqueue.Request) ([]error, error) {
		g.wait()
		return nil, nil
	}}
	q := New(a)
	defer q.Close()
	q.Begun(undeclared)
	first := submit(t, q, "k", "first")
	<-g.entered
	second := submit(t, q, "k", "second")
	assert.Equal(t, 1, q.Waiting(), "no second loop while one is starting")
	close(g.release)
	assert.Equal(t, delivered, await(t, first))
	pending(t, second)
	require.Equal(t, 1, a.Loop(0).Seam(context.Background()))
	assert.Equal(t, delivered, await(t, second))
}

func TestSeamTakesEverythingWaitingInOrder(t *testing.T) {
	a := &scriptAgent{}
	q, l := withLoop(t, a)
	tks := []*Ticket{submit(t, q, "x", "b"), submit(t, q, "y", "c"), submit(t, q, "x", "d")}
	require.Equal(t, 3, l.Seam(context.Background()))
	for _, tk := range tks {
		assert.Equal(t, delivered, await(t, tk))
	}
	assert.Equal(t, []string{"b", "c", "d"}, a.Calls()[1].texts)
}

func TestSeamRefusalIsFinal(t *testing.T) {
	a := &scriptAgent{offer: func(_ context.Context, _ *Loop, msgs []enqueue.Request) []error {
		refused := make([]error, len(msgs))
		for i, m := range msgs {
			if textOf(m) == "bad" {
				refused[i] = program("images are not accepted")
			}
		}
		return refused
	}}
	q, l := withLoop(t, a)
	good1, bad, good2 := submit(t, q, "k", "ok1"), submit(t, q, "k", "bad"), submit(t, q, "k", "ok2")
	require.Equal(t, 3, l.Seam(context.Background()))
	assert.Equal(t, delivered, await(t, good1))
	assert.Equal(t, refusedWith(program("images are not accepted")), await(t, bad))
	assert.Equal(t, delivered, await(t, good2))
	// Not offered again: at the next seam, and at the next loop.
	assert.Equal(t, 0, q.Waiting())
	assert.Equal(t, 0, l.Seam(context.Background()))
	l.End()
	assert.Len(t, a.Calls(), 2)
}

func TestOfferShortVerdictsDeliverTheRest(t *testing.T) {
	a := &scriptAgent{offer: func(context.Context, *Loop, []enqueue.Request) []error {
		return []error{errors.New("no"), nil, nil, nil, errors.New("ignored: no such message")}
	}}
	q, l := withLoop(t, a)
	x, y := submit(t, q, "k", "x"), submit(t, q, "k", "y")
	require.Equal(t, 2, l.Seam(context.Background()))
	assert.Equal(t, refusedWith(program("no")), await(t, x))
	assert.Equal(t, delivered, await(t, y))
}

func TestStartRefusedRefusesEveryMessage(t *testing.T) {
	var starts atomic.Int32
	a := &scriptAgent{start: func(context.Context, *Loop, []enqueue.Request) ([]error, error) {
		if starts.Add(1) == 1 {
			return nil, fmt.Errorf("run: %w", program("no such tool"))
		}
		return nil, nil
	}}
	q := New(a)
	defer q.Close()
	x, y := submit(t, q, "k", "x"), submit(t, q, "k", "y")
	q.Begun(undeclared)
	assert.Equal(t, refusedWith(program("no such tool")), await(t, x))
	assert.Equal(t, refusedWith(program("no such tool")), await(t, y))

	// The failed loop is dead: its handle does nothing, and the next message
	// starts a loop of its own.
	dead := a.Calls()[0].loop
	assert.Equal(t, 0, dead.Seam(context.Background()))
	dead.End()
	assert.Equal(t, delivered, await(t, submit(t, q, "k", "z")))
	calls := a.Calls()
	require.Len(t, calls, 2)
	assert.Equal(t, call{start: true, loop: a.Loop(0), texts: []string{"z"}}, calls[1], "x and y are not offered again")
}

func TestStartUnreachableRefusesWithItsText(t *testing.T) {
	a := &scriptAgent{start: func(context.Context, *Loop, []enqueue.Request) ([]error, error) {
		return nil, errors.New("dial tcp 127.0.0.1:9: connection refused")
	}}
	q := New(a)
	defer q.Close()
	q.Begun(undeclared)
	resp, err := q.Enqueue(context.Background(), msg("k", "x"))
	require.NoError(t, err)
	assert.Equal(t, refusedWith(program("dial tcp 127.0.0.1:9: connection refused")), resp)
	buf, err := resp.Encode(nil)
	require.NoError(t, err)
	assert.Equal(t, "\x02{\"kind\":\"program\",\"error\":\"dial tcp 127.0.0.1:9: connection refused\"}", string(buf))
}

func TestStartRefusesSomeMessagesAndRuns(t *testing.T) {
	a := &scriptAgent{start: func(context.Context, *Loop, []enqueue.Request) ([]error, error) {
		return []error{nil, ptr(program("empty message"))}, nil
	}}
	q := New(a)
	defer q.Close()
	x, y, z := submit(t, q, "k", "x"), submit(t, q, "k", ""), submit(t, q, "k", "z")
	q.Begun(undeclared)
	assert.Equal(t, delivered, await(t, x))
	assert.Equal(t, refusedWith(program("empty message")), await(t, y))
	assert.Equal(t, delivered, await(t, z))
	// The loop runs: the next message waits for its seam.
	w := submit(t, q, "k", "w")
	assert.Equal(t, 1, q.Waiting())
	require.Equal(t, 1, a.Loop(0).Seam(context.Background()))
	assert.Equal(t, delivered, await(t, w))
}

func TestLoopEndingWithMessagesWaitingStartsTheNext(t *testing.T) {
	a := &scriptAgent{}
	q, l := withLoop(t, a)
	b, c := submit(t, q, "k", "b"), submit(t, q, "k", "c")
	l.End()
	assert.Equal(t, delivered, await(t, b))
	assert.Equal(t, delivered, await(t, c))
	calls := a.Calls()
	require.Len(t, calls, 2)
	assert.True(t, calls[1].start)
	assert.Equal(t, []string{"b", "c"}, calls[1].texts)
	assert.NotSame(t, l, calls[1].loop)
	// The ended loop's handle does nothing now.
	d := submit(t, q, "k", "d")
	assert.Equal(t, 0, l.Seam(context.Background()))
	l.End()
	assert.Equal(t, 1, q.Waiting())
	pending(t, d)
}

func TestLoopEndingWhileStarting(t *testing.T) {
	// The agent's stream can end before StartLoop has returned.
	a := &scriptAgent{start: func(_ context.Context, l *Loop, _ []enqueue.Request) ([]error, error) {
		l.End()
		return nil, nil
	}}
	q := New(a)
	defer q.Close()
	q.Begun(undeclared)
	assert.Equal(t, delivered, await(t, submit(t, q, "k", "x")))
	assert.Equal(t, delivered, await(t, submit(t, q, "k", "y")))
	assert.Len(t, a.Calls(), 2, "each message started a loop of its own")
}

func TestSeamWhileStarting(t *testing.T) {
	g := newGate()
	a := &scriptAgent{start: func(context.Context, *Loop, []enqueue.Request) ([]error, error) {
		g.wait()
		return nil, nil
	}}
	q := New(a)
	defer q.Close()
	q.Begun(undeclared)
	x := submit(t, q, "k", "x")
	<-g.entered
	y := submit(t, q, "k", "y")
	l := a.Calls()[0].loop
	require.Equal(t, 1, l.Seam(context.Background()), "the loop's runner may reach a seam before StartLoop returns")
	assert.Equal(t, delivered, await(t, y))
	pending(t, x)
	close(g.release)
	assert.Equal(t, delivered, await(t, x))
}

func TestSeamsOfOneLoopAreOneAtATime(t *testing.T) {
	g := newGate()
	a := &scriptAgent{offer: func(context.Context, *Loop, []enqueue.Request) []error {
		g.wait()
		return nil
	}}
	q, l := withLoop(t, a)
	x := submit(t, q, "k", "x")
	done := make(chan int)
	go func() { done <- l.Seam(context.Background()) }()
	<-g.entered
	y := submit(t, q, "k", "y")
	assert.Equal(t, 0, l.Seam(context.Background()), "a seam while another offers takes nothing")
	assert.Equal(t, 1, q.Waiting())
	close(g.release)
	assert.Equal(t, 1, <-done)
	assert.Equal(t, delivered, await(t, x))
	pending(t, y)
	go func() { done <- l.Seam(context.Background()) }()
	<-g.entered
	assert.Equal(t, 1, <-done)
	assert.Equal(t, delivered, await(t, y))
}

func TestDequeueWithdrawsEveryMessageUnderItsKey(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	a1, b, a2 := submit(t, q, "a", "1"), submit(t, q, "b", "2"), submit(t, q, "a", "3")
	assert.Equal(t, dequeue.Response{Outcome: dequeue.Dequeued}, q.Dequeue("a"))
	assert.Equal(t, dequeued, await(t, a1))
	assert.Equal(t, dequeued, await(t, a2))
	pending(t, b)
	assert.Equal(t, dequeue.Response{Outcome: dequeue.Empty}, q.Dequeue("a"), "nothing waits under a any more")
	assert.Equal(t, dequeue.Response{Outcome: dequeue.Empty}, q.Dequeue("nobody"))
	assert.Equal(t, dequeue.Response{Outcome: dequeue.Empty}, q.Dequeue(""))

	q.Begun(undeclared)
	assert.Equal(t, delivered, await(t, b))
	calls := a.Calls()
	require.Len(t, calls, 1)
	assert.Equal(t, []string{"2"}, calls[0].texts, "dequeued messages never reach the agent")
	answer := q.Dequeue("a")
	buf, err := answer.Encode(nil)
	require.NoError(t, err)
	assert.Equal(t, []byte{1}, buf)
}

func TestDequeueLeavesMessagesBeingHandedOver(t *testing.T) {
	g := newGate()
	a := &scriptAgent{offer: func(context.Context, *Loop, []enqueue.Request) []error {
		g.wait()
		return nil
	}}
	q, l := withLoop(t, a)
	x := submit(t, q, "x", "x")
	go l.Seam(context.Background())
	<-g.entered
	// The seam took x first: the dequeue finds nothing.
	assert.Equal(t, dequeue.Response{Outcome: dequeue.Empty}, q.Dequeue("x"))
	close(g.release)
	assert.Equal(t, delivered, await(t, x))
}

func TestDequeueDuringStartFindsNothing(t *testing.T) {
	g := newGate()
	a := &scriptAgent{start: func(context.Context, *Loop, []enqueue.Request) ([]error, error) {
		g.wait()
		return nil, nil
	}}
	q := New(a)
	defer q.Close()
	q.Begun(undeclared)
	x := submit(t, q, "x", "x")
	<-g.entered
	assert.Equal(t, dequeue.Response{Outcome: dequeue.Empty}, q.Dequeue("x"))
	close(g.release)
	assert.Equal(t, delivered, await(t, x))
}

func TestNothingIsDeliveredBeforeBegun(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	x := submit(t, q, "k", "x")
	q.Fed() // a Fed before Begun counts for nothing
	assert.Equal(t, 1, q.Waiting())
	pending(t, x)
	q.Begun(undeclared)
	assert.Equal(t, delivered, await(t, x))
}

func TestGateAfterBegunWaitsForFed(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	q.Fed() // before Begun: does not count
	q.Begun(declared)
	x, y := submit(t, q, "k", "x"), submit(t, q, "k", "y")
	assert.Equal(t, 2, q.Waiting())
	assert.Empty(t, a.Calls())
	q.Fed()
	assert.Equal(t, delivered, await(t, x))
	assert.Equal(t, delivered, await(t, y))
	assert.Equal(t, []string{"x", "y"}, a.Calls()[0].texts)
}

func TestGateClosesAtEveryInactive(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	q.Begun(declared)
	q.Fed()
	require.Equal(t, delivered, await(t, submit(t, q, "k", "first")))
	l := a.Loop(0)
	q.Fed() // a Fed during the loop is undone by its Inactive
	b := submit(t, q, "k", "b")
	l.End()
	assert.Equal(t, 1, q.Waiting(), "the loop ended with b waiting, but the gate is closed")
	c := submit(t, q, "k", "c")
	assert.Equal(t, 2, q.Waiting())
	pending(t, b)
	assert.Len(t, a.Calls(), 1)
	q.Fed()
	assert.Equal(t, delivered, await(t, b))
	assert.Equal(t, delivered, await(t, c))
	assert.Equal(t, []string{"b", "c"}, a.Calls()[1].texts)
}

func TestGateClosedHoldsSeams(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	q.Begun(undeclared)
	require.Equal(t, delivered, await(t, submit(t, q, "k", "first")))
	l := a.Loop(0)
	q.Begun(declared) // a new Begun starts over: gated, and not fed
	x := submit(t, q, "k", "x")
	assert.Equal(t, 0, l.Seam(context.Background()))
	pending(t, x)
	q.Fed()
	assert.Equal(t, 1, l.Seam(context.Background()))
	assert.Equal(t, delivered, await(t, x))
}

func TestUngatedProgramIsNeverGated(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	q.Begun(undeclared)
	for i := range 3 {
		x := submit(t, q, "k", fmt.Sprint(i))
		assert.Equal(t, delivered, await(t, x))
		a.Loop(i).End()
	}
	assert.Len(t, a.Calls(), 3)
}

func TestWaitCancelledWhileWaitingWithdrawsUnanswered(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	x := submit(t, q, "x", "x")
	y := submit(t, q, "x", "y")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	resp, err := x.Wait(ctx)
	assert.ErrorIs(t, err, ErrWithdrawn)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, enqueue.Response{}, resp)
	_, encErr := resp.Encode(nil)
	assert.ErrorIs(t, encErr, wire.ErrUnset, "the zero answer returned with an error does not encode")
	_, err = x.Wait(context.Background())
	assert.ErrorIs(t, err, ErrWithdrawn, "a withdrawn ticket stays withdrawn")
	select {
	case <-x.Done():
	default:
		t.Fatal("Done stays open after withdrawal")
	}
	assert.Equal(t, 1, q.Waiting())
	q.Begun(undeclared)
	assert.Equal(t, delivered, await(t, y))
	assert.Equal(t, []string{"y"}, a.Calls()[0].texts, "the withdrawn message never reaches the agent")
	assert.Equal(t, dequeue.Response{Outcome: dequeue.Empty}, q.Dequeue("x"))
}

func TestEnqueueCancelledByCaller(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error)
	go func() {
		_, err := q.Enqueue(ctx, msg("k", "x"))
		errc <- err
	}()
	for q.Waiting() == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	err := <-errc
	assert.ErrorIs(t, err, ErrWithdrawn)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 0, q.Waiting())

	// A ctx that is already done queues nothing.
	_, err = q.Enqueue(ctx, msg("k", "y"))
	assert.ErrorIs(t, err, context.Canceled)
	assert.NotErrorIs(t, err, ErrWithdrawn)
	assert.Equal(t, 0, q.Waiting())
	q.Begun(undeclared)
	assert.Empty(t, a.Calls())
}

func TestWaitCancelledInFlightKeepsTheVerdict(t *testing.T) {
	g := newGate()
	a := &scriptAgent{offer: func(context.Context, *Loop, []enqueue.Request) []error {
		g.wait()
		return nil
	}}
	q, l := withLoop(t, a)
	x := submit(t, q, "x", "x")
	go l.Seam(context.Background())
	<-g.entered
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := x.Wait(ctx)
	assert.ErrorIs(t, err, ErrInFlight)
	assert.ErrorIs(t, err, context.Canceled)
	close(g.release)
	assert.Equal(t, delivered, await(t, x), "the program's verdict still stands")
}

func TestFateWinsOverDoneContext(t *testing.T) {
	a := &scriptAgent{}
	q := New(a)
	defer q.Close()
	x := submit(t, q, "x", "x")
	q.Dequeue("x")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	resp, err := x.Wait(ctx)
	require.NoError(t, err)
	assert.Equal(t, dequeued, resp)
}

func TestCloseRefusesWaitingMessages(t *testing.T) {
	a := &scriptAgent{}
	q, l := withLoop(t, a)
	x := submit(t, q, "x", "x")
	q.Close()
	assert.Equal(t, refusedWith(closedWords), await(t, x))
	_, err := q.Submit(msg("k", "late"))
	assert.ErrorIs(t, err, ErrClosed)
	resp, err := q.Enqueue(context.Background(), msg("k", "late"))
	assert.ErrorIs(t, err, ErrClosed)
	assert.Equal(t, dequeue.Response{Outcome: dequeue.Empty}, q.Dequeue("x"))
	// A caller that drops err cannot send the zero answer by mistake.
	out, encErr := resp.Encode(nil)
	assert.Empty(t, out)
	var ee *wire.EncodeError
	require.ErrorAs(t, encErr, &ee)
	assert.Equal(t, "outcome", ee.Member)
	assert.ErrorIs(t, encErr, wire.ErrUnset)
	assert.Equal(t, 0, l.Seam(context.Background()))
	l.End()
	q.Begun(undeclared)
	q.Fed()
	q.Close()
	assert.Len(t, a.Calls(), 1)
}

func TestCloseCancelsStartLoop(t *testing.T) {
	entered := make(chan struct{})
	a := &scriptAgent{start: func(ctx context.Context, _ *Loop, _ []enqueue.Request) ([]error, error) {
		close(entered)
		<-ctx.Done() // the agent is unreachable; only Close ends the wait
		return nil, ctx.Err()
	}}
	q := New(a)
	q.Begun(undeclared)
	x := submit(t, q, "k", "x")
	<-entered
	q.Close() // returns once StartLoop has returned
	select {
	case <-x.Done():
	default:
		t.Fatal("Close returned before the start settled")
	}
	assert.Equal(t, refusedWith(program(context.Canceled.Error())), await(t, x))
}

func TestNoAgentRefuses(t *testing.T) {
	q := New(nil)
	defer q.Close()
	q.Begun(undeclared)
	resp, err := q.Enqueue(context.Background(), msg("k", "x"))
	require.NoError(t, err)
	assert.Equal(t, refusedWith(noAgentWords), resp)
}

func TestZeroValuesDoNotPanic(t *testing.T) {
	var q Queue
	q.Begun(undeclared)
	//lint:ignore SA1012 a nil ctx is tolerated, and this checks it
	resp, err := q.Enqueue(nil, msg("k", "x"))
	require.NoError(t, err)
	assert.Equal(t, refusedWith(noAgentWords), resp)
	assert.Equal(t, dequeue.Response{Outcome: dequeue.Empty}, q.Dequeue("k"))
	q.Close()

	var l Loop
	//lint:ignore SA1012 a nil ctx is tolerated, and this checks it
	assert.Equal(t, 0, l.Seam(nil))
	l.End()
	var nl *Loop
	assert.Equal(t, 0, nl.Seam(context.Background()))
	nl.End()
}

func TestRefusalWords(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want protoerr.Error
	}{
		{program("the container's words"), program("the container's words")},
		{ptr(program("by pointer")), program("by pointer")},
		{fmt.Errorf("POST /run: %w", program("wrapped")), program("wrapped")},
		{protoerr.NewStatus(protoerr.KindProgram, 503, "busy"), protoerr.NewStatus(protoerr.KindProgram, 503, "busy")},
		{protoerr.NewKind(protoerr.KindUnregistered), protoerr.NewKind(protoerr.KindUnregistered)},
		{errors.New("plain"), program("plain")},
		{(*protoerr.Error)(nil), protoerr.New(protoerr.KindProxy, "*errors.Error")},
		{fmt.Errorf("x: %w", (*protoerr.Error)(nil)), program("x: <nil>")},
		{protoerr.Error{}, program("peer error: no value")},
		{(*panicky)(nil), protoerr.New(protoerr.KindProxy, "*queue.panicky")},
		{nil, protoerr.Error{}},
	} {
		assert.Equal(t, tc.want, Refusal(tc.err), "%#v", tc.err)
		if tc.err != nil {
			_, err := (&enqueue.Response{Outcome: enqueue.Error, Error: Refusal(tc.err)}).Encode(nil)
			assert.NoError(t, err, "%#v: a refusal always encodes", tc.err)
		}
	}
}

// panicky is an error whose Error panics on a nil receiver.
type panicky struct{ s string }

func (p *panicky) Error() string { return p.s }
