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
// message a run leaves waiting is not lost but starts the next run. And the
// error is another thing: here Failed is the provider's failure to learn the
// fate, while enqueue.Refused is the container declining the message.
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
	// Failed (tag 3): the message's fate could not be determined; the
	// provider's own words are in Response.Error.
	Failed
	// NotReceived: the connection ended with no answer. The message has a
	// fate, but it was never received, and nobody retries the enqueue. It
	// is not a wire tag: Encode refuses it.
	NotReceived
)

// String names the outcome in lowercase: "unset", "delivered", "not received", ...
func (o Outcome) String() string {
	return codec.EnumName(o, []string{"unset", "delivered", "dequeued", "missed", "failed", "not received"})
}

// Tag is the outcome's tag byte on the wire. ok is false for an outcome
// with no tag: the zero (unset) Outcome, NotReceived and any unknown value.
func (o Outcome) Tag() (tag byte, ok bool) {
	if o >= Delivered && o <= Failed {
		return byte(o - Delivered), true
	}
	return 0, false
}

// Response is the one answer of /agent/enqueue. Its zero value has no
// Outcome and does not encode.
type Response struct {
	Outcome Outcome
	Error   protoerr.Error // the provider's words; set only when Outcome is Failed
}

// Decode reads one answer payload; bytes after a bare tag are ignored, as
// the reference ignores them. A failure is a *FrameError.
func (r *Response) Decode(src []byte) error {
	// A bare outcome, the common answer, is read here, before the split
	// and the error body's decoder. (This is over the compiler's inlining
	// budget: the call to decode alone costs most of it.)
	if r != nil && len(src) > 0 && src[0] < byte(Failed-Delivered) {
		*r = Response{Outcome: Delivered + Outcome(src[0])}
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
		*r = Response{Outcome: Delivered + Outcome(tag)}
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
// "outcome"), an Outcome with no tag such as NotReceived
// (wire.ErrUnknownValue, Member "outcome") and a Failed whose message is not
// valid UTF-8 (Member "message").
func (r *Response) Encode(dst []byte) ([]byte, error) {
	if r != nil && r.Outcome >= Delivered && r.Outcome < Failed {
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
	errTag, _ := Failed.Tag()
	return codec.AppendAnswer(dst, r.Outcome == 0, tag, ok, errTag, &r.Error)
}

// ErrorKind is one way a legacy enqueue answer fails to decode.
type ErrorKind uint8

const (
	ErrorKindEmpty      ErrorKind = wire.ErrorKindEmpty      // no bytes, not even a tag
	ErrorKindUnknownTag ErrorKind = wire.ErrorKindUnknownTag // a tag above 3
	ErrorKindBody       ErrorKind = 2                        // the error after tag 3 did not parse
)

// String is the snake_case name, as the tools print it.
func (k ErrorKind) String() string {
	return codec.EnumName(k, []string{"empty", "unknown_tag", "body"})
}

// Frame names the frame in messages.
func (ErrorKind) Frame() string { return "legacy enqueue answer" }

// FrameError is a legacy enqueue answer that could not be read; see wire.FrameError. Its
// Err is wire.ErrEmpty, a *wire.UnknownTagError or a *wire.JSONError.
type FrameError = wire.FrameError[ErrorKind]
