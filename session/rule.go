package session

// Rule names one rule of a begin's sequence. Its string is a stable
// identifier: tools print it and tests compare it, so it never changes.
//
// The rules, in the order a Checker tests them for one event (the first
// broken is the one reported):
//
//	main.after-finish           nothing on the main stream after its finish, not even a second finish
//	main.after-error            after an Error, the main stream carries only the finish
//	main.scope                  the main stream carries begin.response payloads only (labelled)
//	main.decode                 a main-stream payload decodes as a begin.response
//	main.active-trailing-bytes  Active is the byte 3 and nothing else
//	main.begun-first            the first payload is Begun (or, for a begin that failed, Error)
//	main.begun-once             Begun comes once
//	main.active-in-loop         no Active while a loop is open
//	secrets.gated               a program that declared a secret gets no Active until a Secrets channel is answered Fed after Begun or the latest Inactive
//	main.active-no-message      an Active needs a message to start on: one enqueued that no loop has shown and that was not withdrawn, refused or left unserved
//	main.chunk-outside-loop     a Chunk comes only between an Active and its Inactive
//	main.inactive-outside-loop  an Inactive comes only while a loop is open
//	inactive.values             an Inactive carries every secret declared rotating, and no other name
//	main.error-outside-loop     after Begun, an Error only ends an open loop (whose rotating secrets could not be collected)
//	main.error-names-secret     after Begun, an Error names a secret the program declared rotating; a program that declared none never gets one
//	error.secret-value          no error message (a loop's Error, a refusal, a dequeue's or a feed's error) carries a secret value the session fed or handed back
//	loop.first-parts            a loop's first chunks are the user parts of the message(s) it started on (chunk.UserParts): each message whole, the messages in the order enqueued
//	loop.seam-parts             a user part later in a loop belongs to a message taken at a seam, shown there whole and once, the messages in the order enqueued
//	main.finish-in-loop         no finish while a loop is open: a loop ends with Inactive, or with Error and then the finish
//	channel.after-finish        nothing on a channel after its finish
//	channel.request-first       a channel opens with its request (labelled begin.channel_request), not an answer or a finish
//	channel.before-begun        no channel opens before Begun
//	secrets.feed-names          a Secrets request feeds every secret the program declared and no other name
//	secrets.feed-order          a Secrets request feeds the secrets in the order the program declared them
//	channel.malformed-answered  a request that does not decode is answered by the finish alone
//	channel.one-answer          a channel has at most one answer (a Postgres channel's byte stream excepted)
//	channel.answer-family       an answer is of its request's family (labelled; see below)
//	channel.answer-decode       an Enqueue, Dequeue or Secrets answer decodes in its family
//	enqueue.empty-content       a message with no content block is never answered Delivered (the container refuses it)
//	enqueue.delivered-loop      Delivered needs a loop the message could go into: one open at its request, or one begun between its request and the answer
//	enqueue.delivered-parts     a message answered Delivered shows its parts in the loop it went into, by that loop's end
//	dequeue.withdrawn-fate      a dequeue answered Dequeued needs a message of its key, open while the dequeue was, answered Dequeued; a message that surely waited when it came is answered Dequeued, not Delivered or refused
//	enqueue.dequeued-witness    Dequeued needs a dequeue of the message's key, open while the message was, answered Dequeued
//	dequeue.empty-waiting       Empty is wrong while a message of the key surely waits (enqueued earlier, gated, no loop and no Fed since)
//
// The families: Enqueue is answered by enqueue.response, Dequeue by
// dequeue.response, Secrets by secrets.feed_response, and Postgres and Info
// by opaque payloads, which are not read. The rules marked "labelled" are
// about the scope label an Event carries (see Scopes): a Checker tests them
// first, then reads the payload as its place on the stream implies.
//
// Where a rule spans channels and the recording leaves the order of two
// events open, the Checker accepts every order the protocol allows and
// reports the first event after which no order fits (see Checker).
type Rule string

// The rules; see Rule for what each one says.
const (
	RuleMainAfterFinish          Rule = "main.after-finish"
	RuleMainAfterError           Rule = "main.after-error"
	RuleMainScope                Rule = "main.scope"
	RuleMainDecode               Rule = "main.decode"
	RuleActiveTrailingBytes      Rule = "main.active-trailing-bytes"
	RuleBegunFirst               Rule = "main.begun-first"
	RuleBegunOnce                Rule = "main.begun-once"
	RuleActiveInLoop             Rule = "main.active-in-loop"
	RuleSecretsGated             Rule = "secrets.gated"
	RuleActiveNoMessage          Rule = "main.active-no-message"
	RuleChunkOutsideLoop         Rule = "main.chunk-outside-loop"
	RuleInactiveOutsideLoop      Rule = "main.inactive-outside-loop"
	RuleInactiveValues           Rule = "inactive.values"
	RuleErrorOutsideLoop         Rule = "main.error-outside-loop"
	RuleErrorNamesSecret         Rule = "main.error-names-secret"
	RuleErrorSecretValue         Rule = "error.secret-value"
	RuleLoopFirstParts           Rule = "loop.first-parts"
	RuleLoopSeamParts            Rule = "loop.seam-parts"
	RuleFinishInLoop             Rule = "main.finish-in-loop"
	RuleChannelAfterFinish       Rule = "channel.after-finish"
	RuleChannelRequestFirst      Rule = "channel.request-first"
	RuleChannelBeforeBegun       Rule = "channel.before-begun"
	RuleFeedNames                Rule = "secrets.feed-names"
	RuleFeedOrder                Rule = "secrets.feed-order"
	RuleChannelMalformedAnswered Rule = "channel.malformed-answered"
	RuleChannelOneAnswer         Rule = "channel.one-answer"
	RuleChannelAnswerFamily      Rule = "channel.answer-family"
	RuleChannelAnswerDecode      Rule = "channel.answer-decode"
	RuleEnqueueEmptyContent      Rule = "enqueue.empty-content"
	RuleDeliveredLoop            Rule = "enqueue.delivered-loop"
	RuleDeliveredParts           Rule = "enqueue.delivered-parts"
	RuleWithdrawnFate            Rule = "dequeue.withdrawn-fate"
	RuleDequeuedWitness          Rule = "enqueue.dequeued-witness"
	RuleDequeueEmpty             Rule = "dequeue.empty-waiting"
)

// Rules lists every rule, in the order a Checker tests them. The slice is
// the caller's.
func Rules() []Rule {
	return []Rule{
		RuleMainAfterFinish, RuleMainAfterError, RuleMainScope, RuleMainDecode,
		RuleActiveTrailingBytes, RuleBegunFirst, RuleBegunOnce, RuleActiveInLoop,
		RuleSecretsGated, RuleActiveNoMessage, RuleChunkOutsideLoop, RuleInactiveOutsideLoop,
		RuleInactiveValues, RuleErrorOutsideLoop, RuleErrorNamesSecret, RuleErrorSecretValue,
		RuleLoopFirstParts, RuleLoopSeamParts, RuleFinishInLoop, RuleChannelAfterFinish, RuleChannelRequestFirst, RuleChannelBeforeBegun,
		RuleFeedNames, RuleFeedOrder, RuleChannelMalformedAnswered, RuleChannelOneAnswer,
		RuleChannelAnswerFamily, RuleChannelAnswerDecode, RuleEnqueueEmptyContent,
		RuleDeliveredLoop, RuleDeliveredParts, RuleWithdrawnFate, RuleDequeuedWitness, RuleDequeueEmpty,
	}
}
