package enqueue

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Outcome is what an Enqueue channel came to, in the terms a caller acts
// on: the fate its one answer named, or, for a channel that finished with no
// answer, that the message was not served. Build it with Settle.
type Outcome struct {
	Kind  OutcomeKind
	Error protoerr.Error // the container's words; set only for OutcomeRefused
}

// OutcomeKind says which outcome.
type OutcomeKind uint8

const (
	// OutcomeUnknown is the zero Outcome: nothing settled. Settle gives it
	// only for a Fate that no decoder returns.
	OutcomeUnknown OutcomeKind = iota
	// OutcomeDelivered: the agent took the message, as a loop's input or at
	// a seam of the loop in flight.
	OutcomeDelivered
	// OutcomeDequeued: a dequeue of the message's key withdrew it first.
	OutcomeDequeued
	// OutcomeRefused: the container would not take the message, or no loop
	// could start on it. The message is lost and not offered again; Error
	// holds the container's words.
	OutcomeRefused
	// OutcomeNotServed: the channel finished with no answer, so the server
	// did not serve the message. Nobody retries it.
	OutcomeNotServed
)

// String names the kind in lowercase: "delivered", "not served", ...
func (k OutcomeKind) String() string {
	return wire.VariantName(k, []string{"unknown", "delivered", "dequeued", "refused", "not served"})
}

// Settle turns what arrived on an Enqueue channel into its outcome. answer
// is the channel's one answer, or nil for a channel that finished with no
// answer. An answer settles the channel at once; the finish that follows it
// changes nothing.
func Settle(answer *Response) Outcome {
	if answer == nil {
		return Outcome{Kind: OutcomeNotServed}
	}
	switch answer.Fate {
	case Delivered:
		return Outcome{Kind: OutcomeDelivered}
	case Dequeued:
		return Outcome{Kind: OutcomeDequeued}
	case Refused:
		return Outcome{Kind: OutcomeRefused, Error: answer.Error}
	}
	return Outcome{}
}
