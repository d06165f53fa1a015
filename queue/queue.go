package queue

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// ErrClosed is returned by Submit and Enqueue after Close: the message was
// never queued. Finish its channel without an answer (not served).
var ErrClosed = errors.New("queue: closed")

// The queue's own refusals, each an Error answer in the container proxy's
// convention: {"kind":…,"error":…} (see the errors package for the kinds).
var (
	// closedWords refuse a message still waiting at Close.
	closedWords = protoerr.New(protoerr.KindClosed, "the container proxy closed before a loop could start on the message")
	// noAgentWords refuse every message of a Queue built without an Agent.
	noAgentWords = protoerr.New(protoerr.KindProxy, "the container proxy has no agent to start a loop")
	// fullWords refuse a message submitted while as many messages wait as
	// WithMaxWaiting allows.
	fullWords = protoerr.New(protoerr.KindQueueFull, "the container proxy's queue is full")
	// noContentWords refuse a message with no content block, as the
	// protocol has the container refuse it.
	noContentWords = protoerr.New(protoerr.KindNoContent, "the message has no content block")
	// startFailedWords refuse every message of a loop whose
	// Agent.StartLoop panicked: the panic's own text is never sent (it may
	// hold anything, secrets included).
	startFailedWords = protoerr.New(protoerr.KindProxy, "the container proxy's agent failed while starting a loop")
	// offerFailedWords refuse every message of a seam whose Agent.Offer
	// panicked.
	offerFailedWords = protoerr.New(protoerr.KindProxy, "the container proxy's agent failed while it was offered the message")
)

// Queue holds the messages enqueued for one agent container and decides
// each one's fate. Build it with New; it is safe for concurrent use. Every
// state change happens under one mutex, so a dequeue and a seam racing for
// the same message cannot both have it; nothing foreign (no Agent method,
// no error's Error, no context method) runs under it.
type Queue struct {
	agent Agent

	mu     sync.Mutex
	ctx    context.Context // handed to StartLoop; cancelled by Close
	cancel context.CancelFunc
	m      machine        // the decisions; guarded by mu
	starts sync.WaitGroup // StartLoop calls in flight
}

// Option configures a Queue built by New.
type Option func(*Queue)

// WithMaxWaiting bounds the messages that wait (queued, not yet handed to
// the program) at n. A message submitted while n wait is not queued: it is
// answered at once, Error with {"kind":"queue_full",…} (its Ticket is
// done, and Enqueue returns that answer). n <= 0 means
// no bound, the default, as the protocol has it.
func WithMaxWaiting(n int) Option {
	return func(q *Queue) {
		if n < 0 {
			n = 0
		}
		q.m.limit = n
	}
}

// New returns an empty queue whose loops agent runs. Nothing is delivered
// before Begun. A nil agent refuses every message that would start a loop.
func New(agent Agent, opts ...Option) *Queue {
	q := &Queue{agent: agent}
	q.ctx, q.cancel = context.WithCancel(context.Background())
	q.m.owner = q
	for _, o := range opts {
		if o != nil {
			o(q)
		}
	}
	return q
}

// lock takes the mutex, and makes a zero Queue usable.
func (q *Queue) lock() {
	q.mu.Lock()
	if q.ctx == nil {
		q.ctx, q.cancel = context.WithCancel(context.Background())
		q.m.owner = q
	}
}

// unlock releases the mutex, then carries out what the machine decided:
// answers (a closed done channel) and loop starts (a goroutine calling
// Agent.StartLoop, counted before the mutex is released so that Close waits
// for it).
func (q *Queue) unlock() {
	eff := q.m.effects()
	for _, e := range eff {
		if e.kind == effStart {
			q.starts.Add(1)
		}
	}
	if q.m.trace != nil {
		q.m.trace(event{kind: evUnlock})
	}
	q.mu.Unlock()
	for _, e := range eff {
		switch e.kind {
		case effAnswer:
			close(e.m.done)
		case effStart:
			go q.start(e.loop, e.batch)
		}
	}
}

