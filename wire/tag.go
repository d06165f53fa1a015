package wire

import (
	"errors"
	"strconv"
)

// ErrEmpty is the cause of every frame family's "empty" decode error: the
// payload had no bytes, so not even a tag.
var ErrEmpty = errors.New("payload is empty")

// UnknownTagError is the cause of every frame family's "unknown tag" decode
// error. It is what a newer peer produces; a reader reports it rather than
// guess at bytes it does not know.
type UnknownTagError struct {
	Tag byte // the first byte of the payload
}

// Error describes the failure without quoting any payload bytes.
func (e *UnknownTagError) Error() string {
	return "unknown tag " + strconv.Itoa(int(e.Tag))
}

// Split separates a payload's tag byte from its body. ok is false for an
// empty payload. The body aliases payload.
func Split(payload []byte) (tag byte, body []byte, ok bool) {
	if len(payload) == 0 {
		return 0, nil, false
	}
	return payload[0], payload[1:], true
}

// AppendTagged appends tag and then body, unread: the relay path, for a body
// that was encoded elsewhere (a chunk's JSON, an Inactive's values). It
// trusts body to be exactly the bytes the tag's variant carries, in
// serde_json's form, as a decoder or a Rust producer made them; nothing is
// checked or copied but the bytes themselves.
func AppendTagged(dst []byte, tag byte, body []byte) []byte {
	return append(append(dst, tag), body...)
}

// ErrorKind is one way a frame family's decode fails: each family defines a
// uint8 type with one constant per way. Every family numbers "empty" 0 and
// "unknown tag" 1.
type ErrorKind interface {
	~uint8
	// String is the kind's name in snake_case, as the tools print it
	// ("empty", "unknown_tag", "body", ...).
	String() string
	// Frame names the frame family in messages ("enqueue answer").
	Frame() string
}

// The error kind numbers every family shares.
const (
	ErrorKindEmpty      = 0 // no bytes at all
	ErrorKindUnknownTag = 1 // a tag the family does not know
)

// FrameError is a tagged frame that could not be decoded. Each frame family
// names its own instance (begin.ResponseFrameError is
// FrameError[begin.ResponseErrorKind]), so errors.As tells the families
// apart.
//
// Err is the cause: [ErrEmpty], an [*UnknownTagError], a [*JSONError] or a
// family's own error type. No message quotes the payload.
type FrameError[K ErrorKind] struct {
	Kind K     // which way the decode failed
	Tag  byte  // the payload's tag byte; 0 when the payload was empty
	Err  error // the cause
}

// Error describes the failure without quoting any payload bytes.
func (e *FrameError[K]) Error() string {
	frame := e.Kind.Frame()
	switch uint8(e.Kind) {
	case ErrorKindEmpty:
		return frame + " frame is empty"
	case ErrorKindUnknownTag:
		return "unknown " + frame + " tag " + strconv.Itoa(int(e.Tag))
	}
	return frame + " " + e.Kind.String() + " did not parse: " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *FrameError[K]) Unwrap() error { return e.Err }
