package codec

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Answer is the shape every answer frame has (the enqueue, legacy enqueue,
// dequeue and secrets-feed answers): a tag, one outcome per tag, and after
// the last tag, the error outcome's, the error's JSON. Each family declares
// its own Response struct with these two fields, so that its godoc shows
// them, and converts a *Response to an *Answer to read and write it.
//
// An outcome O is its tag plus one: the zero O is unset, and O values past
// the error outcome (NotServed, NotReceived) name fates with no tag of their
// own. E is errors.Error, whose one field is all the template touches: this
// package sits below the families and imports none of them. K is the
// family's ErrorKind, the kind of the *wire.FrameError[K] a decode returns.
type Answer[O ~uint8, E ~struct{ Value wire.Raw }, K wire.ErrorKind] struct {
	Outcome O
	Error   E
}

// errorValue is the one field of errors.Error, as a type E converts to.
type errorValue = struct{ Value wire.Raw }

// AnswerKindBody is every answer family's ErrorKindBody, 2: the error after
// the error tag did not parse. The families spell it 2, so that their godoc
// shows the number; TestFamilies holds them to it.
const AnswerKindBody = 2

// AnswerKindNames are the names of the three ways every answer fails to
// decode, for the String method of a family's ErrorKind: no bytes, a tag it
// does not know, an error body that does not parse.
var AnswerKindNames = []string{"empty", "unknown_tag", "body"}

// ErrNotCarried is errors.ErrNotCarried, the reason an answer refuses an
// Error set beside an outcome whose tag carries none.
var ErrNotCarried = errors.New("an error beside an outcome that carries none")

// OutcomeTag is o's tag in a family whose error outcome, the last with a
// tag, is errOutcome: ok is false for the unset outcome and for any outcome
// past errOutcome.
func OutcomeTag[O ~uint8](o O, errOutcome O) (tag byte, ok bool) {
	if o == 0 || o > errOutcome {
		return 0, false
	}
	return byte(o - 1), true
}

// DecodeBare reads src into a when it is a bare tag, the common answer: a
// tag below errOutcome's, bytes after it ignored, as the reference ignores
// them. It reports whether it did; a family's Decode hands any other src,
// and a nil a, to a.Decode.
//
// The family's Decode is marked //go:noinline: inlined into a caller's
// package, its call into the generic a.Decode would meet it without its
// escape facts, and the caller's Response would move to the heap
// (TestZeroAllocations and TestDecodeIntoLocal in internal/tools/scopes).
// DecodeBare and EncodeBare make no call, so that they inline into it: one
// generic function that made the call to a.Decode too would cost more than
// the inliner allows, and a family method left to call it would be inlined
// into the caller's package, where the Response moves to the heap.
func DecodeBare[O ~uint8, E ~struct{ Value wire.Raw }, K wire.ErrorKind](a *Answer[O, E, K], src []byte, errOutcome O) bool {
	if len(src) == 0 || src[0] >= byte(errOutcome-1) || a == nil {
		return false
	}
	*a = Answer[O, E, K]{Outcome: O(src[0] + 1)}
	return true
}

// EncodeBare appends a's tag to dst when a is the common answer, an outcome
// below errOutcome with no Error, and dst has room for the tag. ok is false
// when it appended nothing; a family's Encode hands a to a.Encode then.
func EncodeBare[O ~uint8, E ~struct{ Value wire.Raw }, K wire.ErrorKind](a *Answer[O, E, K], dst []byte, errOutcome O) (out []byte, ok bool) {
	n := len(dst)
	if a == nil || a.Outcome-1 >= errOutcome-1 || !errorValue(a.Error).Value.IsZero() || n >= cap(dst) {
		return dst, false
	}
	dst = dst[:n+1]
	dst[n] = byte(a.Outcome - 1)
	return dst, true
}

// Decode reads src, one answer frame: a bare tag below errOutcome's (bytes
// after it ignored, as the reference ignores them), or errOutcome's tag and
// the error's JSON, which a keeps a copy of. A failure is a
// *wire.FrameError[K] and leaves a as it was; a nil a is wire.ErrNil.
func (a *Answer[O, E, K]) Decode(src []byte, errOutcome O) error {
	if a == nil {
		return wire.ErrNil
	}
	errTag := byte(errOutcome - 1)
	tag, body, err := SplitAnswer[K](src, errTag)
	if err != nil {
		return err
	}
	if tag != errTag {
		*a = Answer[O, E, K]{Outcome: O(tag + 1)}
		return nil
	}
	v, err := CopyValue(body)
	if err != nil {
		return BodyError(K(AnswerKindBody), tag, err)
	}
	*a = Answer[O, E, K]{Outcome: O(tag + 1), Error: E(errorValue{Value: v})}
	return nil
}

// Encode appends a's frame to dst: the outcome's tag, and for errOutcome,
// the error outcome, the error's JSON. It fails, leaving dst as it was,
// with a *wire.EncodeError: wire.ErrNil for a nil a; at "outcome"
// wire.ErrUnset for an unset outcome and wire.ErrUnknownValue for one with
// no tag; at "error" wire.ErrNoValue for the error outcome with an Error
// that holds no value, and ErrNotCarried for an Error beside any other
// outcome.
func (a *Answer[O, E, K]) Encode(dst []byte, errOutcome O) ([]byte, error) {
	if a == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	if a.Outcome == 0 {
		return dst, &wire.EncodeError{Member: "outcome", Err: wire.ErrUnset}
	}
	tag, ok := OutcomeTag(a.Outcome, errOutcome)
	v := errorValue(a.Error).Value
	switch {
	case !ok:
		return dst, &wire.EncodeError{Member: "outcome", Err: wire.ErrUnknownValue}
	case a.Outcome != errOutcome && !v.IsZero():
		return dst, &wire.EncodeError{Member: "error", Err: ErrNotCarried}
	case a.Outcome != errOutcome:
		return append(dst, tag), nil
	case v.IsZero():
		return dst, &wire.EncodeError{Member: "error", Err: wire.ErrNoValue}
	}
	return append(append(dst, tag), v.Bytes()...), nil
}

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

// CopyValue reads src, one whole JSON document of any kind (whitespace
// around it allowed), as serde_json reads a Value, and returns a copy of it
// in serde_json's form, not aliasing src: the value of an errors.Error,
// which outlives the buffer its frame came in. A failure is the JSON
// engine's error (see JSON).
func CopyValue(src []byte) (wire.Raw, error) {
	d := serde.NewDecoder(src)
	v, err := d.Value()
	if err = Ended(&d, err); err != nil {
		return wire.Raw{}, err
	}
	b := v.Bytes()
	return wire.Raw(serde.RawOf(append(make([]byte, 0, len(b)), b...))), nil
}