// Submit queues req and returns at once with the ticket its fate will come
// on. With no loop running and the gate open, the message starts one (with
// every message already waiting, in order); otherwise it waits for a seam
// of the loop in flight or for the next loop. A message with no content
// block is answered Error at once ({"kind":"no_content",…}), as the
// protocol has the container refuse it, and never reaches the Agent; with
// WithMaxWaiting, so is a message that finds the queue full
// ({"kind":"queue_full",…}). After Close it returns ErrClosed and queues
// nothing.
func (q *Queue) Submit(req enqueue.Request) (*Ticket, error) {
	m := &message{req: req, done: make(chan struct{})}
	q.lock()
	ok := q.m.submit(m)
	q.unlock()
	if !ok {
		return nil, ErrClosed
	}
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
// them Dequeued, and answers Dequeued if there was one, Empty if not. A
// message the program is already being handed (at a loop's start or at a
// seam) no longer waits, and is not withdrawn. It costs what waits under
// key, however many wait under other keys.
func (q *Queue) Dequeue(key string) dequeue.Response {
	q.lock()
	found := q.m.dequeue(key)
	q.unlock()
	if !found {
		return dequeue.Response{Outcome: dequeue.Empty}
	}
	return dequeue.Response{Outcome: dequeue.Dequeued}
}

// Begun tells the queue the begin's Begun is sent, with the secrets the
// program declared in it (Registered.Secrets). If it declared any, nothing
// is delivered until Fed; if none, the gate opens now and never closes.
// Until Begun, nothing is delivered at all. A later call starts over, as if
// it were the first.
func (q *Queue) Begun(decl secrets.Declaration) {
	q.lock()
	q.m.beginWith(decl.Len() > 0)
	q.unlock()
}

// Fed tells the queue a Secrets channel was answered Fed: the gate opens
// until the next loop's End, and a loop starts if messages wait and none
// runs. A Fed before Begun counts for nothing, as the protocol has it.
func (q *Queue) Fed() {
	q.lock()
	q.m.fed()
	q.unlock()
}

// Waiting reports how many messages wait: queued, and not yet handed to the
// program, withdrawn or refused.
func (q *Queue) Waiting() int {
	q.lock()
	n := q.m.n
	q.unlock()
	return n
}

// Close ends the queue, for a proxy that is ending (or whose begin failed).
// Every message still waiting is answered Error ({"kind":"closed",…}: no
// loop will start on it); later Submits fail with ErrClosed; the ctx of every StartLoop is
// cancelled. A loop in flight is not interrupted: its seams offer nothing
// more, and a message being offered keeps the program's verdict. Close
// returns once no StartLoop call is in flight (and every message it was
// handed has its fate), so neither an Agent's StartLoop nor an error it
// returns may call it. It may be called more than once.
func (q *Queue) Close() {
	q.lock()
	if !q.m.closed {
		q.cancel()
	}
	q.m.close()
	q.unlock()
	q.starts.Wait()
}

// start runs one Agent.StartLoop call, in a goroutine of the queue's, and
// settles what it says. A panic there (or in a returned error's methods) is
// contained: the loop did not start, every message of batch is refused with
// startFailedWords, and the queue goes on; the process does not die of it.
func (q *Queue) start(l *Loop, batch []*message) {
	defer q.starts.Done()
	var (
		failed   = true
		words    = startFailedWords
		vs       []verdict
		returned bool
	)
	defer func() {
		if !returned {
			_ = recover() // contained: see the doc comment
			failed, words, vs = true, startFailedWords, nil
		}
		q.lock()
		q.m.startDone(l, batch, failed, words, vs)
		q.unlock()
	}()
	var refused []error
	var err error = errNoAgent
	if q.agent != nil {
		refused, err = q.agent.StartLoop(q.ctx, l, requests(batch))
	}
	if err != nil {
		words = Refusal(err)
	} else {
		failed, vs = false, verdictsOf(refused, len(batch))
	}
	returned = true
}

// verdictsOf turns an Agent's per-message errors into words, outside the
// lock. Entries past n are ignored; missing ones refuse nothing.
func verdictsOf(refused []error, n int) []verdict {
	if len(refused) > n {
		refused = refused[:n]
	}
	var vs []verdict
	for i, err := range refused {
		if err == nil {
			continue
		}
		if vs == nil {
			vs = make([]verdict, len(refused))
		}
		vs[i] = verdict{refused: true, words: Refusal(err)}
	}
	return vs
}

// allRefused is n verdicts refusing with words.
func allRefused(n int, words protoerr.Error) []verdict {
	vs := make([]verdict, n)
	for i := range vs {
		vs[i] = verdict{refused: true, words: words}
	}
	return vs
}

// Refusal is the protocol error a refusing error becomes in an Error
// answer: the protoerr.Error in err's chain, as is (the container's own
// words, in whatever JSON it wrote them), or else err's text in the
// convention, {"kind":"program","error":…} — the Agent speaks for the
// program. It never panics, even on an error whose Error, Unwrap or As
// method does (a typed nil pointer): its words are then its type's name,
// under the kind "proxy". The result always encodes: a byte of err's text
// that is not UTF-8 becomes U+FFFD, and a protoerr.Error holding no value
// is passed over for err's text. Refusal(nil) is the zero Error, no
// refusal. The queue calls it without holding its lock, so an error's
// methods may call back into the queue.
func Refusal(err error) protoerr.Error {
	if err == nil {
		return protoerr.Error{}
	}
	return refusal(err)
}

func refusal(err error) (words protoerr.Error) {
	defer func() {
		if recover() != nil {
			words = protoerr.New(protoerr.KindProxy, fmt.Sprintf("%T", err))
		}
	}()
	var e protoerr.Error
	if errors.As(err, &e) && !e.IsZero() {
		return e
	}
	var p *protoerr.Error
	if errors.As(err, &p) && p != nil && !p.IsZero() {
		return *p
	}
	return protoerr.New(protoerr.KindProgram, err.Error())
}

func requests(batch []*message) []enqueue.Request {
	reqs := make([]enqueue.Request, len(batch))
	for i, m := range batch {
		reqs[i] = m.req
	}
	return reqs
}
