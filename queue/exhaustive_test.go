package queue

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

// The exhaustive check: every sequence of operations on the pure machine,
// up to a bound on messages and keys, explored depth first with every
// reached state hashed so that each is expanded once. Each step is checked
// against an independent account of the protocol kept beside the machine
// (the "ghost"): which messages wait, in what order, whether the gate is
// open, which loop is in flight. The operations are the proxy's and the
// agent's: submit under each key, dequeue each key, a waiter giving up,
// Begun gated or not, Fed, Close, End and Seam on every loop ever made
// (stale ones too), and for every start or offer in flight each way it can
// come back: every subset of its messages refused, the start failing, the
// agent panicking.

var (
	exMsgs = flag.Int("queue.exhaustive.msgs", 0, "messages in TestExhaustive (default 3, or $QUEUE_EXHAUSTIVE_MSGS)")
	exKeys = flag.Int("queue.exhaustive.keys", 0, "keys in TestExhaustive (default 2, or $QUEUE_EXHAUSTIVE_KEYS)")
)

func exBound(f *int, env string, def int) int {
	if *f > 0 {
		return *f
	}
	if v, err := strconv.Atoi(os.Getenv(env)); err == nil && v > 0 {
		return v
	}
	return def
}

// gStatus is the ghost's account of a message.
type gStatus uint8

const (
	gWaiting gStatus = iota
	gInFlight
	gFated
	gWithdrawn
)

// pendingCall is a StartLoop or an Offer in flight: the machine decided
// it, the agent has not answered.
type pendingCall struct {
	loop  int // index in world.loops
	seam  bool
	batch []*message
}

// world is the machine, the agent's calls in flight and the ghost.
type world struct {
	s     machine
	msgs  []*message // by seq
	keys  []string   // msg i's key
	loops []*Loop    // in the order the machine made them
	pend  []pendingCall

	// The ghost: the specification's account, kept from the operations
	// alone, never read from the machine.
	st                            []gStatus
	fate                          []string
	gBegun, gGated, gOpen, gClose bool
	gCur                          int // the loop in flight, -1 if none
	gPhase                        []loopPhase
	gSeaming                      []bool
}

func (w *world) clone() *world {
	c := &world{
		s:        w.s,
		keys:     slices.Clone(w.keys),
		st:       slices.Clone(w.st),
		fate:     slices.Clone(w.fate),
		gBegun:   w.gBegun,
		gGated:   w.gGated,
		gOpen:    w.gOpen,
		gClose:   w.gClose,
		gCur:     w.gCur,
		gPhase:   slices.Clone(w.gPhase),
		gSeaming: slices.Clone(w.gSeaming),
		msgs:     make([]*message, len(w.msgs)),
		loops:    make([]*Loop, len(w.loops)),
	}
	ms := make([]message, len(w.msgs))
	for i, m := range w.msgs {
		ms[i] = *m
		c.msgs[i] = &ms[i]
	}
	// A message's seq is its index: remap by it.
	mm := func(m *message) *message {
		if m == nil {
			return nil
		}
		return c.msgs[m.seq]
	}
	for _, m := range c.msgs {
		m.prev, m.next, m.kprev, m.knext = mm(m.prev), mm(m.next), mm(m.kprev), mm(m.knext)
	}
	ls := make([]Loop, len(w.loops))
	for i, l := range w.loops {
		ls[i] = *l
		c.loops[i] = &ls[i]
	}
	c.s.head, c.s.tail, c.s.out = mm(w.s.head), mm(w.s.tail), nil
	if i := slices.Index(w.loops, w.s.loop); i >= 0 {
		c.s.loop = c.loops[i]
	}
	if w.s.byKey != nil {
		c.s.byKey = make(map[string]*keyList, len(w.s.byKey))
		for k, kl := range w.s.byKey {
			c.s.byKey[k] = &keyList{head: mm(kl.head), tail: mm(kl.tail)}
		}
	}
	c.pend = make([]pendingCall, len(w.pend))
	for j, p := range w.pend {
		b := make([]*message, len(p.batch))
		for i, m := range p.batch {
			b[i] = mm(m)
		}
		c.pend[j] = pendingCall{loop: p.loop, seam: p.seam, batch: b}
	}
	return c
}

// opKind is one operation of the exploration.
type opKind uint8

