package session

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// step is one event fed to a Checker.
type step struct {
	main    bool
	id      string
	finish  bool
	payload string
	label   string // the payload's scope label; "" for the one its place implies
}

func mainP(payload string) step     { return step{main: true, payload: payload} }
func mainFinish() step              { return step{main: true, finish: true} }
func chanP(id, payload string) step { return step{id: id, payload: payload} }
func chanFinish(id string) step     { return step{id: id, finish: true} }

// as labels the step's payload with scope.
func (s step) as(scope string) step { s.label = scope; return s }

func (s step) feed(c *Checker) error {
	switch {
	case s.main && s.finish:
		return finishMain(c)
	case s.main && s.label != "":
		return c.Check(Event{Stream: MainStream, Scope: s.label, Payload: []byte(s.payload)})
	case s.main:
		return onMain(c, []byte(s.payload))
	case s.finish:
		return finishChannel(c, s.id)
	case s.label != "":
		return c.Check(Event{Stream: s.id, Scope: s.label, Payload: []byte(s.payload)})
	}
	return onChannel(c, s.id, []byte(s.payload))
}

// onMain checks a main-stream payload, labelled begin.response.
func onMain(c *Checker, payload []byte) error {
	return c.Check(Event{Stream: MainStream, Scope: ScopeBeginResponse, Payload: payload})
}

// onChannel checks a payload on the channel id, labelled as its place on
// the channel implies (any label where none is tested).
func onChannel(c *Checker, id string, payload []byte) error {
	scope := c.channelScope(id)
	if scope == "" {
		scope = ScopeOpaque
	}
	return c.Check(Event{Stream: id, Scope: scope, Payload: payload})
}

// finishMain checks the main stream's finish.
func finishMain(c *Checker) error { return c.Check(Event{Stream: MainStream, Finish: true}) }

// finishChannel checks the finish of the channel id.
func finishChannel(c *Checker, id string) error { return c.Check(Event{Stream: id, Finish: true}) }

// Payloads.
const (
	begunNone     = "\x00{}"
	begunToken    = "\x00" + `{"secrets":{"api_key":"fixed","token":"rotating"}}`
	active        = "\x03"
	chunkP        = "\x02" + `{"type":"assistant_text_content","text":"hi"}`
	inactiveNone  = "\x04{}"
	inactiveToken = "\x04" + `{"token":"t2"}`
	loopError     = "\x01" + `{"message":"rotating secret \"token\" was not handed back"}`
	beginError    = "\x01" + `{"message":"arguments refused"}`
	enqueueReq    = "\x02" + `{"key":"k1","content":[{"type":"text","text":"hi"}]}`
	dequeueReq    = "\x03" + `{"key":"k1"}`
	feedToken     = "\x04" + `{"api_key":"a","token":"t1"}`
	postgresReq   = "\x00\x01\x02\x03\x04"
	infoReq       = "\x01"
	delivered     = "\x00"
	fed           = "\x00"
	feedRefused   = "\x01" + `{"message":"bad token"}`
	feedLong      = "\x04" + `{"api_key":"key_SECRET_abc","token":"tok_SECRET_123"}`
	feedShort     = "\x04" + `{"api_key":"key_SECRET_abc","token":"ab12cd"}`
	feedJSON      = "\x04" + `{"api_key":42,"token":true}`
	feedEscaped   = "\x04" + `{"api_key":"a\"b","token":"tok_SECRET_123"}`
	emptyReq      = "\x02" + `{"key":"k1","content":[]}`
	otherReq      = "\x02" + `{"key":"k0","content":[{"type":"text","text":"first"}]}`
	partK1        = "\x02" + `{"type":"user_text_content","key":"k1","text":"hi"}` // enqueueReq's part
	twoReq        = "\x02" + `{"key":"k2","content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}`
	partK2a       = "\x02" + `{"type":"user_text_content","key":"k2","text":"a"}`     // twoReq's first part
	partK2b       = "\x02" + `{"type":"user_text_content","key":"k2","text":"b"}`     // twoReq's second part
	partK0        = "\x02" + `{"type":"user_text_content","key":"k0","text":"first"}` // otherReq's part
	refused       = "\x02" + `{"message":"not taken"}`
	dequeued      = "\x01"
	withdrawn     = "\x00"
	empty         = "\x01"
)

// fedSteps open the gate for a program that declared begunToken's secrets.
func fedSteps(id string) []step {
	return []step{chanP(id, feedToken), chanP(id, fed), chanFinish(id)}
}

