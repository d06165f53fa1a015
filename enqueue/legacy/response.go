package legacy

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/wire"
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

// WireTag is the outcome's tag byte on the wire, and whether it has one:
// ok is false for the zero (unset) Outcome, NotReceived and any unknown value.
func (o Outcome) WireTag() (tag byte, ok bool) { return codec.OutcomeTag(o, Error) }

// Response is the one answer of /agent/enqueue. Its zero value has no
// Outcome and does not encode.
type Response struct {
	Outcome Outcome        // what became of the message; the zero Outcome is unset
	Error   protoerr.Error // the provider's words; only beside the Outcome Error
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
// no tag, such as NotReceived; at "error" wire.ErrNoValue for the Outcome
// Error with an Error that holds no value, and protoerr.ErrNotCarried for an
// Error set beside Delivered, Dequeued or Missed.
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

// ErrorKind is one way a legacy enqueue answer fails to decode.
type ErrorKind uint8

const (
	ErrorKindEmpty      ErrorKind = wire.ErrorKindEmpty      // no bytes, not even a tag
	ErrorKindUnknownTag ErrorKind = wire.ErrorKindUnknownTag // a tag above 3
	ErrorKindBody       ErrorKind = 2                        // the error after tag 3 did not parse
)

// String is the snake_case name, as the tools print it.
func (k ErrorKind) String() string { return codec.EnumName(k, codec.AnswerKindNames) }

// Frame names the frame in messages.
func (ErrorKind) Frame() string { return "legacy enqueue answer" }

// FrameError is a legacy enqueue answer that could not be read; see
// wire.FrameError. Its Err is wire.ErrEmpty, a *wire.UnknownTagError or a
// *wire.JSONError.
type FrameError = wire.FrameError[ErrorKind]
