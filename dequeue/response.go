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
	// Withdrawn (tag 0): something waited under the key and was withdrawn;
	// each withdrawn message is also answered Dequeued on its own channel.
	Withdrawn Outcome = iota + 1
	// Empty (tag 1): nothing waited under the key.
	Empty
	// Failed (tag 2): the dequeue could not be carried out; the peer's
	// words are in Response.Error.
	Failed
	// NotServed: the channel finished with no answer, so the server did not
	// serve the dequeue, and whatever waited under the key still waits. It
	// is not a wire tag: Encode refuses it.
	NotServed
)

// String names the outcome in lowercase: "unset", "withdrawn", "not served", ...
func (o Outcome) String() string {
	return codec.EnumName(o, []string{"unset", "withdrawn", "empty", "failed", "not served"})
}

// Tag is the outcome's tag byte on the wire. ok is false for an outcome
// with no tag: the zero (unset) Outcome, NotServed and any unknown value.
func (o Outcome) Tag() (tag byte, ok bool) {
	if o >= Withdrawn && o <= Failed {
		return byte(o - Withdrawn), true
	}
	return 0, false
}

// Response is the one answer on a dequeue channel, then the finish. Its
// zero value has no Outcome and does not encode.
type Response struct {
	Outcome Outcome
	Error   protoerr.Error // the peer's words; set only when Outcome is Failed
}

// Decode reads one answer payload; bytes after a bare tag are ignored, as
// the reference ignores them. A failure is a *FrameError.
func (r *Response) Decode(src []byte) error {
	// A bare outcome, the common answer, is read here, before the split
	// and the error body's decoder. (This is over the compiler's inlining
	// budget: the call to decode alone costs most of it.)
	if r != nil && len(src) > 0 && src[0] < byte(Failed-Withdrawn) {
		*r = Response{Outcome: Withdrawn + Outcome(src[0])}
		return nil
	}
	return r.decode(src)
}

// decode is Decode for an error answer, a bad frame or a nil r.
func (r *Response) decode(src []byte) error {
	if r == nil {
		return wire.ErrNil
	}
	errTag, _ := Failed.Tag()
	tag, body, err := codec.SplitAnswer[ErrorKind](src, errTag)
	if err != nil {
		return err
	}
	if tag != errTag {
		*r = Response{Outcome: Withdrawn + Outcome(tag)}
		return nil
	}
	var e protoerr.Error
	if err := e.DecodeJSON(body); err != nil {
		return codec.BodyError(ErrorKindBody, tag, err)
	}
	*r = Response{Outcome: Failed, Error: e}
	return nil
}

// Encode appends the answer payload to dst: the tag, and for Failed the
// error's JSON. It fails, leaving dst as it was, with a *wire.EncodeError:
// for a nil r (wire.ErrNil), an unset Outcome (wire.ErrUnset, Member
// "outcome"), an Outcome with no tag such as NotServed
// (wire.ErrUnknownValue, Member "outcome") and a Failed whose message is not
// valid UTF-8 (Member "message").
func (r *Response) Encode(dst []byte) ([]byte, error) {
	if r != nil && r.Outcome >= Withdrawn && r.Outcome < Failed {
		if out, ok := codec.PutTag(dst, byte(r.Outcome-Withdrawn)); ok {
			return out, nil
		}
	}
	return r.encode(dst)
}

// encode is Encode for an error answer, an outcome that does not encode or
// a nil r.
func (r *Response) encode(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	tag, ok := r.Outcome.Tag()
	errTag, _ := Failed.Tag()
	return codec.AppendAnswer(dst, r.Outcome == 0, tag, ok, errTag, &r.Error)
}

// ErrorKind is one way a dequeue answer fails to decode.
type ErrorKind uint8

const (
	ErrorKindEmpty      ErrorKind = wire.ErrorKindEmpty      // no bytes, not even a tag
	ErrorKindUnknownTag ErrorKind = wire.ErrorKindUnknownTag // a tag above 2
	ErrorKindBody       ErrorKind = 2                        // the error after tag 2 did not parse
)

// String is the snake_case name, as the tools print it.
func (k ErrorKind) String() string {
	return codec.EnumName(k, []string{"empty", "unknown_tag", "body"})
}

// Frame names the frame in messages.
func (ErrorKind) Frame() string { return "dequeue answer" }

// FrameError is a dequeue answer that could not be read; see wire.FrameError. Its
// Err is wire.ErrEmpty, a *wire.UnknownTagError or a *wire.JSONError.
type FrameError = wire.FrameError[ErrorKind]