func join(parts ...[]step) []step {
	var out []step
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// steps joins steps and runs of steps ([]step, as opened gives) into one.
func steps(s ...any) []step {
	var out []step
	for _, v := range s {
		switch v := v.(type) {
		case step:
			out = append(out, v)
		case []step:
			out = append(out, v...)
		default:
			panic("steps: not a step")
		}
	}
	return out
}

// opened is a message enqueued on channel id (its key is id) and the loop
// it starts: the request, the Active and the message's one user part.
func opened(id string) []step {
	return []step{
		chanP(id, "\x02"+`{"key":"`+id+`","content":[{"type":"text","text":"go"}]}`),
		mainP(active),
		mainP("\x02" + `{"type":"user_text_content","key":"` + id + `","text":"go"}`),
	}
}

// ruleCase feeds steps; every one but the last must pass, and the last breaks
// rule (or, with rule empty, passes too).
type ruleCase struct {
	name  string
	rule  Rule // "" when the case keeps every rule
	steps []step
}

// ruleGroup is the cases of one rule: some break it, some come close and
// keep it.
type ruleGroup struct {
	rule  Rule
	cases []ruleCase
}

func ruleGroups() []ruleGroup {
	return []ruleGroup{
		{RuleMainAfterFinish, []ruleCase{
			{"payload after finish", RuleMainAfterFinish, steps(mainP(begunNone), mainFinish(), mainP(chunkP))},
			{"second finish", RuleMainAfterFinish, steps(mainP(begunNone), mainFinish(), mainFinish())},
			{"finish alone", RuleMainAfterFinish, steps(mainFinish(), mainP(begunNone))},
			{"keep: begun then finish", "", steps(mainP(begunNone), mainFinish())},
			{"keep: a finish with nothing before it", "", steps(mainFinish())},
		}},
		{RuleMainAfterError, []ruleCase{
			{"begun after a begin error", RuleMainAfterError, steps(mainP(beginError), mainP(begunNone))},
			{"chunk after a loop error", RuleMainAfterError, join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s2"), mainP(loopError), mainP(chunkP)))},
			{"keep: begin error, finish", "", steps(mainP(beginError), mainFinish())},
			{"keep: loop error, finish", "", join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s3"), mainP(chunkP), mainP(loopError), mainFinish()))},
		}},
		{RuleMainScope, []ruleCase{
			{"enqueue answer on main", RuleMainScope, steps(mainP(delivered).as(ScopeEnqueueResponse))},
			{"keep: begin.response on main", "", steps(mainP(begunNone).as(ScopeBeginResponse), chanP("e1", enqueueReq), mainP(active).as(ScopeBeginResponse))},
			{"after the finish, after-finish comes first", RuleMainAfterFinish,
				steps(mainP(begunNone), mainFinish(), mainP(delivered).as(ScopeEnqueueResponse))},
		}},
		{RuleMainDecode, []ruleCase{
			{"unknown tag", RuleMainDecode, steps(mainP(begunNone), mainP("\x09"))},
			{"empty payload", RuleMainDecode, steps(mainP(""))},
			{"chunk not an object", RuleMainDecode, steps(mainP(begunNone), opened("s4"), mainP("\x02[1]"))},
			{"keep: every variant decodes", "", steps(mainP(begunNone), opened("s5"), mainP(chunkP), mainP(inactiveNone))},
		}},
		{RuleActiveTrailingBytes, []ruleCase{
			{"active with a byte after", RuleActiveTrailingBytes, steps(mainP(begunNone), mainP("\x03\x00"))},
			{"active with JSON after", RuleActiveTrailingBytes, steps(mainP(begunNone), mainP("\x03{}"))},
			{"keep: the byte 3 alone", "", steps(mainP(begunNone), opened("s6"))},
		}},
		{RuleBegunFirst, []ruleCase{
			{"chunk first", RuleBegunFirst, steps(mainP(chunkP))},
			{"active first", RuleBegunFirst, steps(mainP(active))},
			{"inactive first", RuleBegunFirst, steps(mainP(inactiveNone))},
			{"keep: begun first", "", steps(mainP(begunNone))},
			{"keep: error first", "", steps(mainP(beginError))},
		}},
		{RuleBegunOnce, []ruleCase{
			{"second begun", RuleBegunOnce, steps(mainP(begunNone), mainP(begunNone))},
			{"begun inside a loop", RuleBegunOnce, steps(mainP(begunNone), opened("s8"), mainP(begunNone))},
			{"keep: one begun, two loops", "", steps(mainP(begunNone), opened("s9"), mainP(inactiveNone), opened("s10"), mainP(inactiveNone))},
		}},
		{RuleActiveInLoop, []ruleCase{
			{"active twice", RuleActiveInLoop, steps(mainP(begunNone), opened("s11"), mainP(chunkP), mainP(active))},
			{"keep: active after inactive", "", steps(mainP(begunNone), opened("s13"), mainP(inactiveNone), opened("s14"))},
		}},
		{RuleSecretsGated, []ruleCase{
			{"no feed after begun", RuleSecretsGated, steps(mainP(begunToken), mainP(active))},
			{"the feed before the inactive does not count", RuleSecretsGated,
				join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s16"), mainP(inactiveToken), mainP(active)))},
			{"a refused feed keeps the gate", RuleSecretsGated,
				steps(mainP(begunToken), chanP("f1", feedToken), chanP("f1", feedRefused), chanFinish("f1"), mainP(active))},
			{"a feed not served keeps the gate", RuleSecretsGated,
				steps(mainP(begunToken), chanP("f1", feedToken), chanFinish("f1"), mainP(active))},
			{"a feed still unanswered keeps the gate", RuleSecretsGated,
				steps(mainP(begunToken), chanP("f1", feedToken), mainP(active))},
			{"fixed secrets gate too", RuleSecretsGated,
				steps(mainP("\x00"+`{"secrets":{"api_key":"fixed"}}`), mainP(active))},
			{"keep: fed after begun and after each inactive", "",
				join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s21"), mainP(inactiveToken)), fedSteps("f2"), steps(opened("s22")))},
			{"keep: a feed opened in the loop and answered after its inactive counts", "",
				join(steps(mainP(begunToken)), fedSteps("f1"),
					steps(opened("s23"), chanP("f2", feedToken), mainP(inactiveToken), chanP("f2", fed), opened("s24")))},
			{"keep: a program that declared none is never gated", "",
				steps(mainP(begunNone), opened("s25"), mainP(inactiveNone), opened("s26"))},
		}},
		{RuleChunkOutsideLoop, []ruleCase{
			{"chunk before any loop", RuleChunkOutsideLoop, steps(mainP(begunNone), mainP(chunkP))},
			{"chunk after inactive", RuleChunkOutsideLoop, steps(mainP(begunNone), opened("s27"), mainP(inactiveNone), mainP(chunkP))},
			{"keep: chunks inside a loop", "", steps(mainP(begunNone), opened("s28"), mainP(chunkP), mainP(chunkP))},
		}},
		{RuleInactiveOutsideLoop, []ruleCase{
			{"inactive before any loop", RuleInactiveOutsideLoop, steps(mainP(begunNone), mainP(inactiveNone))},
			{"inactive twice", RuleInactiveOutsideLoop, steps(mainP(begunNone), opened("s29"), mainP(inactiveNone), mainP(inactiveNone))},
			{"keep: inactive ends a loop", "", steps(mainP(begunNone), opened("s30"), mainP(inactiveNone))},
		}},
		{RuleInactiveValues, []ruleCase{
			{"rotating secret missing", RuleInactiveValues, join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s31"), mainP(inactiveNone)))},
			{"fixed secret handed back", RuleInactiveValues,
				join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s32"), mainP("\x04"+`{"token":"t","api_key":"a"}`)))},
			{"undeclared name", RuleInactiveValues, steps(mainP(begunNone), opened("s33"), mainP("\x04"+`{"other":1}`))},
			{"keep: every rotating name and no other", "", join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s34"), mainP(inactiveToken)))},
			{"keep: empty for a program with no rotating secret", "", steps(mainP(begunNone), opened("s35"), mainP(inactiveNone))},
		}},
		{RuleErrorOutsideLoop, []ruleCase{
			{"error between loops", RuleErrorOutsideLoop, steps(mainP(begunNone), mainP(beginError))},
			{"keep: error ends a loop", "", join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s36"), mainP(loopError)))},
		}},
		{RuleFinishInLoop, []ruleCase{
			{"finish with a loop open", RuleFinishInLoop, steps(mainP(begunNone), opened("s37"), mainP(chunkP), mainFinish())},
			{"keep: finish after inactive", "", steps(mainP(begunNone), opened("s38"), mainP(inactiveNone), mainFinish())},
			{"keep: finish after a loop's error", "", join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s39"), mainP(loopError), mainFinish()))},
		}},
		{RuleChannelAfterFinish, []ruleCase{
			{"answer after finish", RuleChannelAfterFinish, steps(mainP(begunNone), chanP("e1", enqueueReq), chanFinish("e1"), chanP("e1", delivered))},
			{"second finish", RuleChannelAfterFinish, steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("e1", refused), chanFinish("e1"), chanFinish("e1"))},
			{"keep: request, answer, finish", "", steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("e1", refused), chanFinish("e1"))},
		}},
		{RuleChannelRequestFirst, []ruleCase{
			{"finish with no request", RuleChannelRequestFirst, steps(mainP(begunNone), chanFinish("e1"))},
			{"an answer labelled first", RuleChannelRequestFirst, steps(mainP(begunNone), chanP("e1", delivered).as(ScopeEnqueueResponse))},
			{"keep: request first", "", steps(mainP(begunNone), chanP("e1", enqueueReq), chanFinish("e1"))},
		}},
		{RuleChannelBeforeBegun, []ruleCase{
			{"request before begun", RuleChannelBeforeBegun, steps(chanP("e1", enqueueReq))},
			{"request after a begin error", RuleChannelBeforeBegun, steps(mainP(beginError), chanP("e1", enqueueReq))},
			{"keep: request after begun", "", steps(mainP(begunNone), chanP("e1", enqueueReq))},
		}},
		{RuleFeedNames, []ruleCase{
			{"declared secret missing", RuleFeedNames, steps(mainP(begunToken), chanP("f1", "\x04"+`{"token":"t1"}`))},
			{"undeclared secret fed", RuleFeedNames, steps(mainP(begunToken), chanP("f1", "\x04"+`{"api_key":"a","token":"t1","extra":"x"}`))},
			{"keep: every declared secret", "", steps(mainP(begunToken), chanP("f1", feedToken))},
			{"keep: an empty feed for a program that declared none", "", steps(mainP(begunNone), chanP("f1", "\x04{}"), chanP("f1", fed))},
		}},
		{RuleChannelMalformedAnswered, []ruleCase{
			{"malformed enqueue answered", RuleChannelMalformedAnswered, steps(mainP(begunNone), chanP("e1", "\x02{}"), chanP("e1", delivered))},
			{"unknown request tag answered", RuleChannelMalformedAnswered, steps(mainP(begunNone), chanP("x1", "\x07"), chanP("x1", "\x00"))},
			{"keep: malformed request, finish alone", "", steps(mainP(begunNone), chanP("e1", "\x02{}"), chanFinish("e1"))},
			{"keep: empty request, finish alone", "", steps(mainP(begunNone), chanP("e1", ""), chanFinish("e1"))},
		}},
		{RuleChannelOneAnswer, []ruleCase{
			{"two answers", RuleChannelOneAnswer, steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("e1", refused), chanP("e1", delivered))},
			{"info answered twice", RuleChannelOneAnswer, steps(mainP(begunNone), chanP("i1", infoReq), chanP("i1", "# notes"), chanP("i1", "more"))},
			{"keep: a postgres byte stream", "", steps(mainP(begunNone), chanP("p1", postgresReq), chanP("p1", "R\x00"), chanP("p1", "Z"), chanP("p1", ""), chanFinish("p1"))},
			{"keep: a finish with no answer", "", steps(mainP(begunNone), chanP("e1", enqueueReq), chanFinish("e1"))},
		}},
		{RuleChannelAnswerFamily, []ruleCase{
			{"dequeue answer on an enqueue channel", RuleChannelAnswerFamily,
				steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("e1", empty).as(ScopeDequeueResponse))},
			{"feed answer on a dequeue channel", RuleChannelAnswerFamily,
				steps(mainP(begunNone), chanP("d1", dequeueReq), chanP("d1", fed).as(ScopeSecretsFeedResponse))},
			{"enqueue answer on an info channel", RuleChannelAnswerFamily,
				steps(mainP(begunNone), chanP("i1", infoReq), chanP("i1", delivered).as(ScopeEnqueueResponse))},
			{"a second request", RuleChannelAnswerFamily,
				steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("e1", enqueueReq).as(ScopeBeginChannelRequest))},
			{"keep: each family", "", steps(mainP(begunNone),
				chanP("e1", enqueueReq).as(ScopeBeginChannelRequest), chanP("e1", refused).as(ScopeEnqueueResponse),
				chanP("d1", dequeueReq).as(ScopeBeginChannelRequest), chanP("d1", empty).as(ScopeDequeueResponse),
				chanP("f1", "\x04{}").as(ScopeBeginChannelRequest), chanP("f1", fed).as(ScopeSecretsFeedResponse),
				chanP("i1", infoReq).as(ScopeBeginChannelRequest), chanP("i1", "# notes").as(ScopeOpaque),
				chanP("p1", postgresReq).as(ScopeBeginChannelRequest), chanP("p1", "R").as(ScopeOpaque))},
			{"an answer after the finish is after-finish", RuleChannelAfterFinish,
				steps(mainP(begunNone), chanP("e1", enqueueReq), chanFinish("e1"), chanP("e1", delivered).as(ScopeEnqueueResponse))},
		}},
		{RuleChannelAnswerDecode, []ruleCase{
			{"feed answered with an enqueue refusal", RuleChannelAnswerDecode, steps(mainP(begunNone), chanP("f1", "\x04{}"), chanP("f1", "\x02"+`{"message":"no"}`))},
			{"empty enqueue answer", RuleChannelAnswerDecode, steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("e1", ""))},
			{"dequeue error without a body", RuleChannelAnswerDecode, steps(mainP(begunNone), chanP("d1", dequeueReq), chanP("d1", "\x02"))},
			{"keep: every answer decodes", "", steps(mainP(begunNone),
				chanP("e1", enqueueReq), chanP("e1", "\x02"+`{"message":"no"}`),
				chanP("d1", dequeueReq), chanP("d1", "\x01"),
				chanP("f1", "\x04{}"), chanP("f1", feedRefused))},
		}},
		{RuleErrorNamesSecret, []ruleCase{
			{"a loop error for a program with no rotating secret", RuleErrorNamesSecret, steps(mainP(begunNone), opened("s40"), mainP(loopError))},
			{"a loop error that names no rotating secret", RuleErrorNamesSecret,
				join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s41"), mainP("\x01"+`{"message":"something failed"}`)))},
			{"a loop error that names only the fixed secret", RuleErrorNamesSecret,
				join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s42"), mainP("\x01"+`{"message":"api_key was not handed back"}`)))},
			{"keep: the loop error names the rotating secret", "", join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s43"), mainP(loopError)))},
		}},
		{RuleErrorSecretValue, []ruleCase{
			{"a loop error quoting the fed value", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedLong), chanP("f1", fed), opened("s44"),
					mainP("\x01"+`{"message":"rotating secret token (was tok_SECRET_123) not handed back"}`))},
			{"a refusal quoting a value handed back", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedToken), chanP("f1", fed), chanP("e1", enqueueReq), mainP(active), mainP(partK1),
					mainP("\x04"+`{"token":"tok_ROTATED_456"}`), chanP("e2", enqueueReq), chanP("e2", "\x02"+`{"message":"no: tok_ROTATED_456"}`))},
			{"a feed refusal quoting the value", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedLong), chanP("f1", "\x01"+`{"message":"bad token tok_SECRET_123"}`))},
			{"keep: errors that name secrets only", "",
				steps(mainP(begunToken), chanP("f1", feedLong), chanP("f1", "\x01"+`{"message":"bad token"}`),
					chanP("f2", feedLong), chanP("f2", fed), opened("s46"), mainP(loopError))},
			{"a short value, as a word", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedToken), chanP("f1", "\x01"+`{"message":"bad token t1"}`))},
			{"a six-byte token in a loop's Error", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedShort), chanP("f1", fed), opened("s47"),
					mainP("\x01"+`{"message":"rotating secret token (ab12cd) not handed back"}`))},
			{"a one-byte value between punctuation", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedToken), chanP("f1", "\x01"+`{"message":"api_key=a; refused"}`))},
			{"a number, as its JSON text", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedJSON), chanP("f1", "\x01"+`{"message":"limit 42 reached"}`))},
			{"true, as its JSON text", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedJSON), chanP("f1", fed), opened("s48"),
					mainP("\x01"+`{"message":"rotating secret token (true) not handed back"}`))},
			{"an object, as its JSON text", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", "\x04"+`{"api_key":{"k":"v"},"token":"tok_SECRET_123"}`),
					chanP("f1", "\x01"+`{"message":"bad api_key {\"k\":\"v\"}"}`))},
			{"a string with escapes, as its contents", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedEscaped), chanP("f1", "\x01"+`{"message":"bad a\"b"}`))},
			{"a string with escapes, escaped", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedEscaped), chanP("f1", "\x01"+`{"message":"bad \"a\\\"b\""}`))},
			{"a long value inside a word", RuleErrorSecretValue,
				steps(mainP(begunToken), chanP("f1", feedLong), chanP("f1", "\x01"+`{"message":"bad xtok_SECRET_123x"}`))},
			{"keep: a short value inside a longer word", "",
				steps(mainP(begunToken), chanP("f1", feedToken), chanP("f1", "\x01"+`{"message":"bad token t10, was refused"}`))},
			{"keep: a number inside a longer one", "",
				steps(mainP(begunToken), chanP("f1", feedJSON), chanP("f1", "\x01"+`{"message":"limit 420 reached; v42"}`))},
			{"keep: a short value next to a non-ASCII letter", "",
				steps(mainP(begunToken), chanP("f1", feedShort), chanP("f1", "\x01"+`{"message":"bad éab12cd"}`))},
			{"keep: values that hold nothing are not looked for", "",
				steps(mainP(begunToken), chanP("f1", "\x04"+`{"api_key":null,"token":""}`),
					chanP("f1", "\x01"+`{"message":"null token \"\" {} []"}`))},
			{"keep: empty containers are not looked for", "",
				steps(mainP(begunToken), chanP("f1", "\x04"+`{"api_key":{},"token":[]}`), chanP("f1", "\x01"+`{"message":"got {} and []"}`))},
		}},
		{RuleFeedOrder, []ruleCase{
			{"names out of the declared order", RuleFeedOrder, steps(mainP(begunToken), chanP("f1", "\x04"+`{"token":"t1","api_key":"a"}`))},
			{"keep: the declared order", "", steps(mainP(begunToken), chanP("f1", feedToken))},
		}},
		{RuleActiveNoMessage, []ruleCase{
			{"an active with nothing enqueued", RuleActiveNoMessage, steps(mainP(begunNone), mainP(active))},
			{"an active after the one message was shown", RuleActiveNoMessage, steps(mainP(begunNone), opened("s1"), mainP(inactiveNone), mainP(active))},
			{"an active after the one message was refused", RuleActiveNoMessage, steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("e1", refused), mainP(active))},
			{"an active after the one message was left unserved", RuleActiveNoMessage, steps(mainP(begunNone), chanP("e1", enqueueReq), chanFinish("e1"), mainP(active))},
			{"an active after the one message was withdrawn", RuleActiveNoMessage,
				join(steps(mainP(begunToken), chanP("e1", enqueueReq), chanP("d1", dequeueReq), chanP("d1", withdrawn), chanP("e1", dequeued)), fedSteps("f1"), steps(mainP(active)))},
			{"an active on a message with no block", RuleActiveNoMessage, steps(mainP(begunNone), chanP("e1", emptyReq), mainP(active))},
			{"keep: a message enqueued in loop 1 starts loop 2", "",
				steps(mainP(begunNone), opened("s1"), chanP("e1", enqueueReq), mainP(inactiveNone), mainP(active), mainP(partK1))},
			{"keep: a message whose channel is still open", "",
				steps(mainP(begunNone), opened("s1"), chanP("e1", enqueueReq), mainP(inactiveNone), chanP("e2", enqueueReq), chanP("e2", refused), mainP(active), mainP(partK1))},
		}},
		{RuleLoopFirstParts, []ruleCase{
			{"the loop opens with an assistant chunk", RuleLoopFirstParts, steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(chunkP))},
			{"the loop ends before any part", RuleLoopFirstParts, steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(inactiveNone))},
			{"the loop's error before any part", RuleLoopFirstParts,
				join(steps(mainP(begunToken), chanP("e1", enqueueReq)), fedSteps("f1"), steps(mainP(active), mainP(loopError)))},
			{"a part of no message enqueued", RuleLoopFirstParts, steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(partK0))},
			{"a part under another key", RuleLoopFirstParts,
				steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP("\x02"+`{"type":"user_text_content","key":"k9","text":"hi"}`))},
			{"a part of another kind", RuleLoopFirstParts,
				steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP("\x02"+`{"type":"user_resource_link","key":"k1","uri":"hi","name":"hi"}`))},
			{"a message cut short", RuleLoopFirstParts, steps(mainP(begunNone), chanP("e2", twoReq), mainP(active), mainP(partK2a), mainP(chunkP))},
			{"a message's parts out of order", RuleLoopFirstParts, steps(mainP(begunNone), chanP("e2", twoReq), mainP(active), mainP(partK2b))},
			{"a message's second part is another's", RuleLoopFirstParts,
				steps(mainP(begunNone), chanP("e2", twoReq), chanP("e1", enqueueReq), mainP(active), mainP(partK2a), mainP(partK1))},
			{"two messages out of the order enqueued", RuleLoopFirstParts,
				steps(mainP(begunNone), chanP("e0", otherReq), chanP("e1", enqueueReq), mainP(active), mainP(partK1), mainP(partK0))},
			{"a message shown twice", RuleLoopFirstParts, steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(partK1), mainP(partK1))},
			{"keep: two messages in the order enqueued", "",
				steps(mainP(begunNone), chanP("e0", otherReq), chanP("e1", enqueueReq), mainP(active), mainP(partK0), mainP(partK1), mainP(chunkP), mainP(inactiveNone))},
			{"keep: a message of two blocks, whole", "",
				steps(mainP(begunNone), chanP("e2", twoReq), mainP(active), mainP(partK2a), mainP(partK2b), mainP(inactiveNone))},
			{"keep: the loop's error after its parts", "",
				join(steps(mainP(begunToken), chanP("e1", enqueueReq)), fedSteps("f1"), steps(mainP(active), mainP(partK1), mainP(loopError)))},
		}},
		{RuleLoopSeamParts, []ruleCase{
			{"a part after a seam of no message enqueued", RuleLoopSeamParts, steps(mainP(begunNone), opened("s1"), mainP(chunkP), mainP(partK1))},
			{"a message shown at the start and again at a seam", RuleLoopSeamParts,
				steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(partK1), mainP(chunkP), mainP(partK1))},
			{"a seam's message cut short", RuleLoopSeamParts,
				steps(mainP(begunNone), opened("s1"), chanP("e2", twoReq), mainP(chunkP), mainP(partK2a), mainP(chunkP))},
			{"a seam's message cut short by the loop's end", RuleLoopSeamParts,
				steps(mainP(begunNone), opened("s1"), chanP("e2", twoReq), mainP(chunkP), mainP(partK2a), mainP(inactiveNone))},
			{"a seam's messages out of the order enqueued", RuleLoopSeamParts,
				steps(mainP(begunNone), opened("s1"), chanP("e0", otherReq), chanP("e1", enqueueReq), mainP(chunkP), mainP(partK1), mainP(partK0))},
			{"keep: a message taken at a seam, whole", "",
				steps(mainP(begunNone), opened("s1"), chanP("e2", twoReq), mainP(chunkP), mainP(partK2a), mainP(partK2b), mainP(chunkP), mainP(inactiveNone), chanP("e2", delivered))},
			{"keep: two seams", "",
				steps(mainP(begunNone), opened("s1"), chanP("e0", otherReq), mainP(chunkP), mainP(partK0), chanP("e1", enqueueReq), mainP(chunkP), mainP(partK1), mainP(inactiveNone))},
		}},
		{RuleDeliveredParts, []ruleCase{
			{"delivered, and the loop ends without its parts", RuleDeliveredParts,
				steps(mainP(begunNone), opened("s1"), chanP("e1", enqueueReq), chanP("e1", delivered), mainP(chunkP), mainP(inactiveNone))},
			{"delivered after the loop, never shown", RuleDeliveredParts,
				steps(mainP(begunNone), opened("s1"), chanP("e1", enqueueReq), mainP(inactiveNone), chanP("e1", delivered))},
			{"delivered, its channel finished, the loop ends without its parts", RuleDeliveredParts,
				steps(mainP(begunNone), opened("s1"), chanP("e1", enqueueReq), chanP("e1", delivered), chanFinish("e1"), mainP(inactiveNone))},
			{"keep: delivered before its part shows at a seam", "",
				steps(mainP(begunNone), opened("s1"), chanP("e1", enqueueReq), chanP("e1", delivered), chanFinish("e1"), mainP(chunkP), mainP(partK1), mainP(inactiveNone))},
			{"keep: delivered after the loop that showed it", "",
				steps(mainP(begunNone), opened("s1"), chanP("e1", enqueueReq), mainP(chunkP), mainP(partK1), mainP(inactiveNone), chanP("e1", delivered))},
		}},
		{RuleEnqueueEmptyContent, []ruleCase{
			{"a message with no block delivered", RuleEnqueueEmptyContent, steps(mainP(begunNone), chanP("e1", emptyReq), opened("s49"), chanP("e1", delivered))},
			{"keep: a message with no block refused", "", steps(mainP(begunNone), chanP("e1", emptyReq), chanP("e1", "\x02"+`{"message":"no content"}`))},
		}},
		{RuleDeliveredLoop, []ruleCase{
			{"delivered with no loop ever", RuleDeliveredLoop, steps(mainP(begunNone), chanP("a", enqueueReq), chanP("a", delivered))},
			{"delivered after the loop, enqueued after it ended", RuleDeliveredLoop,
				steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(partK1), chanP("e1", delivered), mainP(inactiveNone), chanP("e2", enqueueReq), chanP("e2", delivered))},
			{"keep: delivered into the loop it started", "", steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(partK1), chanP("e1", delivered))},
			{"keep: enqueued in a loop, delivered at a seam, answer seen after the Inactive", "",
				steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(partK1), chanP("e2", enqueueReq), chanP("e1", delivered), mainP(chunkP), mainP(partK1), mainP(inactiveNone), chanP("e2", delivered))},
		}},
		{RuleWithdrawnFate, []ruleCase{
			{"withdrawn with nothing of its key", RuleWithdrawnFate, steps(mainP(begunNone), chanP("d1", dequeueReq), chanP("d1", withdrawn))},
			{"withdrawn, and the one candidate delivered", RuleWithdrawnFate,
				steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(partK1), chanP("e2", enqueueReq), chanP("d1", dequeueReq), chanP("d1", withdrawn),
					chanP("e1", delivered), chanP("e2", delivered))},
			{"withdrawn, and the one candidate finished unanswered", RuleWithdrawnFate,
				steps(mainP(begunNone), chanP("e2", enqueueReq), chanP("d1", dequeueReq), chanP("d1", withdrawn), chanFinish("e2"))},
			{"a message that surely waited, delivered after a Withdrawn", RuleWithdrawnFate,
				steps(mainP(begunToken), chanP("e1", enqueueReq), chanP("e2", enqueueReq), chanP("d1", dequeueReq), chanP("d1", withdrawn),
					chanP("e2", dequeued), chanP("f1", feedToken), chanP("f1", fed), opened("s54"), chanP("e1", delivered))},
			{"keep: withdrawn, then dequeued", "",
				steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(partK1), chanP("e2", enqueueReq), chanP("d1", dequeueReq), chanP("d1", withdrawn), chanP("e2", dequeued))},
			{"keep: dequeued seen before withdrawn", "",
				steps(mainP(begunNone), chanP("e1", enqueueReq), mainP(active), mainP(partK1), chanP("e2", enqueueReq), chanP("d1", dequeueReq), chanP("e2", dequeued), chanP("d1", withdrawn))},
			{"keep: two candidates, one delivered at a seam, one withdrawn", "",
				steps(mainP(begunNone), chanP("e0", otherReq), mainP(active), mainP(partK0), chanP("e1", enqueueReq), chanP("e2", enqueueReq), chanP("d1", dequeueReq), chanP("d1", withdrawn),
					chanP("e1", delivered), chanP("e2", dequeued))},
		}},
		{RuleDequeuedWitness, []ruleCase{
			{"dequeued with no dequeue", RuleDequeuedWitness, steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("e1", dequeued))},
			{"dequeued by a dequeue of another key", RuleDequeuedWitness,
				steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("d1", "\x03"+`{"key":"other"}`), chanP("e1", dequeued))},
			{"dequeued, and the one dequeue answered Empty", RuleDequeuedWitness,
				steps(mainP(begunNone), chanP("e0", otherReq), mainP(active), mainP(partK0), chanP("e1", enqueueReq), chanP("d1", dequeueReq), chanP("e1", dequeued), chanP("d1", empty))},
			{"dequeued, and the one dequeue finished unanswered", RuleDequeuedWitness,
				steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("d1", dequeueReq), chanP("e1", dequeued), chanFinish("d1"))},
			{"dequeued by a dequeue answered Dequeued before the message came", RuleDequeuedWitness,
				steps(mainP(begunNone), chanP("e0", enqueueReq), chanP("d1", dequeueReq), chanP("e0", dequeued), chanP("d1", withdrawn), chanP("e1", enqueueReq), chanP("e1", dequeued))},
			{"keep: dequeued after withdrawn", "",
				steps(mainP(begunNone), chanP("e1", enqueueReq), chanP("d1", dequeueReq), chanP("d1", withdrawn), chanP("e1", dequeued))},
		}},
		{RuleDequeueEmpty, []ruleCase{
			{"empty while a message waits behind the gate", RuleDequeueEmpty,
				steps(mainP(begunToken), chanP("e1", enqueueReq), chanP("d1", dequeueReq), chanP("d1", empty))},
			{"keep: empty while a message may be delivered at a seam", "",
				steps(mainP(begunNone), chanP("e0", otherReq), mainP(active), mainP(partK0), chanP("e1", enqueueReq), chanP("d1", dequeueReq), chanP("d1", empty), chanP("e1", delivered))},
			{"keep: empty after the gate opened", "",
				steps(mainP(begunToken), chanP("e1", enqueueReq), chanP("f1", feedToken), chanP("f1", fed), chanP("d1", dequeueReq), chanP("d1", empty))},
			{"keep: empty while the gate is closed and nothing waits", "",
				steps(mainP(begunToken), chanP("d1", dequeueReq), chanP("d1", empty))},
		}},
	}
}

