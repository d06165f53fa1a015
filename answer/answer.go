// Package answer holds the one shape of the protocol's four answer frames:
// the enqueue, legacy enqueue, dequeue and secrets-feed answers. An answer
// is one tag byte naming an outcome; behind the last tag, the error
// outcome's, comes the error's JSON, an Error of this module's errors
// package. Bytes after any other tag are ignored, as the Rust reference
// ignores them.
//
// A family declares its outcomes and names its instances of this package's
// types:
//
//	type Response = answer.Response[Outcome]
//	type FrameError = answer.FrameError[Outcome]
//
// so that enqueue.Response, dequeue.Response, legacy.Response and
// secrets.FeedResponse are distinct types with one implementation, and
// errors.As tells one family's *FrameError from another's.
package answer

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Outcome is what a family's outcome type is: a uint8 whose value is its
// tag plus one, so that the zero value is unset. The first outcome, tag 0,
// is the family's success and carries nothing; the error outcome is the last
// that has a tag, 1 or more. Values past it (NotServed, NotReceived) name
// fates with no tag of their own.
type Outcome[O any] interface {
	~uint8
	// String names the outcome in lowercase ("delivered", "not served").
	String() string
	// Family describes the answer frame the outcome belongs to.
	Family() Family[O]
}

// Family is what this package needs to know of a family's answer frame.
type Family[O any] struct {
	Frame string // the frame in messages, as ErrorKind.Frame gives it: "enqueue answer"
	Error O      // the error outcome: the last with a tag, and the one that carries an Error
}

// WireTag is o's tag byte, and whether it has one: ok is false for the zero
// (unset) outcome and for any outcome past its family's error outcome.
func WireTag[O Outcome[O]](o O) (tag byte, ok bool) {
	if o == 0 || o > o.Family().Error {
		return 0, false
	}
	return byte(o - 1), true
}

// Response is one answer of the family O: what became of the request it
// answers. Its zero value has no Outcome and does not encode.
type Response[O Outcome[O]] struct {
	Outcome O              // what became of the request; the zero O is unset
	Error   protoerr.Error // the peer's words; only beside the family's error outcome
}

// Decode reads one answer payload; bytes after a bare tag are ignored, as
// the reference ignores them, and the error's JSON is kept as a copy, so r
// keeps no reference to src. A failure is a *FrameError[O] and leaves r as
// it was; a nil r is wire.ErrNil.
func (r *Response[O]) Decode(src []byte) error {
	// Tag 0 needs no word from the family: it is every family's success.
	if len(src) > 0 && src[0] == 0 && r != nil {
		*r = Response[O]{Outcome: 1}
		return nil
	}
	var o O
	errTag := byte(o.Family().Error - 1)
	if len(src) > 0 && src[0] < errTag && r != nil {
		*r = Response[O]{Outcome: O(src[0] + 1)}
		return nil
	}
	return r.decode(src, errTag)
}

// decode is Decode's path for anything but a bare tag.
func (r *Response[O]) decode(src []byte, errTag byte) error {
	if r == nil {
		return wire.ErrNil
	}
	tag, body, err := codec.SplitFrame[ErrorKind[O]](src)
	switch {
	case err != nil:
		return err
	case tag < errTag:
		*r = Response[O]{Outcome: O(tag + 1)}
		return nil
	case tag > errTag:
		return codec.UnknownTag[ErrorKind[O]](tag)
	}
	v, err := codec.CopyValue(body)
	if err != nil {
		return codec.BodyError(ErrorKind[O](ErrorKindBody), tag, err)
	}
	*r = Response[O]{Outcome: O(tag + 1), Error: protoerr.Error{Value: v}}
	return nil
}

// Encode appends the answer payload to dst: the tag, and for the error
// outcome the error's JSON. It fails, leaving dst as it was, with a
// *wire.EncodeError: wire.ErrNil for a nil r; at "outcome" wire.ErrUnset
// for an unset Outcome and wire.ErrUnknownValue for one with no tag (such
// as NotServed); at "error" wire.ErrNoValue for the error outcome with an
// Error that holds no value, and errors.ErrNotCarried for an Error set
// beside any other outcome.
func (r *Response[O]) Encode(dst []byte) ([]byte, error) {
	// Tag 0, as in Decode, and only into a dst with room for it: the
	// growth append brings is left to encode.
	if r != nil && r.Outcome == 1 && r.Error.Value.IsZero() {
		if out, ok := codec.PutTag(dst, 0); ok {
			return out, nil
		}
	}
	var o O
	errOutcome := o.Family().Error
	if r != nil && r.Outcome-1 < errOutcome-1 && r.Error.Value.IsZero() {
		if out, ok := codec.PutTag(dst, byte(r.Outcome-1)); ok {
			return out, nil
		}
	}
	return r.encode(dst, errOutcome)
}

// encode is Encode's path for anything but a bare outcome into a dst with
// room for its tag.
func (r *Response[O]) encode(dst []byte, errOutcome O) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	v := r.Error.Value
	switch {
	case r.Outcome == 0:
		return dst, &wire.EncodeError{Member: "outcome", Err: wire.ErrUnset}
	case r.Outcome > errOutcome:
		return dst, &wire.EncodeError{Member: "outcome", Err: wire.ErrUnknownValue}
	case r.Outcome != errOutcome && !v.IsZero():
		return dst, &wire.EncodeError{Member: "error", Err: protoerr.ErrNotCarried}
	case r.Outcome != errOutcome:
		return append(dst, byte(r.Outcome-1)), nil
	case v.IsZero():
		return dst, &wire.EncodeError{Member: "error", Err: wire.ErrNoValue}
	}
	return append(append(dst, byte(r.Outcome-1)), v.Bytes()...), nil
}
