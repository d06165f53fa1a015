package queue

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

// ErrClosed is returned by Submit and Enqueue after Close: the message was
// never queued. Finish its channel without an answer (not served).
var ErrClosed = errors.New("queue: closed")

// closedWords are the Refused words of a message still waiting at Close.
const closedWords = "the container proxy closed before a loop could start on the message"

// noAgentWords are the Refused words of every message of a Queue built
// without an Agent.
const noAgentWords = "the container proxy has no agent to start a loop"

// Queue holds the messages enqueued for one agent container and decides
// each one's fate. Build it with New; it is safe for concurrent use. Every
// state change happens under one mutex, so a dequeue and a seam racing for
// the same message cannot both have it.
type Queue struct {
	agent Agent

	mu      sync.Mutex
	ctx     context.Context // handed to StartLoop; cancelled by Close
	cancel  context.CancelFunc
	waiting []*message // in enqueue order
	loop    *Loop      // the loop starting or running; nil when none
	begun   bool       // Begun was called
	gated   bool       // the program declared a secret
	open    bool       // deliveries may happen: begun, and fed if gated
	closed  bool
	nextSeq uint64
	starts  sync.WaitGroup // StartLoop calls in flight

	trace func(event) // tests only: every transition, under mu
}

// New returns an empty queue whose loops agent runs. Nothing is delivered
// before Begun. A nil agent refuses every message that would start a loop.
func New(agent Agent) *Queue {
	q := &Queue{agent: agent}
	q.ctx, q.cancel = context.WithCancel(context.Background())
	return q
}

// lock takes the mutex, and makes a zero Queue usable.
func (q *Queue) lock() {
	q.mu.Lock()
	if q.ctx == nil {
		q.ctx, q.cancel = context.WithCancel(context.Background())
	}
}

func (q *Queue) unlock() {
	if q.trace != nil {
		q.trace(event{kind: evUnlock})
	}
	q.mu.Unlock()
}

// Submit queues req and returns at once with the ticket its fate will come
// on. With no loop running and the gate open, the message starts one (with
// every message already waiting, in order); otherwise it waits for a seam
// of the loop in flight or for the next loop. After Close it returns
// ErrClosed and queues nothing.
func (q *Queue) Submit(req enqueue.Request) (*Ticket, error) {
	q.lock()
	defer q.unlock()
	if q.closed {
		return nil, ErrClosed
	}
	m := &message{seq: q.nextSeq, req: req, done: make(chan struct{})}
	q.nextSeq++
	q.waiting = append(q.waiting, m)
	if q.trace != nil {
		q.trace(event{kind: evEnqueue, seq: m.seq, key: req.Key, req: req})
	}
	q.kick()
	return &Ticket{q: q, m: m}, nil
}

// Enqueue is Submit then Wait: it blocks until the message's fate is known
// and returns it, the one answer of its enqueue channel. A ctx already done
// queues nothing and returns ctx.Err(); for a ctx that ends later, see
// Ticket.Wait.
func (q *Queue) Enqueue(ctx context.Context, req enqueue.Request) (enqueue.Response, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return enqueue.Response{}, err
	}
	t, err := q.Submit(req)
	if err != nil {
		return enqueue.Response{}, err
	}
	return t.Wait(ctx)
}

// Dequeue withdraws every message still waiting under key, answers each of
// them Dequeued, and answers Withdrawn if there was one, Empty if not. A
// message the program is already being handed (at a loop's start or at a
// seam) no longer waits, and is not withdrawn.
func (q *Queue) Dequeue(key string) dequeue.Response {
	q.lock()
	defer q.unlock()
	if q.trace != nil {
		var seqs []uint64
		for _, m := range q.waiting {
			if m.req.Key == key {
				seqs = append(seqs, m.seq)
			}
		}
		q.trace(event{kind: evDequeue, key: key, seqs: seqs})
	}
	kept := q.waiting[:0]
	for _, m := range q.waiting {
		if m.req.Key == key {
			q.settle(m, enqueue.Response{Fate: enqueue.Dequeued})
		} else {
			kept = append(kept, m)
		}
	}
	n := len(q.waiting) - len(kept)
	clear(q.waiting[len(kept):]) // let the withdrawn messages go
	q.waiting = kept
	if n == 0 {
		return dequeue.Response{Outcome: dequeue.Empty}
	}
	return dequeue.Response{Outcome: dequeue.Withdrawn}
}

// Begun tells the queue the begin's Begun is sent. gated is whether the
// program declared any secret (Registered.Secrets.Len() > 0): if it did,
// nothing is delivered until Fed; if not, the gate opens now and never
// closes. Until Begun, nothing is delivered at all. A later call starts
// over, as if it were the first.
func (q *Queue) Begun(gated bool) {
	q.lock()
	defer q.unlock()
	if q.closed {
		return
	}
	q.begun, q.gated, q.open = true, gated, !gated
	if q.trace != nil {
		q.trace(event{kind: evBegun, flag: gated})
	}
	q.kick()
}