// TestCheckerRules: every rule has a case that breaks it and one that keeps
// it, and each reports the right rule at the right event.
func TestCheckerRules(t *testing.T) {
	broken, kept := map[Rule]bool{}, map[Rule]bool{}
	for _, group := range ruleGroups() {
		for _, tc := range group.cases {
			t.Run(string(group.rule)+"/"+tc.name, func(t *testing.T) {
				c := &Checker{}
				for i, s := range tc.steps {
					err := s.feed(c)
					if i < len(tc.steps)-1 || tc.rule == "" {
						require.NoError(t, err, "step %d", i)
						continue
					}
					var v *Violation
					require.ErrorAs(t, err, &v, "step %d", i)
					assert.Equal(t, tc.rule, v.Rule, v.Error())
					assert.Equal(t, s.main, v.Event.OnMain())
					assert.Equal(t, s.finish, v.Event.Finish)
					if !s.main {
						assert.Equal(t, s.id, v.Event.Stream)
					}
					assert.Nil(t, v.Event.Payload, "a Violation holds no payload")
					assert.Zero(t, v.Line, "no trace, no line")
					assert.NotEmpty(t, v.Detail)
				}
			})
			if tc.rule == "" {
				kept[group.rule] = true
			} else {
				broken[tc.rule] = true
			}
		}
	}
	for _, r := range Rules() {
		assert.True(t, broken[r], "no case breaks %s", r)
		assert.True(t, kept[r], "no case keeps %s", r)
	}
	assert.Len(t, broken, len(Rules()))
}

