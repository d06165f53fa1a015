package answer

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// ErrorKind is one way an answer of the family O fails to decode: one of
// the ErrorKind constants, which every family shares.
type ErrorKind[O Outcome[O]] uint8

// The ways an answer fails to decode.
const (
	ErrorKindEmpty      = wire.ErrorKindEmpty      // no bytes, not even a tag
	ErrorKindUnknownTag = wire.ErrorKindUnknownTag // a tag past the error outcome's
	ErrorKindBody       = 2                        // the error after the error outcome's tag did not parse
)

// String is the snake_case name, as the tools print it: "empty",
// "unknown_tag" or "body".
func (k ErrorKind[O]) String() string {
	return codec.EnumName(k, []string{"empty", "unknown_tag", "body"})
}

// Frame names the family's answer in messages ("enqueue answer").
func (ErrorKind[O]) Frame() string {
	var o O
	return o.Family().Frame
}

// FrameError is an answer of the family O that could not be read; see
// wire.FrameError. Its Err is wire.ErrEmpty, a *wire.UnknownTagError or a
// *wire.JSONError.
type FrameError[O Outcome[O]] = wire.FrameError[ErrorKind[O]]
