package queue

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
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

var (
	propOps  = flag.Int("queue.ops", 0, "operations in TestPropertyConcurrent (default 100000, or $QUEUE_PROPERTY_OPS)")
	propSeed = flag.Uint64("queue.seed", 0, "seed of TestPropertyConcurrent (default: the clock, or $QUEUE_PROPERTY_SEED)")
)

// propConfig reads the operation count and seed: flag, then environment,
// then the default.
func propConfig() (ops int, seed uint64) {
	ops, seed = *propOps, *propSeed
	if ops == 0 {
		ops = 100_000
		if v, err := strconv.Atoi(os.Getenv("QUEUE_PROPERTY_OPS")); err == nil && v > 0 {
			ops = v
		}
	}
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
		if v, err := strconv.ParseUint(os.Getenv("QUEUE_PROPERTY_SEED"), 10, 64); err == nil && v > 0 {
			seed = v
		}
	}
	return ops, seed
}

const propWorkers = 8

var propKeys = []string{"a", "b", "c", "d", "e", "f"}

// TestPropertyConcurrent drives one queue from many goroutines at once —
// enqueues (some cancelled), dequeues by shared keys, seams, loop ends,
// refusals, start failures, Begun and Fed — and checks the protocol's
// guarantees two ways: from the outside (what each caller was answered
// against what the agent saw) and against a sequential model replayed from
// the queue's own transitions, which the mutex puts in one order.
func TestPropertyConcurrent(t *testing.T) {
	ops, seed := propConfig()
	t.Logf("ops=%d seed=%d (rerun with -queue.seed=%d)", ops, seed, seed)
	start := time.Now()

	model := newModel()
	agent := newPropAgent(seed)
	q := New(agent)
	q.m.trace = model.step

	var (
		seamPanics atomic.Int64
		nextID     atomic.Int64
		results    sync.Map // id -> outcome
		enqWG      sync.WaitGroup
		dqMu       sync.Mutex
		dqCount    = map[string][2]int{} // key -> [withdrawn, empty] answers
		cancels    = struct {
			sync.Mutex
			fns []context.CancelFunc
		}{}
	)

	enqueueOp := func(r *rand.Rand) {
		id := int(nextID.Add(1))
		req := msg(propKeys[r.IntN(len(propKeys))], "m"+strconv.Itoa(id))
		ctx := context.Background()
		if r.IntN(8) == 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithCancel(ctx)
			cancels.Lock()
			cancels.fns = append(cancels.fns, cancel)
			cancels.Unlock()
		}
		viaTicket := r.IntN(2) == 0
		enqWG.Add(1)
		go func() {
			defer enqWG.Done()
			var o outcome
			if viaTicket {
				tk, err := q.Submit(req)
				if err != nil {
					o.err = err
				} else {
					o.resp, o.err = tk.Wait(ctx)
				}
			} else {
				o.resp, o.err = q.Enqueue(ctx, req)
			}
			if _, dup := results.LoadOrStore(id, o); dup {
				panic("two results for one message")
			}
		}()
	}

	var wg sync.WaitGroup
	for w := range propWorkers {
		n := ops / propWorkers
		if w < ops%propWorkers {
			n++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, uint64(w)))
			for range n {
				switch p := r.IntN(100); {
				case p < 40:
					enqueueOp(r)
				case p < 55:
					key := propKeys[r.IntN(len(propKeys))]
					resp := q.Dequeue(key)
					dqMu.Lock()
					c := dqCount[key]
					c[resp.Outcome-dequeue.Dequeued]++ // Dequeued 0, Empty 1
					dqCount[key] = c
					dqMu.Unlock()
				case p < 75:
					if l := agent.pick(r, false); l != nil {
						seam(l, &seamPanics)
					}
				case p < 83:
					if l := agent.pick(r, true); l != nil {
						l.End()
					}
				case p < 91:
					q.Fed()
				case p < 92:
					decl := undeclared
					if r.IntN(3) != 0 {
						decl = declared
					}
					q.Begun(decl)
				case p < 97:
					cancels.Lock()
					if len(cancels.fns) > 0 {
						i := r.IntN(len(cancels.fns))
						cancels.fns[i]()
						cancels.fns = slices.Delete(cancels.fns, i, i+1)
					}
					cancels.Unlock()
				default:
					// A stale handle: a loop that ended or failed.
					if l := agent.stale(r); l != nil {
						if r.IntN(2) == 0 {
							seam(l, &seamPanics)
						} else {
							l.End()
						}
					}
				}
				if r.IntN(16) == 0 {
					runtime.Gosched()
				}
			}
		}()
	}
	wg.Wait()

	// Drain: keep the gate open and end every loop until nothing waits, then
	// close (which refuses whatever is left) and wait for every caller.
	for range 1000 {
		q.Fed()
		for l := agent.pick(nil, true); l != nil; l = agent.pick(nil, true) {
			l.End()
		}
		if q.Waiting() == 0 {
			break
		}
		runtime.Gosched()
	}
	q.Close()
	cancels.Lock()
	for _, c := range cancels.fns {
		c()
	}
	cancels.Unlock()
	done := make(chan struct{})
	go func() { enqWG.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		q.mu.Lock()
		summary := model.summary()
		q.mu.Unlock()
		t.Fatalf("callers still waiting a minute after Close; model: %s", summary)
	}

	// Checks.
	model.finish()
	for _, v := range model.violations {
		t.Error(v)
	}
	n := int(nextID.Load())
	failures := 0
	check := func(cond bool, format string, args ...any) {
		if !cond {
			if failures++; failures <= 50 {
				t.Errorf(format, args...)
			}
		}
	}
	fates := map[enqueue.Outcome]int{}
	errs := map[string]int{}
	for id := 1; id <= n; id++ {
		v, ok := results.Load(id)
		check(ok, "m%d: its caller never returned", id)
		if !ok {
			continue
		}
		o := v.(outcome)
		got := agent.received[id]
		verdict, hasVerdict := agent.verdicts[id]
		seq, queued := model.seqOf[id]
		check(got <= 1, "m%d reached the agent %d times", id, got)
		if o.err == nil {
			fates[o.resp.Outcome]++
			check(queued, "m%d answered but never queued", id)
			check(model.fate[seq] == o.resp.Outcome, "m%d answered %v, the queue's transition says %v", id, o.resp.Outcome, model.fate[seq])
			switch o.resp.Outcome {
			case enqueue.Delivered:
				check(got == 1 && hasVerdict && verdict == "", "m%d Delivered, but the agent got it %d times with verdict %q", id, got, verdict)
			case enqueue.Dequeued:
				check(got == 0, "m%d Dequeued, yet it reached the agent", id)
			case enqueue.Error:
				said := o.resp.Error.Value.String()
				if got == 0 {
					check(said == closedWords.Value.String(), "m%d refused unseen with %s", id, said)
				} else {
					check(hasVerdict && verdict != "" && said == verdict,
						"m%d refused with %s, the agent said %s", id, said, verdict)
				}
			default:
				check(false, "m%d: fate %v", id, o.resp.Outcome)
			}
			continue
		}
		switch {
		case errors.Is(o.err, ErrWithdrawn):
			errs["withdrawn"]++
			check(got == 0, "m%d withdrawn, yet it reached the agent", id)
			check(queued && model.withdrawn[seq], "m%d: ErrWithdrawn without a withdrawal", id)
			check(errors.Is(o.err, context.Canceled), "m%d: %v", id, o.err)
		case errors.Is(o.err, ErrInFlight):
			errs["in flight"]++
			check(got == 1, "m%d: ErrInFlight, but the agent got it %d times", id, got)
			_, fated := model.fate[seq]
			check(fated, "m%d: in flight, yet never given a fate", id)
		case errors.Is(o.err, ErrClosed):
			errs["closed"]++
			check(got == 0 && !queued, "m%d: ErrClosed, yet queued", id)
		case errors.Is(o.err, context.Canceled):
			errs["cancelled before queueing"]++
			check(got == 0 && !queued, "m%d: cancelled before queueing, yet queued", id)
		default:
			check(false, "m%d: unexpected error %v", id, o.err)
		}
	}
	// Each loop got its messages in enqueue order.
	for _, rec := range agent.loops {
		last := -1
		for _, id := range rec.received {
			s := int(model.seqOf[id])
			check(s > last, "loop %d: m%d (seq %d) after seq %d", rec.n, id, s, last)
			last = s
		}
	}
	// Each key's dequeue answers are the ones the model expected.
	for _, key := range propKeys {
		check(dqCount[key] == model.dequeues[key], "key %q: answers [withdrawn empty] %v, the model says %v", key, dqCount[key], model.dequeues[key])
	}
	t.Logf("%d messages (%d Delivered, %d Dequeued, %d Error; unanswered: %v), %d loops, %d seams (%d panicked), %d dequeues, %d events in %v",
		n, fates[enqueue.Delivered], fates[enqueue.Dequeued], fates[enqueue.Error], errs,
		len(agent.loops), agent.offers, seamPanics.Load(), model.dequeueCalls, model.events, time.Since(start).Round(time.Millisecond))
	if ops >= 10_000 {
		// Guard against a workload that stopped exercising the queue.
		for _, f := range []enqueue.Outcome{enqueue.Delivered, enqueue.Dequeued, enqueue.Error} {
			check(fates[f] > 0, "no message was %v", f)
		}
		check(errs["withdrawn"] > 0, "no message was withdrawn by cancellation")
		check(seamPanics.Load() > 0, "no Offer panicked")
	}
}