// TestCheckerStaysFailed: after a violation every call returns it.
func TestCheckerStaysFailed(t *testing.T) {
	c := &Checker{}
	require.NoError(t, c.Err())
	require.NoError(t, onMain(c, []byte(begunNone)))
	first := onMain(c, []byte(chunkP))
	require.Error(t, first)
	assert.Same(t, first, onMain(c, []byte(active)))
	assert.Same(t, first, finishMain(c))
	assert.Same(t, first, onChannel(c, "e1", []byte(enqueueReq)))
	assert.Same(t, first, finishChannel(c, "e1"))
	assert.Same(t, first, c.Err())

	var v *Violation
	require.True(t, errors.As(first, &v))
	assert.Equal(t, "main.chunk-outside-loop: main Chunk: no loop is open (none has begun); a Chunk comes only between an Active and its Inactive", v.Error())
}

// TestCheckerState: the accessors follow the stream.
func TestCheckerState(t *testing.T) {
	c := &Checker{}
	assert.False(t, c.Gated(), "nothing declared yet")
	require.NoError(t, onMain(c, []byte(begunToken)))
	assert.True(t, c.Gated())
	for _, s := range fedSteps("f1") {
		require.NoError(t, s.feed(c))
	}
	assert.False(t, c.Gated())
	require.NoError(t, onChannel(c, "e1", []byte(enqueueReq)))
	require.NoError(t, onMain(c, []byte(active)))
	require.NoError(t, onMain(c, []byte(partK1)))
	assert.True(t, c.InLoop())
	assert.Equal(t, 1, c.Loops())
	require.NoError(t, onMain(c, []byte(inactiveToken)))
	assert.False(t, c.InLoop())
	assert.True(t, c.Gated(), "an Inactive closes the gate")
}

