package secrets

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Outcome is the outcome of a secrets feed (a Secrets channel): the
// answer's tag, or NotServed for a channel that finished with no answer. It
// is the only outcome in this package. The zero Outcome is unset, and an
// answer holding it does not encode.
type Outcome uint8

const (
	// Fed (tag 0): the program took the values. It opens the gate the
	// proxy holds deliveries behind, until the next Inactive.
	Fed Outcome = iota + 1
	// Error (tag 1): the program would not take them; its words are in
	// FeedResponse.Error. Deliveries stay held.
	Error
	// NotServed: the channel finished with no answer, so the feed was not
	// served, and deliveries stay held. It is not a wire tag: Encode
	// refuses it.
	NotServed
)

// String names the outcome in lowercase: "unset", "fed", "not served", ...
func (o Outcome) String() string {
	return codec.EnumName(o, []string{"unset", "fed", "error", "not served"})
}

// Opens reports whether the outcome opens the gate deliveries wait behind:
// only Fed does.
func (o Outcome) Opens() bool { return o == Fed }

// WireTag is the outcome's tag byte on the wire, and whether it has one:
// ok is false for the zero (unset) Outcome, NotServed and any unknown value.
func (o Outcome) WireTag() (tag byte, ok bool) { return codec.OutcomeTag(o, Error) }

// FeedResponse is the one answer on a Secrets channel, then the finish. Its
// zero value has no Outcome and does not encode.
type FeedResponse struct {
	Outcome Outcome        // what became of the feed; the zero Outcome is unset
	Error   protoerr.Error // the program's words; only beside the Outcome Error
}

// Decode reads one answer payload; bytes after a bare tag are ignored, as
// the reference ignores them. A failure is a *FrameError and leaves r as it
// was. r keeps no reference to src.
//
//go:noinline
func (r *FeedResponse) Decode(src []byte) error {
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
// Error set beside Fed.
//
//go:noinline
func (r *FeedResponse) Encode(dst []byte) ([]byte, error) {
	if out, ok := codec.EncodeBare((*answer)(r), dst, Error); ok {
		return out, nil
	}
	return (*answer)(r).Encode(dst, Error)
}

// answer is the template FeedResponse is an instance of; its Decode
// and Encode are never inlined, for the reason codec.DecodeBare gives.
type answer = codec.Answer[Outcome, protoerr.Error, ErrorKind]

// ErrorKind is one way a secrets feed answer fails to decode.
type ErrorKind uint8

const (
	ErrorKindEmpty      ErrorKind = wire.ErrorKindEmpty      // no bytes, not even a tag
	ErrorKindUnknownTag ErrorKind = wire.ErrorKindUnknownTag // a tag above 1
	ErrorKindBody       ErrorKind = 2                        // the error after tag 1 did not parse
)

// String is the snake_case name, as the tools print it.
func (k ErrorKind) String() string { return codec.EnumName(k, codec.AnswerKindNames) }

// Frame names the frame in messages.
func (ErrorKind) Frame() string { return "secrets feed answer" }

// FrameError is a secrets feed answer that could not be read; see
// wire.FrameError. Its Err is wire.ErrEmpty, a *wire.UnknownTagError or a
// *wire.JSONError.
type FrameError = wire.FrameError[ErrorKind]