// outcome is what one Enqueue (or Submit and Wait) returned.
type outcome struct {
	resp enqueue.Response
	err  error
}

// propAgent is a program that refuses some messages, fails some starts,
// ends some loops while they start, and records everything it is handed.
type propAgent struct {
	mu       sync.Mutex
	r        *rand.Rand
	loops    map[*Loop]*loopRec
	live     []*Loop // started, not yet ended by the test
	dead     []*Loop // ended or failed
	received map[int]int
	verdicts map[int]string // id -> "" taken, else the refusal's words
	offers   int
}

type loopRec struct {
	n        int
	received []int // ids, in the order handed over
}

func newPropAgent(seed uint64) *propAgent {
	return &propAgent{
		r:        rand.New(rand.NewPCG(seed, 1<<32)),
		loops:    map[*Loop]*loopRec{},
		received: map[int]int{},
		verdicts: map[int]string{},
	}
}

func idOf(m enqueue.Request) int {
	id, _ := strconv.Atoi(textOf(m)[1:])
	return id
}

func (a *propAgent) hand(l *Loop, msgs []enqueue.Request, where string, failWords protoerr.Error) []error {
	rec := a.loops[l]
	refused := make([]error, len(msgs))
	for i, m := range msgs {
		id := idOf(m)
		a.received[id]++
		rec.received = append(rec.received, id)
		switch {
		case !failWords.IsZero():
			a.verdicts[id] = failWords.Value.String()
		case id%7 == 0:
			words := fmt.Sprintf("m%d refused at %s", id, where)
			refused[i] = protoerr.New(protoerr.KindProgram, words)
			a.verdicts[id] = refused[i].(protoerr.Error).Value.String()
		default:
			a.verdicts[id] = ""
		}
	}
	return refused
}