const (
	opSubmit     opKind = iota // a: key
	opDequeue                  // a: key
	opWithdraw                 // a: message (its waiter's ctx ends)
	opBegun                    // a: 1 if gated
	opFed                      //
	opClose                    //
	opEnd                      // a: loop
	opSeam                     // a: loop
	opStartOK                  // a: pending call, b: mask of refused messages
	opStartFail                // a: pending call (StartLoop returned an error)
	opStartPanic               // a: pending call
	opOfferOK                  // a: pending call, b: mask of refused messages
	opOfferPanic               // a: pending call
)

type op struct {
	kind opKind
	a, b int
}

func (o op) String() string {
	name := [...]string{"submit", "dequeue", "withdraw", "begun", "fed", "close", "end", "seam",
		"start-ok", "start-fail", "start-panic", "offer-ok", "offer-panic"}[o.kind]
	return fmt.Sprintf("%s(%d,%d)", name, o.a, o.b)
}

// exConfig bounds one exploration.
type exConfig struct {
	msgs, keys int
	limit      int        // WithMaxWaiting
	bug        plantedBug // a decision broken on purpose
	maxFound   int        // stop after this many violations
}

// exResult is what an exploration found.
type exResult struct {
	states, transitions int
	violations          []string // each with the operations that led to it
}

var (
	startErrWords = protoerr.New(protoerr.KindProgram, "the agent could not start")
	verdictWords  = protoerr.New(protoerr.KindProgram, "refused by the agent")
)

// enabled lists the operations worth trying in w.
func (w *world) enabled(cfg exConfig) []op {
	var ops []op
	if len(w.msgs) < cfg.msgs {
		// Keys are interchangeable: a new message takes a key already used
		// or the first unused one.
		used := 0
		for _, k := range w.keys {
			if n, _ := strconv.Atoi(k[1:]); n+1 > used {
				used = n + 1
			}
		}
		for k := range min(cfg.keys, used+1) {
			ops = append(ops, op{kind: opSubmit, a: k})
		}
	}
	for k := range cfg.keys {
		ops = append(ops, op{kind: opDequeue, a: k})
	}
	for i := range w.msgs {
		if w.st[i] == gWaiting {
			ops = append(ops, op{kind: opWithdraw, a: i})
		}
	}
	ops = append(ops, op{kind: opBegun, a: 0}, op{kind: opBegun, a: 1}, op{kind: opFed}, op{kind: opClose})
	for l := range w.loops {
		ops = append(ops, op{kind: opEnd, a: l}, op{kind: opSeam, a: l})
	}
	for p, c := range w.pend {
		for mask := range 1 << len(c.batch) {
			if c.seam {
				ops = append(ops, op{kind: opOfferOK, a: p, b: mask})
			} else {
				ops = append(ops, op{kind: opStartOK, a: p, b: mask})
			}
		}
		if c.seam {
			ops = append(ops, op{kind: opOfferPanic, a: p})
		} else {
			ops = append(ops, op{kind: opStartFail, a: p}, op{kind: opStartPanic, a: p})
		}
	}
	return ops
}

func (w *world) waitingSeqs() []uint64 {
	var seqs []uint64
	for i, st := range w.st {
		if st == gWaiting {
			seqs = append(seqs, uint64(i))
		}
	}
	return seqs
}

// answerCode is a message's answer as the machine left it.
func answerCode(m *message) string {
	if m.state == withdrawn {
		return "W"
	}
	switch m.resp.Outcome {
	case enqueue.Delivered:
		return "D"
	case enqueue.Dequeued:
		return "Q"
	case enqueue.Error:
		return "R:" + m.resp.Error.Value.String()
	}
	return fmt.Sprintf("?%v", m.resp.Outcome)
}

func verdictsFromMask(n, mask int) []verdict {
	vs := make([]verdict, n)
	for i := range vs {
		if mask&(1<<i) != 0 {
			vs[i] = verdict{refused: true, words: verdictWords}
		}
	}
	return vs
}

