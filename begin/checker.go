package begin

import (
	"fmt"
	"strconv"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// Scope names, as the tools and the trace format spell them, of the payloads
// a begin carries. The labelled entry points (MainAs, ChannelAs) compare a
// recorded label with the scope a payload's place implies.
const (
	ScopeResponse       = "begin.response"        // the main stream's payloads
	ScopeChannelRequest = "begin.channel_request" // a channel's first payload
	ScopeEnqueueAnswer  = "enqueue.response"      // the answer on an Enqueue channel
	ScopeDequeueAnswer  = "dequeue.response"      // the answer on a Dequeue channel
	ScopeFeedAnswer     = "secrets.feed_response" // the answer on a Secrets channel
	// ScopeOpaque labels an answer this library does not read: the bytes
	// on a Postgres channel, the DIVERGE.md answer on an Info channel.
	ScopeOpaque = "opaque"
)

// Checker follows one begin, event by event, and reports the first rule the
// begin breaks (see Rule for the list). Feed it every payload and finish of
// the main stream and of each channel, in the order they happened; each
// method returns nil, or a *Violation.
//
// Once a rule is broken the Checker stops following: every later call
// returns the same *Violation, and Err reports it.
//
// What it does not check: the format of a Postgres channel's payloads (a
// byte stream) and of an Info channel's answer (outside this library);
// channels after the main stream's finish (a channel may still be
// answered, and nothing forbids opening one); and a begin that simply stops
// (a stream with no finish is a stream still open). It remembers every
// channel id it has seen, so that a finished channel stays finished.
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
	fed      bool                // a Fed was answered since Begun or the latest Inactive

	channels map[string]channelState
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

// channelState is what the Checker remembers of one channel.
type channelState struct {
	kind     channelKind
	answered bool
	finished bool
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

// fail records and returns the first violation.
func (c *Checker) fail(rule Rule, ev Event, format string, args ...any) error {
	c.failed = &Violation{Rule: rule, Event: ev, Detail: fmt.Sprintf(format, args...)}
	return c.failed
}

// Main takes one payload of the main stream.
func (c *Checker) Main(payload []byte) error { return c.MainAs("", payload) }

// MainAs takes one payload of the main stream that a recording labelled
// with scope; any label but begin.response breaks main.scope. An empty
// scope is no label, as in Main.
func (c *Checker) MainAs(scope string, payload []byte) error {
	if c.failed != nil {
		return c.failed
	}
	ev := Event{Main: true, Scope: ScopeResponse}
	if scope != "" {
		ev.Scope = scope
	}
	resp, decodeErr := DecodeResponse(payload)
	if decodeErr == nil && ev.Scope == ScopeResponse {
		ev.Variant = responseName(resp)
	}
	switch {
	case c.finished:
		return c.fail(RuleMainAfterFinish, ev, "the main stream has finished; nothing follows its finish")
	case c.errored:
		return c.fail(RuleMainAfterError, ev, "an Error ends the main stream; only the finish may follow it")
	case ev.Scope != ScopeResponse:
		return c.fail(RuleMainScope, ev, "labelled %s; the main stream carries %s payloads only", strconv.Quote(scope), ScopeResponse)
	case decodeErr != nil:
		return c.fail(RuleMainDecode, ev, "%v", decodeErr)
	}
	if _, ok := resp.(Active); ok && len(payload) > 1 {
		return c.fail(RuleActiveTrailingBytes, ev, "Active is the byte 3 and nothing else; %s", trailing(len(payload)-1))
	}
	if !c.started {
		c.started = true
		switch r := resp.(type) {
		case *Begun:
			c.begun = true
			c.declared = r.Secrets
			return nil
		case *Error:
			c.errored = true
			return nil
		}
		return c.fail(RuleBegunFirst, ev, "the main stream opens with %s; it opens with Begun, or with Error for a begin that failed", ev.Variant)
	}
	switch r := resp.(type) {
	case *Begun:
		return c.fail(RuleBegunOnce, ev, "a second Begun; Begun comes once")
	case Active:
		return c.active(ev)
	case Chunk:
		if !c.inLoop {
			return c.fail(RuleChunkOutsideLoop, ev, "no loop is open (%s); a Chunk comes only between an Active and its Inactive", c.sinceLoop())
		}
	case *Inactive:
		return c.inactive(ev, r.Values)
	case *Error:
		if !c.inLoop {
			return c.fail(RuleErrorOutsideLoop, ev, "no loop is open (%s); after Begun an Error only ends a loop whose rotating secrets could not be collected", c.sinceLoop())
		}
		c.inLoop = false
		c.errored = true
	}
	return nil
}

// active takes an Active after Begun.
func (c *Checker) active(ev Event) error {
	if c.inLoop {
		return c.fail(RuleActiveInLoop, ev, "loop %d is still open; no Active until its Inactive", c.loops)
	}
	if c.Gated() {
		return c.fail(RuleSecretsGated, ev, "the program declared %s and no Secrets channel has been answered Fed since %s",
			count(c.declared.Len(), "secret"), c.sinceFeed())
	}
	c.inLoop = true
	c.loops++
	return nil
}

// inactive takes an Inactive after Begun.
func (c *Checker) inactive(ev Event, values secrets.Values) error {
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

// MainFinish takes the main stream's finish.
func (c *Checker) MainFinish() error {
	if c.failed != nil {
		return c.failed
	}
	ev := Event{Main: true, Finish: true}
	if c.finished {
		return c.fail(RuleMainAfterFinish, ev, "a second finish; the main stream has finished")
	}
	if c.inLoop {
		return c.fail(RuleFinishInLoop, ev, "loop %d is open; a loop ends with Inactive, or with Error and then the finish", c.loops)
	}
	c.finished = true
	return nil
}

// Channel takes one payload on the channel id: its request if it is the
// channel's first, else an answer, read in the family its request implies.
func (c *Checker) Channel(id string, payload []byte) error { return c.ChannelAs(id, "", payload) }

// ChannelAs takes one payload on the channel id that a recording labelled
// with scope. The label must be the one the payload's place implies: the
// request is begin.channel_request, and an answer is of its request's family
// (Postgres and Info answers are labelled opaque). An empty scope is no
// label, as in Channel: an answer that does not decode in its family then
// breaks channel.answer-decode, since the families share tags and only a
// label tells them apart.
func (c *Checker) ChannelAs(id, scope string, payload []byte) error {
	if c.failed != nil {
		return c.failed
	}
	st, known := c.channels[id]
	if !known {
		return c.request(id, scope, payload)
	}
	return c.answer(id, st, scope, payload)
}

// request takes a channel's first payload.
func (c *Checker) request(id, scope string, payload []byte) error {
	ev := Event{Channel: id, Scope: ScopeChannelRequest}
	if scope != "" {
		ev.Scope = scope
	}
	if ev.Scope != ScopeChannelRequest {
		return c.fail(RuleChannelRequestFirst, ev, "the channel's first payload is labelled %s; a channel opens with its request (%s)",
			strconv.Quote(scope), ScopeChannelRequest)
	}
	req, decodeErr := DecodeChannelRequest(payload)
	if decodeErr == nil {
		ev.Variant = requestName(req)
	}
	if !c.begun {
		why := "no Begun has arrived on the main stream"
		if c.errored {
			why = "the main stream opened with Error, so the container never began"
		}
		return c.fail(RuleChannelBeforeBegun, ev, "%s; channels open only after Begun", why)
	}
	st := channelState{kind: kindMalformed}
	if decodeErr == nil {
		st.kind = kindOf(req)
		if s, ok := req.(*Secrets); ok {
			if err := c.feedNames(ev, s.Values); err != nil {
				return err
			}
		}
	}
	if c.channels == nil {
		c.channels = make(map[string]channelState)
	}
	c.channels[id] = st
	return nil
}

// feedNames checks a Secrets request against the declaration.
func (c *Checker) feedNames(ev Event, values secrets.Values) error {
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
	return nil
}

// answer takes a later payload on a known channel.
func (c *Checker) answer(id string, st channelState, scope string, payload []byte) error {
	want := answerScope(st.kind)
	ev := Event{Channel: id, Scope: want}
	if scope != "" {
		ev.Scope = scope
	}
	var fed bool
	var decodeErr error
	if ev.Scope == want {
		ev.Variant, fed, decodeErr = decodeAnswer(st.kind, payload)
	}
	switch {
	case st.finished:
		return c.fail(RuleChannelAfterFinish, ev, "the channel has finished; nothing follows its finish")
	case st.kind == kindMalformed:
		return c.fail(RuleChannelMalformedAnswered, ev, "the channel's request did not decode; such a channel is answered by the finish alone")
	case st.answered && st.kind != kindPostgres:
		return c.fail(RuleChannelOneAnswer, ev, "the channel was answered already; after its one answer only the finish follows")
	case ev.Scope != want:
		return c.fail(RuleChannelAnswerFamily, ev, "%s is answered by %s, not %s", kindName(st.kind), want, strconv.Quote(scope))
	case decodeErr != nil:
		return c.fail(RuleChannelAnswerDecode, ev, "%v", decodeErr)
	}
	st.answered = true
	c.channels[id] = st
	if fed {
		c.fed = true
	}
	return nil
}

// decodeAnswer reads an answer to a request of kind k: its variant's name,
// and whether it is a Fed. Postgres and Info answers are not read.
func decodeAnswer(k channelKind, payload []byte) (variant string, fed bool, err error) {
	switch k {
	case kindEnqueue:
		var r enqueue.Response
		if err := r.Decode(payload); err != nil {
			return "", false, err
		}
		return capitalize(r.Fate.String()), false, nil
	case kindDequeue:
		var r dequeue.Response
		if err := r.Decode(payload); err != nil {
			return "", false, err
		}
		return capitalize(r.Outcome.String()), false, nil
	case kindSecrets:
		var r secrets.FeedResponse
		if err := r.Decode(payload); err != nil {
			return "", false, err
		}
		return capitalize(r.Outcome.String()), secrets.SettleFeed(&r).Opens(), nil
	}
	return "", false, nil
}

// ChannelFinish takes the finish of the channel id.
func (c *Checker) ChannelFinish(id string) error {
	if c.failed != nil {
		return c.failed
	}
	ev := Event{Channel: id, Finish: true}
	st, known := c.channels[id]
	switch {
	case !known:
		return c.fail(RuleChannelRequestFirst, ev, "the channel finished without a request; a channel opens with its request")
	case st.finished:
		return c.fail(RuleChannelAfterFinish, ev, "a second finish; the channel has finished")
	}
	st.finished = true
	c.channels[id] = st
	return nil
}

func responseName(r Response) string {
	switch r.(type) {
	case *Begun:
		return "Begun"
	case *Error:
		return "Error"
	case Chunk:
		return "Chunk"
	case Active:
		return "Active"
	case *Inactive:
		return "Inactive"
	}
	return ""
}

func requestName(r ChannelRequest) string {
	return kindName(kindOf(r))
}

func kindOf(r ChannelRequest) channelKind {
	switch r.(type) {
	case Postgres:
		return kindPostgres
	case Info:
		return kindInfo
	case *Enqueue:
		return kindEnqueue
	case *Dequeue:
		return kindDequeue
	case *Secrets:
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
		return ScopeEnqueueAnswer
	case kindDequeue:
		return ScopeDequeueAnswer
	case kindSecrets:
		return ScopeFeedAnswer
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