func (a *propAgent) StartLoop(_ context.Context, l *Loop, msgs []enqueue.Request) ([]error, error) {
	a.mu.Lock()
	n := len(a.loops)
	a.loops[l] = &loopRec{n: n}
	roll := a.r.IntN(100)
	var refused []error
	var err error
	if roll >= 96 {
		// The agent panics: every message is Refused in the queue's words,
		// and the panic goes no further than the queue's goroutine.
		a.hand(l, msgs, "start", startFailedWords)
		a.dead = append(a.dead, l)
		a.mu.Unlock()
		panic(fmt.Sprintf("agent bug in loop %d", n)) // not a.loops: unlocked
	}
	if roll < 10 {
		words := fmt.Sprintf("loop %d did not start", n)
		a.hand(l, msgs, "start", protoerr.New(protoerr.KindProgram, words))
		err = errors.New(words)
		a.dead = append(a.dead, l)
	} else {
		refused = a.hand(l, msgs, "start", protoerr.Error{})
		if roll < 15 {
			a.dead = append(a.dead, l)
		} else {
			a.live = append(a.live, l)
		}
	}
	a.mu.Unlock()
	if roll%3 == 0 {
		runtime.Gosched() // widen the window before the queue hears back
	}
	if err == nil && roll < 15 {
		l.End() // the stream ended before POST /run's answer was read
	}
	return refused, err
}

