package enqueue

import (
	"github.com/diverge-network/diverge-sdk-go/answer"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
)

// Outcome is what became of an enqueued message: the answer's tag, or
// NotServed for a channel that finished with no answer. The zero Outcome is
// unset, and an answer holding it does not encode.
type Outcome uint8

const (
	// Delivered (tag 0): the agent took the message into the conversation,
	// as a loop's input or at a seam of the loop in flight. Where it landed
	// shows in the begin's main stream.
	Delivered Outcome = iota + 1
	// Dequeued (tag 1): a dequeue of the message's key withdrew it before
	// the agent took it.
	Dequeued
	// Error (tag 2): the container would not take the message's content,
	// at a loop's start or at delivery into the loop in flight, or no loop
	// could start on it. The one way a message is lost; the container's
	// words are in Response.Error, and the message is not offered again.
	Error
	// NotServed: the channel finished with no answer, so the server did not
	// serve the message, and nobody retries it. It is not a wire tag:
	// Encode refuses it.
	NotServed
)

// String names the outcome in lowercase: "unset", "delivered", "not served", ...
func (o Outcome) String() string {
	return codec.EnumName(o, []string{"unset", "delivered", "dequeued", "error", "not served"})
}

// Family describes the enqueue answer to package answer:
// its name in messages, and its error outcome.
func (Outcome) Family() answer.Family[Outcome] {
	return answer.Family[Outcome]{Frame: "enqueue answer", Error: Error}
}

// Response is the one answer on an enqueue channel, then the finish: its
// Outcome is what became of the message, and its Error, only beside the
// Outcome Error, the container's words. The zero Response has no Outcome and
// does not encode; answer.Response has the methods.
type Response = answer.Response[Outcome]

// FrameError is an enqueue answer that could not be read; its Kind is one of
// answer's ErrorKind constants.
type FrameError = answer.FrameError[Outcome]