// TestEventString: how an event names itself, alone and in a Violation.
func TestEventString(t *testing.T) {
	tests := []struct {
		ev      Event
		variant string
		want    string
	}{
		{Event{Stream: MainStream}, "Active", "main Active"},
		{Event{Stream: MainStream, Finish: true}, "", "main finish"},
		{Event{Stream: MainStream}, "", "main payload"},
		{Event{Stream: MainStream, Scope: ScopeBeginResponse}, "", "main begin.response payload"},
		{Event{Stream: "c1", Scope: ScopeDequeueResponse, Payload: []byte{1}}, "", "channel c1 dequeue.response payload"},
		{Event{Stream: "c1"}, "Enqueue", "channel c1 Enqueue"},
		{Event{Stream: "c1", Finish: true}, "", "channel c1 finish"},
		{Event{Stream: "a b"}, "", `channel "a b" payload`},
		{Event{Stream: ""}, "", `channel "" payload`},
	}
	for _, tt := range tests {
		if tt.variant == "" {
			assert.Equal(t, tt.want, tt.ev.String())
		}
		v := &Violation{Rule: RuleMainDecode, Event: tt.ev, Variant: tt.variant, Detail: "d"}
		assert.Equal(t, "main.decode: "+tt.want+": d", v.Error())
		v.Line = 7
		assert.Equal(t, "line 7: main.decode: "+tt.want+": d", v.Error())
	}
}

