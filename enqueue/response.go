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
	// Refused (tag 2): the container would not take the message's content,
	// at a loop's start or at delivery into the loop in flight, or no loop
	// could start on it. The one way a message is lost; the container's
	// words are in Response.Error, and the message is not offered again.
	Refused
	// NotServed: the channel finished with no answer, so the server did not
	// serve the message, and nobody retries it. It is not a wire tag:
	// Encode refuses it.
	NotServed
)

// String names the outcome in lowercase: "unset", "delivered", "not served", ...
func (o Outcome) String() string {
	return codec.EnumName(o, []string{"unset", "delivered", "dequeued", "refused", "not served"})
}

// Tag is the outcome's tag byte on the wire. ok is false for an outcome
// with no tag: the zero (unset) Outcome, NotServed and any unknown value.
func (o Outcome) Tag() (tag byte, ok bool) {
	if o >= Delivered && o <= Refused {
		return byte(o - Delivered), true
	}
	return 0, false
}

// Response is the one answer on an enqueue channel, then the finish. Its
// zero value has no Outcome and does not encode.
type Response struct {
	Outcome Outcome
	Error   protoerr.Error // the container's words; set only when Outcome is Refused
}

// Decode reads one answer payload; bytes after a bare tag are ignored, as
// the reference ignores them. A failure is a *FrameError.
func (r *Response) Decode(src []byte) error {
	// A bare outcome, the common answer, is read here, before the split
	// and the error body's decoder. (This is over the compiler's inlining
	// budget: the call to decode alone costs most of it.)
	if len(src) > 0 && src[0] < byte(Refused-Delivered) && r != nil {
		r.Outcome, r.Error = Delivered+Outcome(src[0]), protoerr.Error{}
		return nil
	}
	return r.decode(src)
}

// decode is Decode for an error answer, a bad frame or a nil r.
func (r *Response) decode(src []byte) error {
	if r == nil {
		return wire.ErrNil
	}
	errTag, _ := Refused.Tag()
	tag, body, err := codec.SplitAnswer[ErrorKind](src, errTag)
	if err != nil {
		return err
	}
	if tag != errTag {
		*r = Response{Outcome: Delivered + Outcome(tag)}
		return nil
	}
	var e protoerr.Error
	if err := e.DecodeJSON(body); err != nil {
		return codec.BodyError(ErrorKindBody, tag, err)
	}
	*r = Response{Outcome: Refused, Error: e}
	return nil
}

// Encode appends the answer payload to dst: the tag, and for Refused the
// error's JSON. It fails, leaving dst as it was, with a *wire.EncodeError:
// for a nil r (wire.ErrNil), an unset Outcome (wire.ErrUnset, Member
// "outcome"), an Outcome with no tag such as NotServed
// (wire.ErrUnknownValue, Member "outcome") and a Refused whose message is not
// valid UTF-8 (Member "message").
func (r *Response) Encode(dst []byte) ([]byte, error) {
	if r != nil && r.Outcome-Delivered < Refused-Delivered {
		if out, ok := codec.PutTag(dst, byte(r.Outcome-Delivered)); ok {
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
	errTag, _ := Refused.Tag()
	return codec.AppendAnswer(dst, r.Outcome == 0, tag, ok, errTag, &r.Error)
}

// ErrorKind is one way an enqueue answer fails to decode.
type ErrorKind uint8

const (
	ErrorKindEmpty      ErrorKind = wire.ErrorKindEmpty      // no bytes, not even a tag
	ErrorKindUnknownTag ErrorKind = wire.ErrorKindUnknownTag // a tag this revision does not know
	ErrorKindBody       ErrorKind = 2                        // the error after tag 2 did not parse
)

// String is the snake_case name, as the tools print it.
func (k ErrorKind) String() string {
	return codec.EnumName(k, []string{"empty", "unknown_tag", "body"})
}

// Frame names the frame in messages.
func (ErrorKind) Frame() string { return "enqueue answer" }

// FrameError is a enqueue answer that could not be read; see wire.FrameError. Its
// Err is wire.ErrEmpty, a *wire.UnknownTagError or a *wire.JSONError.
type FrameError = wire.FrameError[ErrorKind]