func (a *propAgent) Offer(_ context.Context, l *Loop, msgs []enqueue.Request) []error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.offers++
	if a.r.IntN(100) < 3 {
		// The agent panics: the queue refuses what it was offered, and the
		// panic goes on up the Seam caller's goroutine (seam recovers it).
		a.hand(l, msgs, "seam", offerFailedWords)
		panic("agent bug at a seam")
	}
	return a.hand(l, msgs, "seam", protoerr.Error{})
}

// seam is Loop.Seam in a proxy that recovers its handlers' panics, as
// net/http does; it counts the panics.
func seam(l *Loop, panics *atomic.Int64) {
	defer func() {
		if recover() != nil {
			panics.Add(1)
		}
	}()
	l.Seam(context.Background())
}

// pick returns a live loop, removing it from the live ones if remove is
// set; with r nil, the first.
func (a *propAgent) pick(r *rand.Rand, remove bool) *Loop {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.live) == 0 {
		return nil
	}
	i := 0
	if r != nil {
		i = r.IntN(len(a.live))
	}
	l := a.live[i]
	if remove {
		a.live = slices.Delete(a.live, i, i+1)
		a.dead = append(a.dead, l)
	}
	return l
}

func (a *propAgent) stale(r *rand.Rand) *Loop {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.dead) == 0 {
		return nil
	}
	return a.dead[r.IntN(len(a.dead))]
}

// model is the queue's specification, run sequentially over the queue's
// transitions as its trace reports them (under the queue's mutex, so in the
// one order they happened). It checks each transition was allowed.
type model struct {
	events       int
	violations   []string
	seqOf        map[int]uint64 // test id -> seq
	key          map[uint64]string
	waiting      []uint64
	inFlight     map[uint64]bool
	fate         map[uint64]enqueue.Outcome
	withdrawn    map[uint64]bool
	current      *Loop
	loopPhase    map[*Loop]loopPhase
	batch        map[*Loop][]uint64
	begun, gated bool
	open, closed bool
	mustDequeue  map[uint64]bool // announced by a dequeue, fates to follow
	mustRefuse   map[uint64]bool // waiting at Close, fates to follow
	dequeues     map[string][2]int
	dequeueCalls int
}

func newModel() *model {
	return &model{
		seqOf:       map[int]uint64{},
		key:         map[uint64]string{},
		inFlight:    map[uint64]bool{},
		fate:        map[uint64]enqueue.Outcome{},
		withdrawn:   map[uint64]bool{},
		loopPhase:   map[*Loop]loopPhase{},
		batch:       map[*Loop][]uint64{},
		mustDequeue: map[uint64]bool{},
		mustRefuse:  map[uint64]bool{},
		dequeues:    map[string][2]int{},
	}
}

func (m *model) fail(format string, args ...any) {
	if len(m.violations) < 50 {
		m.violations = append(m.violations, fmt.Sprintf("event %d: ", m.events)+fmt.Sprintf(format, args...))
	}
}