// step applies o to w (a clone), checks it, and returns what went wrong.
func (w *world) step(o op, cfg exConfig) []string {
	var bad []string
	fail := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	expect := map[int]string{} // message -> the one answer this step must give it
	waiting := w.waitingSeqs()

	switch o.kind {
	case opSubmit:
		i := len(w.msgs)
		m := &message{req: msg("k"+strconv.Itoa(o.a), "m"+strconv.Itoa(i))}
		ok := w.s.submit(m)
		if ok != !w.gClose {
			fail("submit returned %v with the queue closed=%v", ok, w.gClose)
		}
		if ok {
			if m.seq != uint64(i) {
				fail("message %d got seq %d", i, m.seq)
			}
			w.msgs, w.keys = append(w.msgs, m), append(w.keys, m.req.Key)
			w.st, w.fate = append(w.st, gWaiting), append(w.fate, "")
			if cfg.limit > 0 && len(waiting) >= cfg.limit {
				expect[i] = "R:" + fullWords.Value.String()
				w.st[i] = gInFlight // answered at once, below
			}
		}
	case opDequeue:
		key := "k" + strconv.Itoa(o.a)
		had := false
		for _, s := range waiting {
			if w.keys[s] == key {
				expect[int(s)], had = "Q", true
			}
		}
		if got := w.s.dequeue(key); got != had {
			fail("dequeue %s answered withdrawn=%v, want %v", key, got, had)
		}
	case opWithdraw:
		expect[o.a] = "W"
		if st := w.s.withdraw(w.msgs[o.a]); st != queued {
			fail("withdraw of waiting m%d found it in state %d", o.a, st)
		}
	case opBegun:
		if !w.gClose {
			w.gBegun, w.gGated, w.gOpen = true, o.a == 1, o.a != 1
		}
		w.s.beginWith(o.a == 1)
	case opFed:
		if w.gBegun && !w.gClose {
			w.gOpen = true
		}
		w.s.fed()
	case opClose:
		if !w.gClose {
			for _, s := range waiting {
				expect[int(s)] = "R:" + closedWords.Value.String()
			}
		}
		w.gClose = true
		w.s.close()
	case opEnd:
		l := o.a
		if p := w.gPhase[l]; p != ended && p != failed {
			w.gPhase[l] = ended
			if w.gCur == l {
				w.gCur = -1
				if w.gGated {
					w.gOpen = false
				}
			}
		}
		w.s.end(w.loops[l])
	case opSeam:
		l := o.a
		var want []uint64
		if w.gCur == l && !w.gSeaming[l] && w.gOpen && !w.gClose {
			want = waiting
		}
		batch := w.s.seam(w.loops[l])
		if got := seqsOf(batch); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			fail("seam of loop %d took %v, want %v (in flight %d, open %v, closed %v)", l, got, want, w.gCur, w.gOpen, w.gClose)
		}
		if len(batch) > 0 {
			w.gSeaming[l] = true
			for _, m := range batch {
				w.st[m.seq] = gInFlight
			}
			w.pend = append(w.pend, pendingCall{loop: l, seam: true, batch: batch})
		}
	case opStartOK, opStartFail, opStartPanic, opOfferOK, opOfferPanic:
		c := w.pend[o.a]
		w.pend = slices.Delete(slices.Clone(w.pend), o.a, o.a+1)
		l := w.loops[c.loop]
		vs := verdictsFromMask(len(c.batch), o.b)
		for i, m := range c.batch {
			switch {
			case o.kind == opStartFail:
				expect[int(m.seq)] = "R:" + startErrWords.Value.String()
			case o.kind == opStartPanic:
				expect[int(m.seq)] = "R:" + startFailedWords.Value.String()
			case o.kind == opOfferPanic:
				expect[int(m.seq)] = "R:" + offerFailedWords.Value.String()
			case vs[i].refused:
				expect[int(m.seq)] = "R:" + verdictWords.Value.String()
			default:
				expect[int(m.seq)] = "D"
			}
		}
		switch o.kind {
		case opStartOK:
			if w.gPhase[c.loop] == starting {
				w.gPhase[c.loop] = running
			}
			w.s.startDone(l, c.batch, false, protoerr.Error{}, vs)
		case opStartFail, opStartPanic:
			if w.gPhase[c.loop] == starting {
				w.gPhase[c.loop] = failed
			}
			if w.gCur == c.loop {
				w.gCur = -1
			}
			words := startErrWords
			if o.kind == opStartPanic {
				words = startFailedWords
			}
			w.s.startDone(l, c.batch, true, words, nil)
		case opOfferOK:
			w.gSeaming[c.loop] = false
			w.s.seamDone(l, c.batch, vs)
		case opOfferPanic:
			w.gSeaming[c.loop] = false
			w.s.seamDone(l, c.batch, allRefused(len(c.batch), offerFailedWords))
		}
	}

	// The machine's effects: every answer expected, once; a loop start only
	// when one should start, on everything waiting, in order.
	answered := map[int]bool{}
	for _, e := range w.s.effects() {
		switch e.kind {
		case effAnswer:
			i := int(e.m.seq)
			want, ok := expect[i]
			switch {
			case answered[i] || w.fate[i] != "" || w.st[i] == gFated || w.st[i] == gWithdrawn:
				fail("m%d answered a second time (%s after %q)", i, answerCode(e.m), w.fate[i])
			case !ok:
				fail("m%d answered %s out of turn", i, answerCode(e.m))
			case answerCode(e.m) != want:
				fail("m%d answered %s, want %s", i, answerCode(e.m), want)
			}
			answered[i] = true
			if i < len(w.fate) {
				w.fate[i] = answerCode(e.m)
				if w.fate[i] == "W" {
					w.st[i] = gWithdrawn
				} else {
					w.st[i] = gFated
				}
			}
		case effStart:
			now := w.waitingSeqs()
			if w.gCur != -1 || !w.gOpen || w.gClose || len(now) == 0 {
				fail("a loop starts with loop %d in flight, open %v, closed %v, %d waiting", w.gCur, w.gOpen, w.gClose, len(now))
			}
			if got := seqsOf(e.batch); !slices.Equal(got, now) {
				fail("a loop starts on %v, waiting were %v", got, now)
			}
			w.loops = append(w.loops, e.loop)
			w.gPhase, w.gSeaming = append(w.gPhase, starting), append(w.gSeaming, false)
			w.gCur = len(w.loops) - 1
			for _, m := range e.batch {
				if int(m.seq) < len(w.st) {
					w.st[m.seq] = gInFlight
				}
			}
			w.pend = append(w.pend, pendingCall{loop: w.gCur, batch: e.batch})
		}
	}
	for i, want := range expect {
		if !answered[i] {
			fail("m%d was not answered %s", i, want)
		}
	}
	return append(bad, w.invariants()...)
}

