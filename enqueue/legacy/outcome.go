package legacy

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Outcome is what became of a message sent to /agent/enqueue, in the terms
// a caller acts on: the fate its one answer named, or, for a connection that
// ended with no answer, that the fate was never received. Build it with
// Settle.
//
// It differs from revision 2.3.0's enqueue.Outcome in two kinds. Missed is
// gone from 2.3.0: there a message a run leaves waiting is not lost but
// starts the next run. And the error is another thing: here Failed is the
// provider's failure to learn the fate, while 2.3.0's Refused is the
// container declining the message. (The request changed too: 2.3.0 sends a
// key and MCP content blocks where this endpoint sends a prompt.)
type Outcome struct {
	Kind  OutcomeKind
	Error protoerr.Error // the provider's words; set only for OutcomeFailed
}

// OutcomeKind says which outcome.
type OutcomeKind uint8

const (
	// OutcomeUnknown is the zero Outcome: nothing settled. Settle gives it
	// only for a Fate that no decoder returns.
	OutcomeUnknown OutcomeKind = iota
	// OutcomeDelivered: the loop took the message.
	OutcomeDelivered
	// OutcomeDequeued: the message was withdrawn before delivery.
	OutcomeDequeued
	// OutcomeMissed: no loop ran, or the run ended, before the message
	// could be taken. Nothing failed; a caller who still wants it heard
	// sends it as the next loop's prompt.
	OutcomeMissed
	// OutcomeFailed: the fate could not be determined; Error holds the
	// provider's words.
	OutcomeFailed
	// OutcomeNotReceived: the connection ended with no answer. The message
	// has a fate, but it was never received, and nobody retries the
	// enqueue.
	OutcomeNotReceived
)

// String names the kind in lowercase: "missed", "not received", ...
func (k OutcomeKind) String() string {
	return wire.VariantName(k, []string{"unknown", "delivered", "dequeued", "missed", "failed", "not received"})
}

// Settle turns what arrived on /agent/enqueue into its outcome. answer is
// the one answer, or nil for a connection that ended with no answer.
func Settle(answer *Response) Outcome {
	if answer == nil {
		return Outcome{Kind: OutcomeNotReceived}
	}
	switch answer.Fate {
	case Delivered:
		return Outcome{Kind: OutcomeDelivered}
	case Dequeued:
		return Outcome{Kind: OutcomeDequeued}
	case Missed:
		return Outcome{Kind: OutcomeMissed}
	case Failed:
		return Outcome{Kind: OutcomeFailed, Error: answer.Error}
	}
	return Outcome{}
}
