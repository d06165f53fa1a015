package wire

import "github.com/diverge-network/diverge-sdk-go/internal/serde"

// Reason says why JSON was refused. The reasons follow serde_json's error
// codes and serde's data-model errors; what the reference calls every one of
// them is the same variant ("json", or the frame's body variant), so a
// reason is for people, not for dispatch.
type Reason uint8

// The reasons a decoder refuses input.
const (
	EOFValue         = Reason(serde.EOFValue)         // input ended where a value should be
	EOFString        = Reason(serde.EOFString)        // input ended inside a string
	EOFList          = Reason(serde.EOFList)          // input ended inside an array
	EOFObject        = Reason(serde.EOFObject)        // input ended inside an object
	ExpectedValue    = Reason(serde.ExpectedValue)    // a byte that starts no JSON value
	ExpectedColon    = Reason(serde.ExpectedColon)    // an object member without ':'
	ExpectedComma    = Reason(serde.ExpectedComma)    // neither ',' nor the closing bracket
	KeyNotString     = Reason(serde.KeyNotString)     // an object member name that is not a string
	TrailingComma    = Reason(serde.TrailingComma)    // a ',' right before ']' or '}'
	TrailingBytes    = Reason(serde.TrailingBytes)    // bytes after the value, or past a struct's members
	InvalidLiteral   = Reason(serde.InvalidLiteral)   // a misspelt null, true or false
	InvalidNumber    = Reason(serde.InvalidNumber)    // malformed number
	NumberRange      = Reason(serde.NumberRange)      // a number outside the f64 range
	InvalidEscape    = Reason(serde.InvalidEscape)    // an unknown backslash escape or bad hex digits
	ControlChar      = Reason(serde.ControlChar)      // a raw control character inside a string
	InvalidUTF8      = Reason(serde.InvalidUTF8)      // bytes that are not UTF-8
	LoneSurrogate    = Reason(serde.LoneSurrogate)    // a \u escape of half a surrogate pair
	DepthLimit       = Reason(serde.DepthLimit)       // nesting deeper than MaxDepth
	WrongType        = Reason(serde.WrongType)        // the value is not of the type the schema wants
	MissingField     = Reason(serde.MissingField)     // a required member is absent
	DuplicateField   = Reason(serde.DuplicateField)   // a struct member appears twice
	UnknownVariant   = Reason(serde.UnknownVariant)   // an enum name the schema does not have
	WrongLength      = Reason(serde.WrongLength)      // a struct given as an array of the wrong length
	NoVariantMatched = Reason(serde.NoVariantMatched) // no form of an untagged enum fits
)

// String describes the reason.
func (r Reason) String() string { return serde.Reason(r).String() }

// JSONError is JSON that a decoder refused. It names the place and, for
// schema errors, what the schema expected; it never quotes the input, so a
// secret in a refused payload cannot reach a log through it.
type JSONError struct {
	Offset int    // byte offset in the decoded JSON where the problem was seen
	Reason Reason // what was wrong
	Want   string // schema errors: the member, type or enum the schema wanted
}

// Error describes the failure without quoting any payload bytes.
func (e *JSONError) Error() string {
	return (&serde.Error{Offset: e.Offset, Reason: serde.Reason(e.Reason), Want: e.Want}).Error()
}

// jsonError is err with the decoder's own error made a *JSONError.
func jsonError(err error) error {
	if e, ok := err.(*serde.Error); ok {
		return &JSONError{Offset: e.Offset, Reason: Reason(e.Reason), Want: e.Want}
	}
	return err
}