// Fed tells the queue a Secrets channel was answered Fed: the gate opens
// until the next loop's End, and a loop starts if messages wait and none
// runs. A Fed before Begun counts for nothing, as the protocol has it.
func (q *Queue) Fed() {
	q.lock()
	defer q.unlock()
	if q.closed || !q.begun {
		return
	}
	q.open = true
	if q.trace != nil {
		q.trace(event{kind: evFed})
	}
	q.kick()
}

// Waiting reports how many messages wait: queued, and not yet handed to the
// program, withdrawn or refused.
func (q *Queue) Waiting() int {
	q.lock()
	defer q.unlock()
	return len(q.waiting)
}

// Close ends the queue, for a proxy that is ending (or whose begin failed).
// Every message still waiting is answered Refused (no loop will start on
// it); later Submits fail with ErrClosed; the ctx of every StartLoop is
// cancelled. A loop in flight is not interrupted: its seams offer nothing
// more, and a message being offered keeps the program's verdict. Close
// returns once no StartLoop call is in flight, so an Agent must not call it.
// It may be called more than once.
func (q *Queue) Close() {
	q.lock()
	if !q.closed {
		q.closed = true
		q.cancel()
		if q.trace != nil {
			q.trace(event{kind: evClose})
		}
		for _, m := range q.waiting {
			q.settle(m, enqueue.Response{Fate: enqueue.Refused, Error: protoerr.Error{Message: closedWords}})
		}
		q.waiting = nil
	}
	q.unlock()
	q.starts.Wait()
}

// kick starts a loop when one should start: none runs, the gate is open,
// and messages wait. The loop takes every waiting message, in order. Called
// with mu held, after every change that can make the condition true.
func (q *Queue) kick() {
	if q.loop != nil || !q.open || q.closed || len(q.waiting) == 0 {
		return
	}
	batch := q.take()
	l := &Loop{q: q, phase: starting}
	q.loop = l
	if q.trace != nil {
		q.trace(event{kind: evStart, loop: l, seqs: seqsOf(batch)})
	}
	q.starts.Add(1)
	go q.start(l, batch)
}

// start runs one StartLoop call and settles what it says.
func (q *Queue) start(l *Loop, batch []*message) {
	defer q.starts.Done()
	var refused []error
	var err error = errNoAgent
	if q.agent != nil {
		refused, err = q.agent.StartLoop(q.ctx, l, requests(batch))
	}
	q.lock()
	defer q.unlock()
	if err != nil {
		words := Refusal(err)
		for _, m := range batch {
			q.settle(m, enqueue.Response{Fate: enqueue.Refused, Error: words})
		}
		if l.phase == starting {
			l.phase = failed
		}
		if q.trace != nil {
			q.trace(event{kind: evStartFailed, loop: l})
		}
		if q.loop == l {
			q.loop = nil
			q.kick() // messages that arrived meanwhile try a loop of their own
		}
		return
	}
	q.settleVerdicts(batch, refused)
	if l.phase == starting {
		l.phase = running
	}
}

// take removes every waiting message, in order, for the program.
func (q *Queue) take() []*message {
	batch := q.waiting
	q.waiting = nil
	for _, m := range batch {
		m.state = inFlight
	}
	return batch
}

// settleVerdicts answers each message of batch Delivered, or Refused with
// the words of its non-nil verdict.
func (q *Queue) settleVerdicts(batch []*message, refused []error) {
	for i, m := range batch {
		if i < len(refused) && refused[i] != nil {
			q.settle(m, enqueue.Response{Fate: enqueue.Refused, Error: Refusal(refused[i])})
		} else {
			q.settle(m, enqueue.Response{Fate: enqueue.Delivered})
		}
	}
}

// settle gives m its one fate. Called with mu held.
func (q *Queue) settle(m *message, r enqueue.Response) {
	if m.state == settled || m.state == withdrawn {
		return // unreachable: every path settles a message once
	}
	m.state, m.resp = settled, r
	close(m.done)
	if q.trace != nil {
		q.trace(event{kind: evFate, seq: m.seq, fate: r.Fate})
	}
}

// Refusal is the protocol error a refusing error becomes in a Refused
// answer: the protoerr.Error in err's chain, as is (the container's own
// words), or else err's text. It never panics, even on an error whose Error
// method does (a typed nil pointer): its words are then its type's name.
func Refusal(err error) protoerr.Error {
	if err == nil {
		return protoerr.Error{}
	}
	var e protoerr.Error
	if errors.As(err, &e) {
		return e
	}
	var p *protoerr.Error
	if errors.As(err, &p) {
		if p == nil {
			return protoerr.Error{}
		}
		return *p
	}
	return protoerr.Error{Message: text(err)}
}

// text is err.Error(), or err's type when that panics.
func text(err error) (s string) {
	defer func() {
		if recover() != nil {
			s = fmt.Sprintf("%T", err)
		}
	}()
	return err.Error()
}

func requests(batch []*message) []enqueue.Request {
	reqs := make([]enqueue.Request, len(batch))
	for i, m := range batch {
		reqs[i] = m.req
	}
	return reqs
}

func seqsOf(batch []*message) []uint64 {
	seqs := make([]uint64, len(batch))
	for i, m := range batch {
		seqs[i] = m.seq
	}
	return seqs
}