// TestViolationNeverShowsValues: names may appear in a violation, values
// never do.
func TestViolationNeverShowsValues(t *testing.T) {
	const marker = "sk_live_MARKER42"
	cases := [][]step{
		join(steps(mainP(begunToken)), fedSteps("f1"), steps(opened("s60"), mainP("\x04"+`{"token":"`+marker+`","api_key":"`+marker+`"}`))),
		steps(mainP(begunNone), opened("s61"), mainP("\x04"+`{"x":"`+marker+`"`)),
		steps(mainP(begunNone), opened("s62"), mainP("\x04"+`{"x":`+marker+`}`)),
		steps(mainP(begunToken), chanP("f1", "\x04"+`{"token":"`+marker+`"}`)),
		steps(mainP(begunToken), chanP("f1", "\x04"+`{"api_key":"`+marker+`","token":"`+marker+`","more":"`+marker+`"}`)),
		steps(mainP("\x04" + `{"token":"` + marker + `"}`)),
	}
	for i, ss := range cases {
		c := &Checker{}
		var err error
		for _, s := range ss {
			if err = s.feed(c); err != nil {
				break
			}
		}
		require.Error(t, err, "case %d", i)
		assert.NotContains(t, err.Error(), marker, "case %d", i)
		assert.NotContains(t, err.Error(), "MARKER", "case %d", i)
	}
}

