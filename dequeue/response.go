package dequeue

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/wire"
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

// WireTag is the outcome's tag byte on the wire, and whether it has one:
// ok is false for the zero (unset) Outcome, NotServed and any unknown value.
func (o Outcome) WireTag() (tag byte, ok bool) { return codec.OutcomeTag(o, Error) }

// Response is the one answer on a dequeue channel, then the finish. Its
// zero value has no Outcome and does not encode.
type Response struct {
	Outcome Outcome        // what the dequeue found; the zero Outcome is unset
	Error   protoerr.Error // the peer's words; only beside the Outcome Error
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
// Error set beside Dequeued or Empty.
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

// ErrorKind is one way a dequeue answer fails to decode.
type ErrorKind uint8

const (
	ErrorKindEmpty      ErrorKind = wire.ErrorKindEmpty      // no bytes, not even a tag
	ErrorKindUnknownTag ErrorKind = wire.ErrorKindUnknownTag // a tag above 2
	ErrorKindBody       ErrorKind = 2                        // the error after tag 2 did not parse
)

// String is the snake_case name, as the tools print it.
func (k ErrorKind) String() string { return codec.EnumName(k, codec.AnswerKindNames) }

// Frame names the frame in messages.
func (ErrorKind) Frame() string { return "dequeue answer" }

// FrameError is a dequeue answer that could not be read; see
// wire.FrameError. Its Err is wire.ErrEmpty, a *wire.UnknownTagError or a
// *wire.JSONError.
type FrameError = wire.FrameError[ErrorKind]
