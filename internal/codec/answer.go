package codec

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Answer is the shape every answer frame has (the enqueue, legacy enqueue,
// dequeue and secrets-feed answers): a tag, one outcome per tag, and after
// the last tag, the error outcome's, an errors.Error. Each family declares
// its own Response struct with these two fields, so that its godoc shows
// them, and converts a *Response to an *Answer to read and write it.
//
// An outcome O is its tag plus one: the zero O is unset, and O values past
// the error outcome (NotServed, NotReceived) name fates with no tag of their
// own.
type Answer[O ~uint8] struct {
	Outcome O
	Error   protoerr.Error
}

// OutcomeTag is o's tag in a family whose error outcome has tag errTag: ok
// is false for the unset outcome and for any outcome past errTag's.
func OutcomeTag[O ~uint8](o O, errTag byte) (tag byte, ok bool) {
	if o == 0 || byte(o-1) > errTag {
		return 0, false
	}
	return byte(o - 1), true
}

// DecodeAnswer reads src, one answer frame, into a: a bare tag below errTag
// (bytes after it ignored, as the reference ignores them), or errTag and the
// error's JSON. A failure is the family's *wire.FrameError[K] (bodyKind for
// an error that does not parse) and leaves a as it was; a nil a is
// wire.ErrNil.
//
// A family's Decode reads a bare tag itself, without this call.
func DecodeAnswer[K wire.ErrorKind, O ~uint8](a *Answer[O], src []byte, errTag byte, bodyKind K) error {
	if a == nil {
		return wire.ErrNil
	}
	tag, body, err := SplitAnswer[K](src, errTag)
	if err != nil {
		return err
	}
	if tag != errTag {
		*a = Answer[O]{Outcome: O(tag + 1)}
		return nil
	}
	var e protoerr.Error
	if err := e.DecodeJSON(body); err != nil {
		return BodyError(bodyKind, tag, err)
	}
	*a = Answer[O]{Outcome: O(tag + 1), Error: e}
	return nil
}

// EncodeAnswer appends a's frame to dst: the outcome's tag, and for the
// error outcome (tag errTag) the error's JSON. It fails, leaving dst as it
// was, with a *wire.EncodeError: wire.ErrNil for a nil a; at "outcome"
// wire.ErrUnset for an unset outcome and wire.ErrUnknownValue for one with
// no tag; at "error" wire.ErrNoValue for the error outcome with an Error
// that holds no value, and protoerr.ErrNotCarried for an Error beside any
// other outcome.
//
// A family's Encode writes a bare tag itself when dst has room for it (see
// PutTag), without this call.
func EncodeAnswer[O ~uint8](a *Answer[O], dst []byte, errTag byte) ([]byte, error) {
	if a == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	if a.Outcome == 0 {
		return dst, &wire.EncodeError{Member: "outcome", Err: wire.ErrUnset}
	}
	tag, ok := OutcomeTag(a.Outcome, errTag)
	switch {
	case !ok:
		return dst, &wire.EncodeError{Member: "outcome", Err: wire.ErrUnknownValue}
	case tag != errTag && !a.Error.IsZero():
		return dst, &wire.EncodeError{Member: "error", Err: protoerr.ErrNotCarried}
	case tag != errTag:
		return append(dst, tag), nil
	}
	out, err := a.Error.EncodeJSON(append(dst, tag))
	if err != nil {
		return dst, ErrorAt("error", err)
	}
	return out, nil
}

// AnswerKindNames are the names of the three ways every answer fails to
// decode, for the String method of a family's ErrorKind: no bytes, a tag it
// does not know, an error body that does not parse.
var AnswerKindNames = []string{"empty", "unknown_tag", "body"}

// SplitAnswer splits an answer frame: a tag below errTag is a bare outcome
// (bytes after it are ignored, as the reference ignores them) and comes back
// with no body; errTag comes back with its body, an error for the family to
// read; any other tag is the family's unknown-tag error.
func SplitAnswer[K wire.ErrorKind](src []byte, errTag byte) (tag byte, body []byte, err error) {
	if len(src) > 0 && src[0] < errTag {
		return src[0], nil, nil
	}
	tag, body, err = SplitFrame[K](src)
	if err == nil && tag != errTag {
		return tag, nil, UnknownTag[K](tag)
	}
	return tag, body, err
}