// FuzzChecker: no input makes the Checker panic, and a violation sticks.
func FuzzChecker(f *testing.F) {
	f.Add([]byte{0, 0, 1, 3, 2, 9, 1})
	f.Add([]byte("\x00\x00{}\x01\x03\x05\x02\x02{\"key\":\"k\",\"content\":[]}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &Checker{}
		var failed error
		for len(data) >= 2 {
			op, n := data[0], int(data[1])%8
			data = data[2:]
			n = min(n, len(data))
			payload := data[:n]
			data = data[n:]
			id := string(rune('a' + op%3))
			ev := Event{Stream: MainStream, Scope: c.mainScope(), Payload: payload}
			switch op % 5 {
			case 1:
				ev = Event{Stream: MainStream, Finish: true}
			case 2:
				ev = Event{Stream: id, Scope: c.channelScope(id), Payload: payload}
			case 3:
				ev = Event{Stream: id, Finish: true}
			case 4:
				ev = Event{Stream: id, Scope: ScopeBeginChannelRequest, Payload: append([]byte{op % 5}, payload...)}
			}
			if op&0x80 != 0 && !ev.Finish {
				ev.Scope = Scopes()[int(op)%len(scopes)] // a label that may be wrong
			}
			err := c.Check(ev)
			if failed != nil {
				require.Same(t, failed, err)
			} else if err != nil {
				failed = err
				var v *Violation
				require.ErrorAs(t, err, &v)
			}
		}
	})
}
