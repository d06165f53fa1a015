package wire

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
)

// The reasons an encoder refuses a value, each the Err of an [*EncodeError]
// (test with errors.Is). A value the reference could not hold is never
// written: the frame would be refused by every Rust reader, or could not
// have come from a Rust writer.
var (
	// ErrInvalidUTF8 is a string that is not valid UTF-8 (a lone surrogate
	// written as three bytes among them). A Rust string always is.
	ErrInvalidUTF8 = serde.ErrInvalidUTF8
	// ErrNil is a nil interface or a nil pointer where a value is needed:
	// a frame, a content block, an embedded resource's contents, a
	// decoder's receiver. It is the SDK's one error for nil: the decoders
	// and mcpsdk's conversions return it too.
	ErrNil = errors.New("nil value")
	// ErrNoValue is a zero [Raw] or [Object] where the protocol needs one:
	// a secret's value, a chunk, a dependency template.
	ErrNoValue = serde.ErrNoValue
	// ErrUnknownValue is an enum value the protocol does not have: a role,
	// an icon theme, a secret's mode, an answer's outcome that has no tag.
	ErrUnknownValue = errors.New("unknown enum value")
	// ErrUnset is an enum whose zero value means "never set": an answer
	// whose Outcome was not given, a secret declared with no Mode. No zero
	// value means success or a default, so it is not written.
	ErrUnset = errors.New("value not set")
	// ErrTooDeep is a Raw or Object that, where it stands in the payload,
	// would nest deeper than the MaxDepth levels every reader allows
	// (counted from the top of the payload, so a _meta inside a block inside
	// a request has less room than one at the top).
	ErrTooDeep = serde.ErrTooDeep
)

// EncodeError is a value an encoder would not write. It names the member
// that is wrong and why, and never quotes what the member held: strings and
// secret values stay out of the message.
//
// Member is a path into the payload's JSON body, written the way a reader
// would point at it: names joined by dots ("content[2].annotations.audience[1]"),
// [i] for an array's element, ["name"] for the member of a map called name
// (a secret, a declared name; names are not secret), [name i] for the name
// of a map's member at index i itself (when the name is what is wrong, and so
// cannot be shown), and for an answer's tag "outcome". An empty
// Member is the body, or the frame, as a whole.
type EncodeError struct {
	Member string // where; "" for the whole value
	Err    error  // why: ErrInvalidUTF8, ErrNil, ErrNoValue, ErrUnknownValue, ErrUnset, ErrTooDeep, ErrMarshal (or an encoding/json error made quiet, see NewRaw) or a package's own cause
}

// Error says which member is wrong and why, without its value.
func (e *EncodeError) Error() string {
	reason := "invalid value"
	if e.Err != nil {
		reason = e.Err.Error()
	}
	if e.Member == "" {
		return "encode: " + reason
	}
	return "encode " + e.Member + ": " + reason
}

// Unwrap returns the reason.
func (e *EncodeError) Unwrap() error { return e.Err }
