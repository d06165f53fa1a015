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
	// Refused (tag 1): the program would not take them; its words are in
	// FeedResponse.Error. Deliveries stay held.
	Refused
	// NotServed: the channel finished with no answer, so the feed was not
	// served, and deliveries stay held. It is not a wire tag: Encode
	// refuses it.
	NotServed
)

// String names the outcome in lowercase: "unset", "fed", "not served", ...
func (o Outcome) String() string {
	return codec.EnumName(o, []string{"unset", "fed", "refused", "not served"})
}

// Opens reports whether the outcome opens the gate deliveries wait behind:
// only Fed does.
func (o Outcome) Opens() bool { return o == Fed }

// Tag is the outcome's tag byte on the wire. ok is false for an outcome
// with no tag: the zero (unset) Outcome, NotServed and any unknown value.
func (o Outcome) Tag() (tag byte, ok bool) {
	if o >= Fed && o <= Refused {
		return byte(o - Fed), true
	}
	return 0, false
}

// FeedResponse is the one answer on a Secrets channel, then the finish. Its
// zero value has no Outcome and does not encode.
type FeedResponse struct {
	Outcome Outcome
	Error   protoerr.Error // the program's words; set only when Outcome is Refused
}

// Decode reads one answer payload; bytes after a bare tag are ignored, as
// the reference ignores them. A failure is a *FeedError.
func (r *FeedResponse) Decode(src []byte) error {
	// A bare outcome, the common answer, is read here, before the split
	// and the error body's decoder. (This is over the compiler's inlining
	// budget: the call to decode alone costs most of it.)
	if r != nil && len(src) > 0 && src[0] < byte(Refused-Fed) {
		*r = FeedResponse{Outcome: Fed + Outcome(src[0])}
		return nil
	}
	return r.decode(src)
}

// decode is Decode for an error answer, a bad frame or a nil r.
func (r *FeedResponse) decode(src []byte) error {
	if r == nil {
		return wire.ErrNil
	}
	errTag, _ := Refused.Tag()
	tag, body, err := codec.SplitAnswer[ErrorKind](src, errTag)
	if err != nil {
		return err
	}
	if tag != errTag {
		*r = FeedResponse{Outcome: Fed + Outcome(tag)}
		return nil
	}
	var e protoerr.Error
	if err := e.DecodeJSON(body); err != nil {
		return codec.BodyError(ErrorKindBody, tag, err)
	}
	*r = FeedResponse{Outcome: Refused, Error: e}
	return nil
}

// Encode appends the answer payload to dst: the tag, and for Refused the
// error's JSON. It fails, leaving dst as it was, with a *wire.EncodeError:
// for a nil r (wire.ErrNil), an unset Outcome (wire.ErrUnset, Member
// "outcome"), an Outcome with no tag such as NotServed
// (wire.ErrUnknownValue, Member "outcome") and a Refused whose message is not
// valid UTF-8 (Member "message").
func (r *FeedResponse) Encode(dst []byte) ([]byte, error) {
	if r != nil && r.Outcome >= Fed && r.Outcome < Refused {
		if out, ok := codec.PutTag(dst, byte(r.Outcome-Fed)); ok {
			return out, nil
		}
	}
	return r.encode(dst)
}

// encode is Encode for an error answer, an outcome that does not encode or
// a nil r.
func (r *FeedResponse) encode(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	tag, ok := r.Outcome.Tag()
	errTag, _ := Refused.Tag()
	return codec.AppendAnswer(dst, r.Outcome == 0, tag, ok, errTag, &r.Error)
}

// ErrorKind is one way a secrets feed answer fails to decode.
type ErrorKind uint8

const (
	ErrorKindEmpty      ErrorKind = wire.ErrorKindEmpty      // no bytes, not even a tag
	ErrorKindUnknownTag ErrorKind = wire.ErrorKindUnknownTag // a tag above 1
	ErrorKindBody       ErrorKind = 2                        // the error after tag 1 did not parse
)

// String is the snake_case name, as the tools print it.
func (k ErrorKind) String() string {
	return codec.EnumName(k, []string{"empty", "unknown_tag", "body"})
}

// Frame names the frame in messages.
func (ErrorKind) Frame() string { return "secrets feed answer" }

// FeedError is a secrets feed answer that could not be read; see wire.FrameError. Its
// Err is wire.ErrEmpty, a *wire.UnknownTagError or a *wire.JSONError.
type FeedError = wire.FrameError[ErrorKind]
