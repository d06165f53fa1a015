package dequeue

import (
	"github.com/diverge-network/diverge-sdk-go/answer"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
)

// Outcome is what a dequeue found: the answer's tag, or NotServed for a
// channel that finished with no answer. The zero Outcome is unset, and an
// answer holding it does not encode.
type Outcome uint8

const (
	// Dequeued (tag 0): something waited under the key and was withdrawn;
	// each withdrawn message is also answered Dequeued on its own channel.
	Dequeued Outcome = iota + 1
	// Empty (tag 1): nothing waited under the key.
	Empty
	// Error (tag 2): the dequeue could not be carried out; the peer's
	// words are in Response.Error.
	Error
	// NotServed: the channel finished with no answer, so the server did not
	// serve the dequeue, and whatever waited under the key still waits. It
	// is not a wire tag: Encode refuses it.
	NotServed
)

// String names the outcome in lowercase: "unset", "dequeued", "not served", ...
func (o Outcome) String() string {
	return codec.EnumName(o, []string{"unset", "dequeued", "empty", "error", "not served"})
}

// Family describes the dequeue answer to package answer:
// its name in messages, and its error outcome.
func (Outcome) Family() answer.Family[Outcome] {
	return answer.Family[Outcome]{Frame: "dequeue answer", Error: Error}
}

// Response is the one answer on a dequeue channel, then the finish: its
// Outcome is what the dequeue found, and its Error, only beside the Outcome
// Error, the peer's words. The zero Response has no Outcome and does not
// encode; answer.Response has the methods.
type Response = answer.Response[Outcome]

// FrameError is a dequeue answer that could not be read; its Kind is one of
// answer's ErrorKind constants.
type FrameError = answer.FrameError[Outcome]
