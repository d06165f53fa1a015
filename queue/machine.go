package queue

import (
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

// The queue's decisions live here, in machine: a pure, synchronous state
// machine with no goroutines, no locks and no calls to anything foreign (no
// Agent method, no error's Error, no context, no callback but the tests'
// trace). Each operation changes the state and appends effects to out —
// "answer this message", "start this loop on these messages" — which the
// locking layer (queue.go, loop.go, ticket.go) carries out after releasing
// its mutex. exhaustive_test.go explores every sequence of operations up to
// a bound against this type.

// The fates, built in one place (the enqueue package's names may change).
func fateDelivered() enqueue.Response { return enqueue.Response{Outcome: enqueue.Delivered} }
func fateDequeued() enqueue.Response  { return enqueue.Response{Outcome: enqueue.Dequeued} }
func fateRefused(words protoerr.Error) enqueue.Response {
	return enqueue.Response{Outcome: enqueue.Error, Error: words}
}

// verdict is the program's word on one message handed to it, already turned
// into words (outside the lock: that calls the refusing error's methods).
type verdict struct {
	refused bool
	words   protoerr.Error
}

// effectKind is what the locking layer is to do once it unlocks.
type effectKind uint8

const (
	effAnswer effectKind = iota // m has its fate, or was withdrawn: close m.done
	effStart                    // call Agent.StartLoop for loop on batch, in a goroutine of the queue's
)

// effect is one thing the machine decided the world should see.
type effect struct {
	kind  effectKind
	m     *message
	loop  *Loop
	batch []*message
}

// keyList is the intrusive list of the messages waiting under one key.
type keyList struct{ head, tail *message }

// plantedBug breaks one decision of the machine on purpose, so that a test
// can show the exhaustive check catches it. Always bugNone outside those
// tests.
type plantedBug uint8

const (
	bugNone              plantedBug = iota
	bugNoKickAtEnd                  // a loop's End does not start the next loop on what waits
	bugSeamIgnoresGate              // a seam takes messages while the gate is closed
	bugDequeueSparesLast            // a dequeue leaves the last message under its key waiting
	bugCloseForgets                 // Close empties the waiting list without answering it
	bugFailedStartStays             // a failed start leaves its loop as the one in flight
	bugTakeReversed                 // a loop's start or a seam hands messages over in reverse
	bugDoubleAnswer                 // a message refused at a seam is answered twice
)

// machine is the queue's state and its decisions. The zero machine is an
// empty queue, before Begun.
type machine struct {
	owner *Queue // given to each Loop it makes; never called

	head, tail *message // waiting, in enqueue order (message.prev/next)
	n          int      // how many wait
	byKey      map[string]*keyList

	loop         *Loop // the loop starting or running; nil when none
	begun, gated bool  // Begun was called; the program declared a secret
	open, closed bool  // deliveries may happen; Close was called
	nextSeq      uint64
	limit        int // most messages that may wait; 0: no bound

	out   []effect    // effects decided since the layer last took them
	trace func(event) // tests only
	bug   plantedBug  // tests only
}

// effects hands over (and forgets) the effects decided so far.
func (s *machine) effects() []effect {
	e := s.out
	s.out = nil
	return e
}

// submit queues m (or answers it Error if it has no content block or the
// queue is full) and starts a
// loop if one should start. It returns false, and queues nothing, once
// closed.
func (s *machine) submit(m *message) bool {
	if s.closed {
		return false
	}
	m.seq = s.nextSeq
	s.nextSeq++
	if len(m.req.Content) == 0 {
		if s.trace != nil {
			s.trace(event{kind: evNoContent, seq: m.seq, key: m.req.Key, req: m.req})
		}
		m.state = inFlight // so that settle answers it
		s.settle(m, fateRefused(noContentWords))
		return true
	}
	if s.limit > 0 && s.n >= s.limit {
		if s.trace != nil {
			s.trace(event{kind: evFull, seq: m.seq, key: m.req.Key, req: m.req})
		}
		m.state = inFlight // so that settle answers it
		s.settle(m, fateRefused(fullWords))
		return true
	}
	s.push(m)
	if s.trace != nil {
		s.trace(event{kind: evEnqueue, seq: m.seq, key: m.req.Key, req: m.req})
	}
	s.kick()
	return true
}

// dequeue answers Dequeued every message waiting under key, and reports
// whether there was one. Its cost is the number of those messages.
func (s *machine) dequeue(key string) bool {
	kl := s.byKey[key]
	if s.trace != nil {
		var seqs []uint64
		if kl != nil {
			for m := kl.head; m != nil; m = m.knext {
				seqs = append(seqs, m.seq)
			}
		}
		s.trace(event{kind: evDequeue, key: key, seqs: seqs})
	}
	if kl == nil {
		return false
	}
	for m := kl.head; m != nil; {
		next := m.knext
		if s.bug == bugDequeueSparesLast && next == nil {
			break
		}
		s.unlink(m)
		s.settle(m, fateDequeued())
		m = next
	}
	return true
}

// withdraw takes m out of the queue with no fate, if it still waits (its
// waiter gave up), and returns the state m was in.
func (s *machine) withdraw(m *message) msgState {
	st := m.state
	if st != queued {
		return st
	}
	s.unlink(m)
	m.state = withdrawn
	s.out = append(s.out, effect{kind: effAnswer, m: m})
	if s.trace != nil {
		s.trace(event{kind: evWithdraw, seq: m.seq})
	}
	return st
}

// beginWith is Begun: gated is whether a secret was declared; the gate
// opens unless gated; it starts over.
func (s *machine) beginWith(gated bool) {
	if s.closed {
		return
	}
	s.begun, s.gated, s.open = true, gated, !gated
	if s.trace != nil {
		s.trace(event{kind: evBegun, flag: gated})
	}
	s.kick()
}

// fed is Fed: the gate opens, if Begun was called.
func (s *machine) fed() {
	if s.closed || !s.begun {
		return
	}
	s.open = true
	if s.trace != nil {
		s.trace(event{kind: evFed})
	}
	s.kick()
}

// close refuses every waiting message and stops every later decision but
// the verdicts on what is in flight.
func (s *machine) close() {
	if s.closed {
		return
	}
	s.closed = true
	if s.trace != nil {
		s.trace(event{kind: evClose})
	}
	batch := s.take()
	if s.bug == bugCloseForgets {
		return
	}
	for _, m := range batch {
		s.settle(m, fateRefused(closedWords))
	}
}

// seam is a seam of l: it takes every waiting message, in order, for
// Agent.Offer, or nothing if l is not the loop in flight, is already at a
// seam, the gate is closed or the queue closed.
func (s *machine) seam(l *Loop) []*message {
	if s.loop != l || l.seaming || (!s.open && s.bug != bugSeamIgnoresGate) || s.closed || s.n == 0 {
		return nil
	}
	batch := s.take()
	l.seaming = true
	if s.trace != nil {
		s.trace(event{kind: evSeam, loop: l, seqs: seqsOf(batch)})
	}
	return batch
}

// seamDone settles what l's seam took by the verdicts (short: the rest
// Delivered).
func (s *machine) seamDone(l *Loop, batch []*message, vs []verdict) {
	l.seaming = false
	s.settleVerdicts(batch, vs)
	if s.bug == bugDoubleAnswer {
		for i, m := range batch {
			if i < len(vs) && vs[i].refused {
				s.out = append(s.out, effect{kind: effAnswer, m: m})
			}
		}
	}
}

// startDone settles l's start: with didFail, every message of batch is
// refused with words and l is dead (the next loop may start); else by the
// verdicts, and l runs.
func (s *machine) startDone(l *Loop, batch []*message, didFail bool, words protoerr.Error, vs []verdict) {
	if !didFail {
		s.settleVerdicts(batch, vs)
		if l.phase == starting {
			l.phase = running
		}
		return
	}
	for _, m := range batch {
		s.settle(m, fateRefused(words))
	}
	if l.phase == starting {
		l.phase = failed
	}
	if s.trace != nil {
		s.trace(event{kind: evStartFailed, loop: l})
	}
	if s.loop == l && s.bug != bugFailedStartStays {
		s.loop = nil
		s.kick() // messages that arrived meanwhile try a loop of their own
	}
}

// end is l's End: if l is the loop in flight, the gate closes (if gated)
// and what waits starts the next loop.
func (s *machine) end(l *Loop) {
	if l.phase == ended || l.phase == failed {
		return
	}
	l.phase = ended
	if s.trace != nil {
		s.trace(event{kind: evEnd, loop: l})
	}
	if s.loop != l {
		return
	}
	s.loop = nil
	if s.gated {
		s.open = false
	}
	if s.bug != bugNoKickAtEnd {
		s.kick()
	}
}

// kick starts a loop when one should: none runs, the gate is open, the
// queue is not closed, and messages wait. The loop takes them all, in
// order. Called after every change that can make the condition true.
func (s *machine) kick() {
	if s.loop != nil || !s.open || s.closed || s.n == 0 {
		return
	}
	batch := s.take()
	l := &Loop{q: s.owner, phase: starting}
	s.loop = l
	if s.trace != nil {
		s.trace(event{kind: evStart, loop: l, seqs: seqsOf(batch)})
	}
	s.out = append(s.out, effect{kind: effStart, loop: l, batch: batch})
}

// take removes every waiting message, in order, for the program: its cost
// is the number taken.
func (s *machine) take() []*message {
	batch := make([]*message, 0, s.n)
	for m := s.head; m != nil; {
		next := m.next
		m.prev, m.next, m.knext, m.kprev = nil, nil, nil, nil
		m.state = inFlight
		delete(s.byKey, m.req.Key)
		batch = append(batch, m)
		m = next
	}
	s.head, s.tail, s.n = nil, nil, 0
	if s.bug == bugTakeReversed {
		for i, j := 0, len(batch)-1; i < j; i, j = i+1, j-1 {
			batch[i], batch[j] = batch[j], batch[i]
		}
	}
	return batch
}

// push appends m to the waiting list and to its key's.
func (s *machine) push(m *message) {
	m.state = queued
	m.prev, m.next = s.tail, nil
	if s.tail != nil {
		s.tail.next = m
	} else {
		s.head = m
	}
	s.tail = m
	if s.byKey == nil {
		s.byKey = map[string]*keyList{}
	}
	kl := s.byKey[m.req.Key]
	if kl == nil {
		kl = &keyList{}
		s.byKey[m.req.Key] = kl
	}
	m.kprev, m.knext = kl.tail, nil
	if kl.tail != nil {
		kl.tail.knext = m
	} else {
		kl.head = m
	}
	kl.tail = m
	s.n++
}

// unlink takes waiting m out of both lists, in O(1).
func (s *machine) unlink(m *message) {
	if m.prev != nil {
		m.prev.next = m.next
	} else {
		s.head = m.next
	}
	if m.next != nil {
		m.next.prev = m.prev
	} else {
		s.tail = m.prev
	}
	kl := s.byKey[m.req.Key]
	if m.kprev != nil {
		m.kprev.knext = m.knext
	} else {
		kl.head = m.knext
	}
	if m.knext != nil {
		m.knext.kprev = m.kprev
	} else {
		kl.tail = m.kprev
	}
	if kl.head == nil {
		delete(s.byKey, m.req.Key)
	}
	m.prev, m.next, m.kprev, m.knext = nil, nil, nil, nil
	s.n--
}

// settleVerdicts answers each message of batch Delivered, or Error with
// the words of its verdict; a short vs refuses nothing more, extra
// verdicts are ignored.
func (s *machine) settleVerdicts(batch []*message, vs []verdict) {
	for i, m := range batch {
		if i < len(vs) && vs[i].refused {
			s.settle(m, fateRefused(vs[i].words))
		} else {
			s.settle(m, fateDelivered())
		}
	}
}

// settle gives m its one fate.
func (s *machine) settle(m *message, r enqueue.Response) {
	if m.state == settled || m.state == withdrawn {
		return // unreachable: every path settles a message once
	}
	m.state, m.resp = settled, r
	s.out = append(s.out, effect{kind: effAnswer, m: m})
	if s.trace != nil {
		s.trace(event{kind: evFate, seq: m.seq, fate: r.Outcome})
	}
}

func seqsOf(batch []*message) []uint64 {
	seqs := make([]uint64, len(batch))
	for i, m := range batch {
		seqs[i] = m.seq
	}
	return seqs
}
