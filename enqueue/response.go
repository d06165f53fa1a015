package enqueue

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/wire"
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

// WireTag is the outcome's tag byte on the wire, and whether it has one:
// ok is false for the zero (unset) Outcome, NotServed and any unknown value.
func (o Outcome) WireTag() (tag byte, ok bool) { return codec.OutcomeTag(o, Error) }

// Response is the one answer on an enqueue channel, then the finish. Its
// zero value has no Outcome and does not encode.
type Response struct {
	Outcome Outcome        // what became of the message; the zero Outcome is unset
	Error   protoerr.Error // the container's words; only beside the Outcome Error
}

// Decode reads one answer payload; bytes after a bare tag are ignored, as
// the reference ignores them. A failure is a *FrameError and leaves r as it
// was. r keeps no reference to src.
//
//go:noinline
func (r *Response) Decode(src []byte) error {
	if codec.DecodeBare((*answer)(r), src, Error) {
		return nil
	}
	return (*answer)(r).Decode(src, Error)
}

// Encode appends the answer payload to dst: the tag, and for Error the
// error's JSON. It fails, leaving dst as it was, with a *wire.EncodeError
// (see the wire package): wire.ErrNil for a nil r; at "outcome"
// wire.ErrUnset for an unset Outcome and wire.ErrUnknownValue for one with
// no tag, such as NotServed; at "error" wire.ErrNoValue for the Outcome
// Error with an Error that holds no value, and protoerr.ErrNotCarried for an
// Error set beside Delivered or Dequeued.
//
//go:noinline
func (r *Response) Encode(dst []byte) ([]byte, error) {
	if out, ok := codec.EncodeBare((*answer)(r), dst, Error); ok {
		return out, nil
	}
	return (*answer)(r).Encode(dst, Error)
}

// answer is the template Response is an instance of; its Decode
// and Encode are never inlined, for the reason codec.DecodeBare gives.
type answer = codec.Answer[Outcome, protoerr.Error, ErrorKind]

// ErrorKind is one way an enqueue answer fails to decode.
type ErrorKind uint8

const (
	ErrorKindEmpty      ErrorKind = wire.ErrorKindEmpty      // no bytes, not even a tag
	ErrorKindUnknownTag ErrorKind = wire.ErrorKindUnknownTag // a tag above 2
	ErrorKindBody       ErrorKind = 2                        // the error after tag 2 did not parse
)

// String is the snake_case name, as the tools print it.
func (k ErrorKind) String() string { return codec.EnumName(k, codec.AnswerKindNames) }

// Frame names the frame in messages.
func (ErrorKind) Frame() string { return "enqueue answer" }

// FrameError is an enqueue answer that could not be read; see
// wire.FrameError. Its Err is wire.ErrEmpty, a *wire.UnknownTagError or a
// *wire.JSONError.
type FrameError = wire.FrameError[ErrorKind]
