// Package codec is what the frame families share beyond the package wire:
// the frame helpers, encode-error paths, the conversion of the
// JSON engine's errors into the *wire.JSONError users see, and the readers
// and writers one family lends another for the values it nests.
package codec

import (
	"strconv"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// JSON is err with the JSON engine's own error made the *wire.JSONError
// users see; any other err (nil among them) comes back as it is. Every
// decode a family exports returns its error through JSON or BodyError.
func JSON(err error) error {
	if e, ok := err.(*serde.Error); ok {
		return &wire.JSONError{Offset: e.Offset, Reason: wire.Reason(e.Reason), Want: e.Want}
	}
	return err
}

// SplitFrame splits payload as wire.Split does, and turns an empty payload into
// the family's empty error.
func SplitFrame[K wire.ErrorKind](payload []byte) (tag byte, body []byte, err error) {
	tag, body, ok := wire.Split(payload)
	if !ok {
		return 0, nil, &wire.FrameError[K]{Kind: wire.ErrorKindEmpty, Err: wire.ErrEmpty}
	}
	return tag, body, nil
}

// UnknownTag is the family's error for a tag it does not know.
func UnknownTag[K wire.ErrorKind](tag byte) error {
	return &wire.FrameError[K]{Kind: wire.ErrorKindUnknownTag, Tag: tag, Err: &wire.UnknownTagError{Tag: tag}}
}

// BodyError wraps err, the failure to read the body after tag, as kind k of
// the family; it returns nil when err is nil.
func BodyError[K wire.ErrorKind](k K, tag byte, err error) error {
	if err == nil {
		return nil
	}
	return &wire.FrameError[K]{Kind: k, Tag: tag, Err: JSON(err)}
}

// PutTag writes tag after dst's bytes when dst has room for it, and reports
// whether it did: the answers' Encode for a bare outcome, which leaves the
// growth append brings (and the spills around its call) to its slow path.
func PutTag(dst []byte, tag byte) ([]byte, bool) {
	n := len(dst)
	if n >= cap(dst) {
		return dst, false
	}
	dst = dst[:n+1]
	dst[n] = tag
	return dst, true
}

// EnumName is names[v], or "value N" for a number with no name: the String
// method of a family's small enumerations (outcomes, error kinds, modes).
func EnumName[V ~uint8](v V, names []string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return "value " + strconv.Itoa(int(v))
}

// DecodeStruct reads src, one whole JSON document, into a new T by s's
// table, and stores it in *v only once all of src was read: a failure (a
// *wire.JSONError) leaves *v as it was, and a nil v is wire.ErrNil.
//
// A family's DecodeJSON that only calls DecodeStruct is marked
// //go:noinline: inlined into a caller's package, the call would meet this
// generic function without its escape facts, and the caller's value would
// move to the heap (TestDecodeIntoLocal in internal/tools/scopes checks it).
func DecodeStruct[T any](src []byte, s *serde.Struct[T], v *T) error {
	if v == nil {
		return wire.ErrNil
	}
	d := serde.NewDecoder(src)
	var got T
	if err := Ended(&d, serde.ReadStruct(&d, s, &got)); err != nil {
		return JSON(err)
	}
	*v = got
	return nil
}