// invariants are checked in every reached state.
func (w *world) invariants() []string {
	var bad []string
	fail := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	waiting := w.waitingSeqs()
	if w.gCur == -1 && w.gOpen && !w.gClose && len(waiting) > 0 {
		fail("messages %v wait with the gate open and no loop in flight", waiting)
	}
	// The machine's lists hold exactly what waits, in order, by key too.
	var list []uint64
	for m := w.s.head; m != nil && len(list) <= len(w.msgs); m = m.next {
		list = append(list, m.seq)
	}
	if !slices.Equal(list, waiting) || w.s.n != len(waiting) {
		fail("the machine's waiting list is %v (n=%d), the ghost's %v", list, w.s.n, waiting)
	}
	for k, kl := range w.s.byKey {
		var got, want []uint64
		for m := kl.head; m != nil && len(got) <= len(w.msgs); m = m.knext {
			got = append(got, m.seq)
		}
		for _, s := range waiting {
			if w.keys[s] == k {
				want = append(want, s)
			}
		}
		if len(want) == 0 || !slices.Equal(got, want) {
			fail("key %s lists %v, waiting under it %v", k, got, want)
		}
	}
	// Every message in flight is in exactly one call in flight; with none
	// in flight, no message is; closed and quiescent, every one has a fate
	// or was withdrawn.
	held := map[uint64]int{}
	for _, c := range w.pend {
		for _, m := range c.batch {
			held[m.seq]++
		}
	}
	for i, st := range w.st {
		if n := held[uint64(i)]; (st == gInFlight) != (n == 1) || n > 1 {
			fail("m%d is %d in the ghost and in %d calls in flight", i, st, n)
		}
		if w.gClose && len(w.pend) == 0 && st != gFated && st != gWithdrawn {
			fail("closed and quiescent, m%d has no fate (status %d)", i, st)
		}
	}
	return bad
}

// stateKey hashes everything that can matter to what happens next.
func (w *world) stateKey(buf []byte) []byte {
	b := buf[:0]
	flag := func(v bool) byte {
		if v {
			return '1'
		}
		return '0'
	}
	for i, m := range w.msgs {
		b = append(b, w.keys[i]...)
		b = append(b, byte('0'+w.st[i]), byte('0'+m.state))
		b = append(b, w.fate[i]...)
		b = append(b, '|')
	}
	for m, n := w.s.head, 0; m != nil && n <= len(w.msgs); m, n = m.next, n+1 {
		b = append(b, 'w', byte('0'+m.seq))
	}
	b = append(b, '#', byte('1'+slices.Index(w.loops, w.s.loop)), byte('1'+w.gCur),
		flag(w.s.begun), flag(w.s.gated), flag(w.s.open), flag(w.s.closed),
		flag(w.gBegun), flag(w.gGated), flag(w.gOpen), flag(w.gClose), byte('0'+w.s.n))
	for i, l := range w.loops {
		b = append(b, 'L', byte('0'+l.phase), flag(l.seaming), byte('0'+w.gPhase[i]), flag(w.gSeaming[i]))
	}
	for _, c := range w.pend {
		b = append(b, 'P', byte('0'+c.loop), flag(c.seam))
		for _, m := range c.batch {
			b = append(b, byte('0'+m.seq))
		}
	}
	return b
}

