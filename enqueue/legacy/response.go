package legacy

import (
	"github.com/diverge-network/diverge-sdk-go/answer"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
)

// Outcome is what became of a message sent to /agent/enqueue: the answer's
// tag, or NotReceived for a connection that ended with no answer. The zero
// Outcome is unset, and an answer holding it does not encode.
//
// It differs from enqueue.Outcome in two constants. Missed is gone there: a
// message a run leaves waiting is not lost but starts the next run. And
// NotReceived is NotServed there.
type Outcome uint8

const (
	// Delivered (tag 0): the loop took the message.
	Delivered Outcome = iota + 1
	// Dequeued (tag 1): the message was withdrawn before delivery.
	Dequeued
	// Missed (tag 2): no loop ran, or the run ended, before the message
	// could be taken. Nothing failed; a caller who still wants it heard
	// sends it as the next loop's prompt.
	Missed
	// Error (tag 3): the message's fate could not be determined; the
	// provider's own words are in Response.Error.
	Error
	// NotReceived: the connection ended with no answer. The message has a
	// fate, but it was never received, and nobody retries the enqueue. It
	// is not a wire tag: Encode refuses it.
	NotReceived
)

// String names the outcome in lowercase: "unset", "delivered", "not received", ...
func (o Outcome) String() string {
	return codec.EnumName(o, []string{"unset", "delivered", "dequeued", "missed", "error", "not received"})
}

// Family describes the legacy enqueue answer to package answer:
// its name in messages, and its error outcome.
func (Outcome) Family() answer.Family[Outcome] {
	return answer.Family[Outcome]{Frame: "legacy enqueue answer", Error: Error}
}

// Response is the one answer of /agent/enqueue: its Outcome is what became
// of the message, and its Error, only beside the Outcome Error, the
// provider's words. The zero Response has no Outcome and does not encode;
// answer.Response has the methods.
type Response = answer.Response[Outcome]

// FrameError is a legacy enqueue answer that could not be read; its Kind is one of
// answer's ErrorKind constants.
type FrameError = answer.FrameError[Outcome]
