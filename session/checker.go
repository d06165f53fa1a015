package session

import (
	"fmt"
	"strconv"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// Limits on what a Checker remembers, so that its memory stays flat over a
// long session.
const (
	// recentFinished is how many finished channel ids a Checker keeps to
	// report a payload or a finish after a channel's finish. An id reused
	// after more channels than this have finished reads as a new channel.
	recentFinished = 1024
	// keptSecretValues is how many distinct strings a Checker keeps to
	// look for in error messages, one or two for each secret value (see
	// secretNeedles); the oldest are forgotten first.
	keptSecretValues = 256
)

// Checker follows one begin, event by event, and reports the first rule the
// begin breaks (see Rule for the list). Hand Check every payload and finish
// of the main stream and of each channel, in the order they happened, each
// payload labelled with its scope; Check returns nil, or a *Violation.
//
// Once a rule is broken the Checker stops following: every later call
// returns the same *Violation, and Err reports it.
//
// # Orders a recording cannot decide
//
// The checker reads the recording as one party saw it: the events one party
// sent stay in the order it sent them, and a request is seen before
// anything it causes. Between channels some things stay open, and the
// checker then accepts every order the protocol allows and reports only an
// event that no order allows:
//
//   - A message enqueued while a loop runs may be taken at any seam, so its
//     Delivered may be recorded at any time after its request, even after
//     the loop's Inactive. Delivered is wrong only when no loop ran at any
//     moment between the request and the answer.
//   - A dequeue and the fates of the messages it withdraws are answered on
//     different channels, in either order. A Dequeued fate may wait for a
//     dequeue of its key that is still unanswered; it is reported only when
//     every dequeue that could have withdrawn it has been answered (or
//     finished) without Dequeued. A dequeue's Dequeued likewise may wait for a
//     message of its key still unanswered; it is reported when the last
//     such message gets another fate.
//   - A message of a key may be handed over at a seam while a dequeue of
//     the key arrives, so Empty, or Delivered after a dequeue's Dequeued, is
//     reported only for a message that surely waited: enqueued before the
//     dequeue while no loop ran and deliveries were gated behind a feed,
//     with no loop and no Fed since.
//
// What it does not check: the format of a Postgres channel's payloads (a
// byte stream) and of an Info channel's answer (outside this library);
// channels after the main stream's finish (a channel may still be
// answered, and nothing forbids opening one); a begin that simply stops
// (a stream with no finish is a stream still open); whether a loop took
// every message waiting; and the fate of a message once a loop showed it.
//
// # User parts
//
// A loop shows each message it took as that message's user parts (see
// chunk.UserParts): at its start, before any other chunk, and after a seam,
// wherever one lands. The Checker keeps, for each message enqueued and not
// yet shown, withdrawn, refused or left unserved, its parts; an Active
// needs one such message, and each run of user chunks must be such
// messages, each whole and shown once, in the order they were enqueued.
// A chunk is matched by its JSON as the chunk encodes it, so a part is the
// message's block exactly, under the message's key; where two messages
// waiting begin with the same part, the one enqueued first is taken. A
// Delivered is recorded no earlier than the Active of the loop the message
// went into (as enqueue.delivered-loop has it), so a message answered
// Delivered must be shown by the end of the loop open at its answer, or
// already, when none is open.
//
// # What an error message must not carry
//
// An error names a secret, never its value. The Checker looks in every
// error message (a loop's Error, a refusal, a dequeue's or a feed's error)
// for the latest values the session fed or handed back, each as the text a
// program would print for it: a JSON string's contents (and, when it has
// escapes, its escaped form as it stands between the quotes); any other
// value's JSON text (42, true, {"k":"v"}). Values that hold nothing (null,
// "", {} and []) are not looked for. A string of 8 bytes or more is found
// anywhere in the message (ghs_k3y9 in "token=ghs_k3y9!"); a shorter one
// only as a whole word: where the bytes on either side of it, if any, are
// not ASCII letters, digits, _ or bytes of non-ASCII characters. The value
// t1 is found in "bad token t1" and "(t1)" but not in "t10", the value 1 in
// "attempt 1" and "1.5" but not in "v12". So a secret whose value is an
// ordinary word (true, 1, a) makes any error message using that word a
// violation: the Checker cannot tell the word from the value, and reports
// it.
//
// # Cost
//
// Memory: a channel's state is dropped at its finish, and the state of a
// key once no channel of it is open and nothing waits on it, so memory
// follows the channels open at once, not the session's length. A
// message's parts (about its request's size) are kept until a loop shows
// it or it gets another fate; one answered Delivered, until its loop ends. The ids of
// the latest finished channels (a bounded number) are kept, so that a
// payload after a finish is reported; an id reused long after reads as a
// new channel. The declaration is kept, and a finder of its rotating names
// built at Begun (at most about 14 bytes a byte of the names).
//
// Work per event is linear in its payload (a Begun's rotating names are
// sorted, n log n in their number), plus a step for each channel of one
// key open at once, and, for a user chunk, an Enqueue's fate or finish and
// a loop's end, a step for each message not yet shown. A loop's Error is
// searched for all the rotating names in one pass, whatever their number;
// an error message is searched for each kept secret value in turn: the
// latest 256 distinct values, at most 256 passes.
//
// The zero value is ready to use. A Checker is not safe for concurrent use.
type Checker struct {
	failed *Violation

	started  bool // a main payload arrived
	begun    bool // Begun arrived
	errored  bool // an Error arrived on the main stream
	finished bool // the main stream finished
	inLoop   bool
	loops    int // loops begun so far

	declared secrets.Declaration // what Begun declared
	rotating *nameFinder         // the names declared rotating
	fed      bool                // a Fed was answered since Begun or the latest Inactive
	feds     int                 // Fed answers so far

	seq      uint64 // events so far
	channels map[string]*channelState
	keys     map[string]*keyState

	finishedIDs recent // the ids of the latest finished channels

	unshown []*message // messages enqueued that no loop has shown yet, in request order
	opening bool       // the open loop has shown only user parts so far
	showing *message   // the message whose parts are being shown
	next    int        // the index of showing's next part
	runSeq  uint64     // the request event of the latest message shown in this run of user parts; 0 at a run's start

	needles recent // the latest strings that show a secret value (secretNeedles)
}

// channelKind is what a channel's request asked for.
type channelKind uint8

const (
	kindMalformed channelKind = iota // the request did not decode
	kindPostgres
	kindInfo
	kindEnqueue
	kindDequeue
	kindSecrets
)

// channelState is what the Checker remembers of one open channel.
type channelState struct {
	kind     channelKind
	answered bool

	// Enqueue and Dequeue channels.
	key     string
	openSeq uint64 // the event number of the request

	// Enqueue channels: where the session stood at the request.
	loopsAtOpen  int
	inLoopAtOpen bool
	gatedAtOpen  bool
	fedsAtOpen   int
	noContent    bool     // a message with no block, which the container refuses
	msg          *message // what a loop shows of the message; nil when no loop can
	mustDequeue  bool     // a dequeue's Dequeued came while it surely waited
}

// keyState is what the cross-channel rules keep of one key: its open,
// unanswered enqueues and dequeues, and the fates and answers still waiting
// for their counterpart on another channel.
type keyState struct {
	waiting       map[string]*channelState // Enqueue channels not yet answered
	pending       map[string]*channelState // Dequeue channels not yet answered
	lastWithdrawn uint64                   // event number of the latest dequeue answered Dequeued
	lastDequeued  uint64                   // event number of the latest Dequeued fate
	unwitnessed   []need                   // Dequeued fates waiting for a dequeue's Dequeued
	unfulfilled   []need                   // dequeues answered Dequeued, waiting for a Dequeued fate
}

// need is a fate or an answer waiting for its counterpart: the channel that
// gave it and the event number it came at.
type need struct {
	id  string
	seq uint64
}

func (k *keyState) idle() bool {
	return len(k.waiting) == 0 && len(k.pending) == 0 && len(k.unwitnessed) == 0 && len(k.unfulfilled) == 0
}

// Err is the violation found so far, or nil.
func (c *Checker) Err() error {
	if c.failed == nil {
		return nil
	}
	return c.failed
}

// Loops is how many loops have begun (Active payloads accepted).
func (c *Checker) Loops() int { return c.loops }

// InLoop reports whether a loop is open: an Active with no Inactive yet.
func (c *Checker) InLoop() bool { return c.inLoop }

// Gated reports whether the next loop must wait for a Fed: the program
// declared a secret and no Secrets channel was answered Fed since Begun or
// the latest Inactive.
func (c *Checker) Gated() bool { return c.declared.Len() > 0 && !c.fed }

// OpenChannels is how many channels the Checker holds state for: those
// that opened and have not finished.
func (c *Checker) OpenChannels() int { return len(c.channels) }

// mainScope is the scope the main stream's next payload has:
// begin.response, or "" when nothing may follow (after the finish, or
// after an Error).
func (c *Checker) mainScope() string {
	if c.finished || c.errored {
		return ""
	}
	return ScopeBeginResponse
}

// channelScope is the scope the next payload on the channel id has:
// begin.channel_request for a channel not open, else the family of its
// request's answer (opaque for Postgres and Info). It is "" when no
// payload may follow: the channel has finished, was answered already, or
// its request did not decode.
func (c *Checker) channelScope(id string) string {
	if c.finishedIDs.has(id) {
		return ""
	}
	st, ok := c.channels[id]
	switch {
	case !ok:
		return ScopeBeginChannelRequest
	case st.kind == kindMalformed, st.answered && st.kind != kindPostgres:
		return ""
	}
	return answerScope(st.kind)
}

// spot is an event as a Violation names it: the event without its
// payload, and the payload's decoded variant.
type spot struct {
	Event
	variant string
}

// fail records and returns the first violation.
func (c *Checker) fail(rule Rule, ev spot, format string, args ...any) error {
	c.failed = &Violation{Rule: rule, Event: ev.Event, Variant: ev.variant, Detail: fmt.Sprintf(format, args...)}
	return c.failed
}

// Check takes one event. It tests the event's scope label first (rules
// main.scope, channel.request-first and channel.answer-family: the label
// its place on the stream implies, see Event.Scope), then reads the
// payload as that place implies. A label is not tested where no payload
// may come (after a finish, say): the event then breaks the rule about
// its place. Check returns nil or a *Violation.
func (c *Checker) Check(ev Event) error {
	if c.failed != nil {
		return c.failed
	}
	switch {
	case ev.OnMain() && ev.Finish:
		return c.mainFinish()
	case ev.OnMain():
		if want := c.mainScope(); want != "" && ev.Scope != want {
			return c.fail(RuleMainScope, spot{Event: Event{Stream: MainStream, Scope: ev.Scope}},
				"labelled %s; the main stream carries %s payloads only", quoteLabel(ev.Scope), ScopeBeginResponse)
		}
		return c.mainPayload(ev.Payload)
	case ev.Finish:
		return c.channelFinish(ev.Stream)
	}
	want := c.channelScope(ev.Stream)
	switch {
	case want == "" || ev.Scope == want:
	case want == ScopeBeginChannelRequest:
		return c.fail(RuleChannelRequestFirst, spot{Event: Event{Stream: ev.Stream, Scope: ev.Scope}},
			"the channel's first payload is labelled %s; a channel opens with its request (%s)", quoteLabel(ev.Scope), ScopeBeginChannelRequest)
	default:
		return c.fail(RuleChannelAnswerFamily, spot{Event: Event{Stream: ev.Stream, Scope: ev.Scope}},
			"the channel's request is answered by %s, not %s", want, quoteLabel(ev.Scope))
	}
	return c.channelPayload(ev.Stream, ev.Payload)
}

// quoteLabel shows a label quoted, or, when it is long and no scope, only
// as such, so that no payload bytes reach a message.
func quoteLabel(s string) string {
	if !KnownScope(s) && len(s) > 40 {
		return "a label that is no scope"
	}
	return strconv.Quote(s)
}

// mainPayload takes one payload of the main stream.
func (c *Checker) mainPayload(payload []byte) error {
	if c.failed != nil {
		return c.failed
	}
	c.seq++
	ev := spot{Event: Event{Stream: MainStream, Scope: ScopeBeginResponse}}
	resp, decodeErr := begin.DecodeResponse(payload)
	if decodeErr == nil {
		ev.variant = responseName(resp)
	}
	switch {
	case c.finished:
		return c.fail(RuleMainAfterFinish, ev, "the main stream has finished; nothing follows its finish")
	case c.errored:
		return c.fail(RuleMainAfterError, ev, "an Error ends the main stream; only the finish may follow it")
	case decodeErr != nil:
		return c.fail(RuleMainDecode, ev, "%v", decodeErr)
	}
	if _, ok := resp.(*begin.Active); ok && len(payload) > 1 {
		return c.fail(RuleActiveTrailingBytes, ev, "Active is the byte 3 and nothing else; %s", trailing(len(payload)-1))
	}
	if !c.started {
		c.started = true
		switch r := resp.(type) {
		case *begin.Begun:
			c.begun = true
			c.declared = r.Secrets
			c.rotating = newNameFinder(r.Secrets.Rotating())
			return nil
		case *begin.Error:
			c.errored = true
			return nil
		}
		return c.fail(RuleBegunFirst, ev, "the main stream opens with %s; it opens with Begun, or with Error for a begin that failed", ev.variant)
	}
	switch r := resp.(type) {
	case *begin.Begun:
		return c.fail(RuleBegunOnce, ev, "a second Begun; Begun comes once")
	case *begin.Active:
		return c.active(ev)
	case *begin.Chunk:
		if !c.inLoop {
			return c.fail(RuleChunkOutsideLoop, ev, "no loop is open (%s); a Chunk comes only between an Active and its Inactive", c.sinceLoop())
		}
		return c.loopChunk(ev, r.Chunk)
	case *begin.Inactive:
		return c.inactive(ev, r.Values)
	case *begin.Error:
		if !c.inLoop {
			return c.fail(RuleErrorOutsideLoop, ev, "no loop is open (%s); after Begun an Error only ends a loop whose rotating secrets could not be collected", c.sinceLoop())
		}
		if err := c.loopError(ev, errorText(protoerr.Error(*r))); err != nil {
			return err
		}
		if err := c.endLoop(ev); err != nil {
			return err
		}
		c.inLoop = false
		c.errored = true
	}
	return nil
}

// loopError checks the message of an Error that ends a loop: it names a
// rotating secret when it holds one of their names anywhere.
func (c *Checker) loopError(ev spot, message string) error {
	switch {
	case c.rotating == nil || c.rotating.names == 0:
		return c.fail(RuleErrorNamesSecret, ev, "the program declared no rotating secret, so nothing can fail to be handed back; after Begun an Error only says which rotating secret was not")
	case !c.rotating.in(message):
		return c.fail(RuleErrorNamesSecret, ev, "the message names no secret the program declared rotating; it names the one not handed back")
	}
	return c.noSecretValue(ev, message)
}

// noSecretValue reports an error message that carries a secret value.
func (c *Checker) noSecretValue(ev spot, message string) error {
	if message == "" {
		return nil
	}
	for _, v := range c.needles.items {
		if carries(message, v) {
			return c.fail(RuleErrorSecretValue, ev, "the error message carries the value of a secret the session fed or handed back; an error names a secret, never its value")
		}
	}
	return nil
}

// keepValues remembers the secret values of a feed or an Inactive, as the
// strings that show them.
func (c *Checker) keepValues(values secrets.Values) {
	for _, raw := range values.All() {
		shown, escaped := secretNeedles(raw)
		c.keepNeedle(shown)
		c.keepNeedle(escaped)
	}
}

// keepNeedle remembers one string that shows a secret value; "" is none.
func (c *Checker) keepNeedle(v string) {
	if v != "" && !c.needles.has(v) {
		c.needles.add(v, keptSecretValues)
	}
}

// active takes an Active after Begun.
func (c *Checker) active(ev spot) error {
	if c.inLoop {
		return c.fail(RuleActiveInLoop, ev, "loop %d is still open; no Active until its Inactive", c.loops)
	}
	if c.Gated() {
		return c.fail(RuleSecretsGated, ev, "the program declared %s and no Secrets channel has been answered Fed since %s",
			count(c.declared.Len(), "secret"), c.sinceFeed())
	}
	if err := c.startLoop(ev); err != nil {
		return err
	}
	c.inLoop = true
	c.loops++
	return nil
}

// inactive takes an Inactive after Begun.
func (c *Checker) inactive(ev spot, values secrets.Values) error {
	if !c.inLoop {
		return c.fail(RuleInactiveOutsideLoop, ev, "no loop is open (%s); an Inactive only ends an open loop", c.sinceLoop())
	}
	for name := range c.declared.Rotating() {
		if _, ok := values.Get(name); !ok {
			return c.fail(RuleInactiveValues, ev, "the rotating secret %s is missing; an Inactive carries every secret declared rotating", strconv.Quote(name))
		}
	}
	for name := range values.Names() {
		mode, ok := c.declared.Get(name)
		switch {
		case !ok:
			return c.fail(RuleInactiveValues, ev, "%s was never declared; an Inactive carries the rotating secrets and no other name", strconv.Quote(name))
		case mode != secrets.Rotating:
			return c.fail(RuleInactiveValues, ev, "%s is declared %s; an Inactive carries the rotating secrets and no other name", strconv.Quote(name), mode)
		}
	}
	if err := c.endLoop(ev); err != nil {
		return err
	}
	c.keepValues(values)
	c.inLoop = false
	c.fed = false
	return nil
}

// sinceLoop says where the stream stands between loops.
func (c *Checker) sinceLoop() string {
	if c.loops == 0 {
		return "none has begun"
	}
	return "loop " + strconv.Itoa(c.loops) + " has ended"
}

// sinceFeed names the event that closed the gate.
func (c *Checker) sinceFeed() string {
	if c.loops == 0 {
		return "Begun"
	}
	return "the Inactive that ended loop " + strconv.Itoa(c.loops)
}

// mainFinish takes the main stream's finish.
func (c *Checker) mainFinish() error {
	if c.failed != nil {
		return c.failed
	}
	c.seq++
	ev := spot{Event: Event{Stream: MainStream, Finish: true}}
	if c.finished {
		return c.fail(RuleMainAfterFinish, ev, "a second finish; the main stream has finished")
	}
	if c.inLoop {
		return c.fail(RuleFinishInLoop, ev, "loop %d is open; a loop ends with Inactive, or with Error and then the finish", c.loops)
	}
	c.finished = true
	return nil
}

// channelPayload takes one payload on the channel id: its request if it is
// the channel's first, else an answer, read in the family its request
// implies. An answer that does not decode in its family breaks
// channel.answer-decode: the families share tags, so only the request
// tells them apart.
func (c *Checker) channelPayload(id string, payload []byte) error {
	if c.failed != nil {
		return c.failed
	}
	c.seq++
	if c.finishedIDs.has(id) {
		return c.fail(RuleChannelAfterFinish, spot{Event: Event{Stream: id}}, "the channel has finished; nothing follows its finish")
	}
	st, known := c.channels[id]
	if !known {
		return c.request(id, payload)
	}
	return c.answer(id, st, payload)
}

// request takes a channel's first payload.
func (c *Checker) request(id string, payload []byte) error {
	ev := spot{Event: Event{Stream: id, Scope: ScopeBeginChannelRequest}}
	req, decodeErr := begin.DecodeChannelRequest(payload)
	if decodeErr == nil {
		ev.variant = requestName(req)
	}
	if !c.begun {
		why := "no Begun has arrived on the main stream"
		if c.errored {
			why = "the main stream opened with Error, so the container never began"
		}
		return c.fail(RuleChannelBeforeBegun, ev, "%s; channels open only after Begun", why)
	}
	st := &channelState{kind: kindMalformed, openSeq: c.seq}
	if decodeErr == nil {
		st.kind = kindOf(req)
		switch r := req.(type) {
		case *begin.Secrets:
			if err := c.feedNames(ev, r.Values); err != nil {
				return err
			}
			c.keepValues(r.Values)
		case *begin.Enqueue:
			st.key = r.Request.Key
			st.loopsAtOpen, st.inLoopAtOpen = c.loops, c.inLoop
			st.gatedAtOpen, st.fedsAtOpen = c.Gated(), c.feds
			st.noContent = len(r.Request.Content) == 0
			st.msg = newMessage(id, c.seq, r.Request.Key, r.Request.Content)
			c.listMessage(st.msg)
			c.key(r.Request.Key).waiting[id] = st
		case *begin.Dequeue:
			st.key = r.Request.Key
			c.key(r.Request.Key).pending[id] = st
		}
	}
	if c.channels == nil {
		c.channels = make(map[string]*channelState)
	}
	c.channels[id] = st
	return nil
}

// key is the state of key k, made if need be.
func (c *Checker) key(k string) *keyState {
	ks, ok := c.keys[k]
	if !ok {
		if c.keys == nil {
			c.keys = make(map[string]*keyState)
		}
		ks = &keyState{waiting: map[string]*channelState{}, pending: map[string]*channelState{}}
		c.keys[k] = ks
	}
	return ks
}

// dropIdle forgets key k once nothing of it is open or waiting.
func (c *Checker) dropIdle(k string, ks *keyState) {
	if ks.idle() {
		delete(c.keys, k)
	}
}

// feedNames checks a Secrets request against the declaration: every name,
// no other, in the declared order.
func (c *Checker) feedNames(ev spot, values secrets.Values) error {
	for name := range c.declared.All() {
		if _, ok := values.Get(name); !ok {
			return c.fail(RuleFeedNames, ev, "the declared secret %s is missing; a feed carries every secret the program declared", strconv.Quote(name))
		}
	}
	for name := range values.Names() {
		if _, ok := c.declared.Get(name); !ok {
			return c.fail(RuleFeedNames, ev, "%s was never declared; a secret the program did not declare is never fed", strconv.Quote(name))
		}
	}
	i := 0
	declared := make([]string, 0, c.declared.Len())
	for name := range c.declared.All() {
		declared = append(declared, name)
	}
	for name := range values.Names() {
		if name != declared[i] {
			return c.fail(RuleFeedOrder, ev, "%s comes where the declaration has %s; a feed carries the secrets in the order the program declared them",
				strconv.Quote(name), strconv.Quote(declared[i]))
		}
		i++
	}
	return nil
}

// answer takes a later payload on a known channel.
func (c *Checker) answer(id string, st *channelState, payload []byte) error {
	ev := spot{Event: Event{Stream: id, Scope: answerScope(st.kind)}}
	a, decodeErr := decodeAnswer(st.kind, payload)
	ev.variant = a.variant
	switch {
	case st.kind == kindMalformed:
		return c.fail(RuleChannelMalformedAnswered, ev, "the channel's request did not decode; such a channel is answered by the finish alone")
	case st.answered && st.kind != kindPostgres:
		return c.fail(RuleChannelOneAnswer, ev, "the channel was answered already; after its one answer only the finish follows")
	case decodeErr != nil:
		return c.fail(RuleChannelAnswerDecode, ev, "%v", decodeErr)
	}
	st.answered = true
	if a.isError {
		if err := c.noSecretValue(ev, a.message); err != nil {
			return err
		}
	}
	switch st.kind {
	case kindSecrets:
		if a.fed {
			c.fed = true
			c.feds++
		}
	case kindEnqueue:
		return c.fate(id, st, ev, a.fate)
	case kindDequeue:
		return c.dequeued(id, st, ev, a.outcome)
	}
	return nil
}

// fate takes the answer of an Enqueue channel.
func (c *Checker) fate(id string, st *channelState, ev spot, fate enqueue.Outcome) error {
	ks := c.keys[st.key]
	delete(ks.waiting, id)
	defer c.dropIdle(st.key, ks)
	switch fate {
	case enqueue.Delivered:
		switch {
		case st.noContent:
			return c.fail(RuleEnqueueEmptyContent, ev, "the message has no content block, and the container refuses such a message; it is never delivered")
		case !st.inLoopAtOpen && c.loops == st.loopsAtOpen:
			return c.fail(RuleDeliveredLoop, ev, "no loop ran while the message waited (%s since its request); a message is delivered into a loop that runs, or starts, while its channel is open", loopsSince(c.loops-st.loopsAtOpen))
		case st.mustDequeue:
			return c.fail(RuleWithdrawnFate, ev, "a dequeue of key %s was answered Dequeued while this message surely waited; a withdrawn message is answered Dequeued", strconv.Quote(st.key))
		}
		if err := c.deliveredParts(ev, st.msg); err != nil {
			return err
		}
	case enqueue.Dequeued:
		c.dropMessage(st.msg)
		switch {
		case ks.lastWithdrawn > st.openSeq:
		case len(ks.pending) > 0:
			ks.unwitnessed = append(ks.unwitnessed, need{id, c.seq})
		default:
			return c.fail(RuleDequeuedWitness, ev, "no dequeue of key %s open since the message's request was answered Dequeued or is still unanswered; Dequeued means a dequeue of its key withdrew it", strconv.Quote(st.key))
		}
		ks.lastDequeued = c.seq
		kept := ks.unfulfilled[:0]
		for _, u := range ks.unfulfilled {
			if u.seq < st.openSeq {
				kept = append(kept, u)
			}
		}
		ks.unfulfilled = kept
		return nil
	default:
		c.dropMessage(st.msg)
		if st.mustDequeue {
			return c.fail(RuleWithdrawnFate, ev, "a dequeue of key %s was answered Dequeued while this message surely waited; a withdrawn message is answered Dequeued", strconv.Quote(st.key))
		}
	}
	return c.checkUnfulfilled(ks, st.key, ev)
}

// checkUnfulfilled reports a dequeue of key k answered Dequeued that no message left open
// can still back with a Dequeued.
func (c *Checker) checkUnfulfilled(ks *keyState, k string, ev spot) error {
	for _, u := range ks.unfulfilled {
		if !openedBefore(ks.waiting, u.seq) {
			return c.fail(RuleWithdrawnFate, ev, "the dequeue on channel %s was answered Dequeued and no message of key %s it could have withdrawn is left to be answered Dequeued",
				displayToken(u.id), strconv.Quote(k))
		}
	}
	return nil
}

// checkUnwitnessed reports a Dequeued fate of key k that no dequeue left
// open can still back with a dequeue's Dequeued.
func (c *Checker) checkUnwitnessed(ks *keyState, k string, ev spot) error {
	for _, u := range ks.unwitnessed {
		if !openedBefore(ks.pending, u.seq) {
			return c.fail(RuleDequeuedWitness, ev, "channel %s was answered Dequeued and no dequeue of key %s that could have withdrawn it was answered Dequeued",
				displayToken(u.id), strconv.Quote(k))
		}
	}
	return nil
}

// openedBefore reports whether one of the open channels was opened before
// the event seq: only such a channel can back a need recorded at seq.
func openedBefore(open map[string]*channelState, seq uint64) bool {
	for _, st := range open {
		if st.openSeq < seq {
			return true
		}
	}
	return false
}

// surelyWaits reports whether an open Enqueue channel's message surely
// still waits in the queue: it came while no loop ran and deliveries were
// gated, and no loop began and no Fed came since.
func (c *Checker) surelyWaits(e *channelState) bool {
	return e.gatedAtOpen && !e.inLoopAtOpen && c.loops == e.loopsAtOpen && c.feds == e.fedsAtOpen
}

// dequeued takes the answer of a Dequeue channel.
func (c *Checker) dequeued(id string, st *channelState, ev spot, outcome dequeue.Outcome) error {
	ks := c.keys[st.key]
	delete(ks.pending, id)
	defer c.dropIdle(st.key, ks)
	switch outcome {
	case dequeue.Dequeued:
		switch {
		case ks.lastDequeued > st.openSeq:
		case len(ks.waiting) > 0:
			ks.unfulfilled = append(ks.unfulfilled, need{id, c.seq})
		default:
			return c.fail(RuleWithdrawnFate, ev, "no message of key %s is open to be answered Dequeued, and none was since the dequeue's request; a dequeue answered Dequeued means something waited", strconv.Quote(st.key))
		}
		for _, e := range ks.waiting {
			if e.openSeq < st.openSeq && c.surelyWaits(e) {
				e.mustDequeue = true
			}
		}
		ks.lastWithdrawn = c.seq
		kept := ks.unwitnessed[:0]
		for _, u := range ks.unwitnessed {
			if u.seq < st.openSeq {
				kept = append(kept, u)
			}
		}
		ks.unwitnessed = kept
		return nil
	case dequeue.Empty:
		for eid, e := range ks.waiting {
			if e.openSeq < st.openSeq && c.surelyWaits(e) {
				return c.fail(RuleDequeueEmpty, ev, "the message on channel %s surely waited under key %s (enqueued while no loop ran and deliveries were gated, no loop and no Fed since); Empty means nothing waited",
					displayToken(eid), strconv.Quote(st.key))
			}
		}
	}
	return c.checkUnwitnessed(ks, st.key, ev)
}

// answerInfo is what the checker reads of an answer.
type answerInfo struct {
	variant string
	fed     bool
	fate    enqueue.Outcome
	outcome dequeue.Outcome
	isError bool   // the answer is the family's error
	message string // the error's message
}

// decodeAnswer reads an answer to a request of kind k. Postgres and Info
// answers are not read.
func decodeAnswer(k channelKind, payload []byte) (answerInfo, error) {
	var a answerInfo
	switch k {
	case kindEnqueue:
		var r enqueue.Response
		if err := r.Decode(payload); err != nil {
			return a, err
		}
		a.variant, a.fate = capitalize(r.Outcome.String()), r.Outcome
		a.isError, a.message = r.Outcome == enqueue.Error, errorText(r.Error)
	case kindDequeue:
		var r dequeue.Response
		if err := r.Decode(payload); err != nil {
			return a, err
		}
		a.variant, a.outcome = capitalize(r.Outcome.String()), r.Outcome
		a.isError, a.message = r.Outcome == dequeue.Error, errorText(r.Error)
	case kindSecrets:
		var r secrets.FeedResponse
		if err := r.Decode(payload); err != nil {
			return a, err
		}
		a.variant, a.fed = capitalize(r.Outcome.String()), r.Outcome.Opens()
		a.isError, a.message = !a.fed, errorText(r.Error)
	}
	return a, nil
}

// channelFinish takes the finish of the channel id. The channel's state is
// dropped then; what the cross-channel rules still need is kept by key.
func (c *Checker) channelFinish(id string) error {
	if c.failed != nil {
		return c.failed
	}
	c.seq++
	ev := spot{Event: Event{Stream: id, Finish: true}}
	if c.finishedIDs.has(id) {
		return c.fail(RuleChannelAfterFinish, ev, "a second finish; the channel has finished")
	}
	st, known := c.channels[id]
	if !known {
		return c.fail(RuleChannelRequestFirst, ev, "the channel finished without a request; a channel opens with its request")
	}
	delete(c.channels, id)
	c.finishedIDs.add(id, recentFinished)
	if st.answered || st.kind != kindEnqueue && st.kind != kindDequeue {
		return nil
	}
	ks := c.keys[st.key]
	defer c.dropIdle(st.key, ks)
	if st.kind == kindEnqueue {
		c.dropMessage(st.msg)
		delete(ks.waiting, id)
		return c.checkUnfulfilled(ks, st.key, ev)
	}
	delete(ks.pending, id)
	return c.checkUnwitnessed(ks, st.key, ev)
}

func loopsSince(n int) string {
	if n == 0 {
		return "no Active"
	}
	return count(n, "Active")
}

func responseName(r begin.Response) string {
	switch r.(type) {
	case *begin.Begun:
		return "Begun"
	case *begin.Error:
		return "Error"
	case *begin.Chunk:
		return "Chunk"
	case *begin.Active:
		return "Active"
	case *begin.Inactive:
		return "Inactive"
	}
	return ""
}

func requestName(r begin.ChannelRequest) string {
	return kindName(kindOf(r))
}

func kindOf(r begin.ChannelRequest) channelKind {
	switch r.(type) {
	case *begin.Postgres:
		return kindPostgres
	case *begin.Info:
		return kindInfo
	case *begin.Enqueue:
		return kindEnqueue
	case *begin.Dequeue:
		return kindDequeue
	case *begin.Secrets:
		return kindSecrets
	}
	return kindMalformed
}

func kindName(k channelKind) string {
	switch k {
	case kindPostgres:
		return "Postgres"
	case kindInfo:
		return "Info"
	case kindEnqueue:
		return "Enqueue"
	case kindDequeue:
		return "Dequeue"
	case kindSecrets:
		return "Secrets"
	}
	return ""
}

// answerScope is the scope of an answer to a request of kind k.
func answerScope(k channelKind) string {
	switch k {
	case kindEnqueue:
		return ScopeEnqueueResponse
	case kindDequeue:
		return ScopeDequeueResponse
	case kindSecrets:
		return ScopeSecretsFeedResponse
	}
	return ScopeOpaque
}

// capitalize upper-cases an ASCII lowercase first letter.
func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

func trailing(n int) string {
	if n == 1 {
		return "1 byte follows it"
	}
	return strconv.Itoa(n) + " bytes follow it"
}