func (m *model) step(ev event) {
	m.events++
	switch ev.kind {
	case evEnqueue:
		if m.closed {
			m.fail("enqueue after close")
		}
		m.seqOf[idOf(ev.req)] = ev.seq
		m.key[ev.seq] = ev.key
		m.waiting = append(m.waiting, ev.seq)
	case evFull, evNoContent:
		m.seqOf[idOf(ev.req)] = ev.seq
		m.key[ev.seq] = ev.key
		m.mustRefuse[ev.seq] = true
	case evStart:
		if m.current != nil || !m.open || m.closed {
			m.fail("start with loop=%v open=%v closed=%v", m.current != nil, m.open, m.closed)
		}
		m.take(ev.seqs, "start")
		m.current = ev.loop
		m.loopPhase[ev.loop] = starting
		m.batch[ev.loop] = ev.seqs
	case evStartFailed:
		for _, s := range m.batch[ev.loop] {
			if f, ok := m.fate[s]; !ok || f != enqueue.Error {
				m.fail("failed start left seq %d with fate %v (%v)", s, f, ok)
			}
		}
		if m.loopPhase[ev.loop] == starting {
			m.loopPhase[ev.loop] = failed
		}
		if m.current == ev.loop {
			m.current = nil
		}
	case evSeam:
		if m.current != ev.loop || !m.open || m.closed {
			m.fail("seam with current=%v open=%v closed=%v", m.current == ev.loop, m.open, m.closed)
		}
		m.take(ev.seqs, "seam")
	case evEnd:
		if p := m.loopPhase[ev.loop]; p == ended || p == failed {
			m.fail("end of a loop in phase %d", p)
		}
		m.loopPhase[ev.loop] = ended
		if m.current == ev.loop {
			m.current = nil
			if m.gated {
				m.open = false
			}
		}
	case evDequeue:
		m.dequeueCalls++
		var want []uint64
		kept := m.waiting[:0]
		for _, s := range m.waiting {
			if m.key[s] == ev.key {
				want = append(want, s)
				m.mustDequeue[s] = true
			} else {
				kept = append(kept, s)
			}
		}
		m.waiting = kept
		if !slices.Equal(want, ev.seqs) {
			m.fail("dequeue %q withdrew %v, waiting under it were %v", ev.key, ev.seqs, want)
		}
		c := m.dequeues[ev.key]
		if len(want) > 0 {
			c[0]++ // withdrawn
		} else {
			c[1]++ // empty
		}
		m.dequeues[ev.key] = c
	case evWithdraw:
		i := slices.Index(m.waiting, ev.seq)
		if i < 0 {
			m.fail("withdrawal of seq %d, which was not waiting", ev.seq)
		} else {
			m.waiting = slices.Delete(m.waiting, i, i+1)
		}
		m.withdrawn[ev.seq] = true
	case evFate:
		if _, dup := m.fate[ev.seq]; dup {
			m.fail("seq %d got a second fate %v", ev.seq, ev.fate)
		}
		m.fate[ev.seq] = ev.fate
		switch {
		case m.inFlight[ev.seq] && ev.fate != enqueue.Dequeued:
			delete(m.inFlight, ev.seq)
		case m.mustDequeue[ev.seq] && ev.fate == enqueue.Dequeued:
			delete(m.mustDequeue, ev.seq)
		case m.mustRefuse[ev.seq] && ev.fate == enqueue.Error:
			delete(m.mustRefuse, ev.seq)
		default:
			m.fail("seq %d got %v out of turn", ev.seq, ev.fate)
		}
	case evBegun:
		m.begun, m.gated, m.open = true, ev.flag, !ev.flag
	case evFed:
		if !m.begun {
			m.fail("Fed counted before Begun")
		}
		m.open = true
	case evClose:
		m.closed = true
		for _, s := range m.waiting {
			m.mustRefuse[s] = true
		}
		m.waiting = nil
	case evUnlock:
		if len(m.mustDequeue) > 0 || len(m.mustRefuse) > 0 {
			m.fail("critical section ended with %d dequeued and %d closed messages unanswered", len(m.mustDequeue), len(m.mustRefuse))
		}
		if m.current == nil && m.open && !m.closed && len(m.waiting) > 0 {
			m.fail("messages %v wait with the gate open and no loop", m.waiting)
		}
	}
}

// take checks a loop's start or a seam took exactly everything waiting.
func (m *model) take(seqs []uint64, what string) {
	if len(seqs) == 0 || !slices.Equal(seqs, m.waiting) {
		m.fail("%s took %v, waiting were %v", what, seqs, m.waiting)
	}
	for _, s := range seqs {
		m.inFlight[s] = true
	}
	m.waiting = m.waiting[:0:0]
}

// finish checks nothing is left without a fate.
func (m *model) finish() {
	if len(m.waiting) > 0 || len(m.inFlight) > 0 {
		m.fail("at the end, %d still wait and %d are in flight", len(m.waiting), len(m.inFlight))
	}
	for id, s := range m.seqOf {
		_, fated := m.fate[s]
		if fated == m.withdrawn[s] {
			m.fail("m%d: fated=%v withdrawn=%v", id, fated, m.withdrawn[s])
		}
	}
}

func (m *model) summary() string {
	return fmt.Sprintf("%d events, %d waiting, %d in flight, loop=%v open=%v closed=%v, violations %v",
		m.events, len(m.waiting), len(m.inFlight), m.current != nil, m.open, m.closed, m.violations)
}