// explore runs the exhaustive check.
func explore(cfg exConfig) exResult {
	if cfg.maxFound == 0 {
		cfg.maxFound = 1
	}
	w0 := &world{gCur: -1}
	w0.s.limit, w0.s.bug = cfg.limit, cfg.bug
	var res exResult
	var buf []byte
	buf = w0.stateKey(buf)
	seen := map[string]struct{}{string(buf): {}}
	res.states = 1
	var path []op
	var dfs func(w *world)
	dfs = func(w *world) {
		for _, o := range w.enabled(cfg) {
			if len(res.violations) >= cfg.maxFound {
				return
			}
			c := w.clone()
			res.transitions++
			path = append(path, o)
			if bad := c.step(o, cfg); len(bad) > 0 {
				res.violations = append(res.violations, fmt.Sprintf("%s after %v", strings.Join(bad, "; "), path))
			} else if buf = c.stateKey(buf); !mapHas(seen, buf) {
				seen[string(buf)] = struct{}{}
				res.states++
				dfs(c)
			}
			path = path[:len(path)-1]
		}
	}
	dfs(w0)
	return res
}

func mapHas(m map[string]struct{}, k []byte) bool { _, ok := m[string(k)]; return ok }

// TestExhaustive explores every sequence of operations on the machine up
// to the bound (3 messages over 2 keys by default; -queue.exhaustive.msgs
// and -queue.exhaustive.keys, or $QUEUE_EXHAUSTIVE_MSGS and
// $QUEUE_EXHAUSTIVE_KEYS, for more), unbounded and with a bound on waiting
// messages, and checks every step and every reached state.
func TestExhaustive(t *testing.T) {
	msgs := exBound(exMsgs, "QUEUE_EXHAUSTIVE_MSGS", 3)
	keys := exBound(exKeys, "QUEUE_EXHAUSTIVE_KEYS", 2)
	for _, tc := range []struct {
		name  string
		limit int
	}{
		{"unbounded", 0},
		{"max-waiting=2", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			res := explore(exConfig{msgs: msgs, keys: keys, limit: tc.limit, maxFound: 10})
			t.Logf("%d messages over %d keys: %d states, %d transitions in %v",
				msgs, keys, res.states, res.transitions, time.Since(start).Round(time.Millisecond))
			for _, v := range res.violations {
				t.Error(v)
			}
			assert.Greater(t, res.states, 1000, "the exploration reached almost nothing")
		})
	}
}

// TestExhaustiveCatchesPlantedBugs breaks one decision of the machine at a
// time and requires the exhaustive check to report it: the check is not
// vacuous.
func TestExhaustiveCatchesPlantedBugs(t *testing.T) {
	for _, tc := range []struct {
		name string
		bug  plantedBug
		want string // in the first violation
	}{
		{"no kick at a loop's end", bugNoKickAtEnd, "wait with the gate open and no loop"},
		{"a seam ignores the gate", bugSeamIgnoresGate, "seam of loop"},
		{"a dequeue spares the last", bugDequeueSparesLast, "was not answered Q"},
		{"Close forgets the waiting", bugCloseForgets, "was not answered R:"},
		{"a failed start stays in flight", bugFailedStartStays, "wait with the gate open and no loop"},
		{"hand-over in reverse", bugTakeReversed, "a loop starts on"},
		{"a refusal answered twice", bugDoubleAnswer, "answered a second time"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			res := explore(exConfig{msgs: 3, keys: 2, bug: tc.bug})
			require.NotEmpty(t, res.violations, "the planted bug went unnoticed in %d states", res.states)
			assert.Contains(t, res.violations[0], tc.want)
			t.Logf("caught after %d states in %v: %s", res.states, time.Since(start).Round(time.Millisecond), res.violations[0])
		})
	}
}
