package serde

import (
	"errors"
	"strconv"
)

// Reason says why JSON was refused. The reasons follow serde_json's error
// codes and serde's data-model errors; what the reference calls every one of
// them is the same variant ("json", or the frame's body variant), so a
// reason is for people, not for dispatch.
type Reason uint8

// The reasons a [Decoder] refuses input.
const (
	EOFValue         Reason = iota + 1 // input ended where a value should be
	EOFString                          // input ended inside a string
	EOFList                            // input ended inside an array
	EOFObject                          // input ended inside an object
	ExpectedValue                      // a byte that starts no JSON value
	ExpectedColon                      // an object member without ':'
	ExpectedComma                      // neither ',' nor the closing bracket
	KeyNotString                       // an object member name that is not a string
	TrailingComma                      // a ',' right before ']' or '}'
	TrailingBytes                      // bytes after the value, or past a struct's members
	InvalidLiteral                     // a misspelt null, true or false
	InvalidNumber                      // malformed number
	NumberRange                        // a number outside the f64 range
	InvalidEscape                      // an unknown backslash escape or bad hex digits
	ControlChar                        // a raw control character inside a string
	InvalidUTF8                        // bytes that are not UTF-8
	LoneSurrogate                      // a \u escape of half a surrogate pair
	DepthLimit                         // nesting deeper than MaxDepth
	WrongType                          // the value is not of the type the schema wants
	MissingField                       // a required member is absent
	DuplicateField                     // a struct member appears twice
	UnknownVariant                     // an enum name the schema does not have
	WrongLength                        // a struct given as an array of the wrong length
	NoVariantMatched                   // no form of an untagged enum fits
)

var reasonText = [...]string{
	EOFValue:         "input ended where a value should be",
	EOFString:        "input ended inside a string",
	EOFList:          "input ended inside an array",
	EOFObject:        "input ended inside an object",
	ExpectedValue:    "expected a value",
	ExpectedColon:    "expected ':'",
	ExpectedComma:    "expected ',' or the closing bracket",
	KeyNotString:     "object member name is not a string",
	TrailingComma:    "trailing comma",
	TrailingBytes:    "trailing characters",
	InvalidLiteral:   "invalid literal",
	InvalidNumber:    "invalid number",
	NumberRange:      "number out of range",
	InvalidEscape:    "invalid escape",
	ControlChar:      "control character inside a string",
	InvalidUTF8:      "invalid UTF-8",
	LoneSurrogate:    "lone surrogate in a \\u escape",
	DepthLimit:       "nesting too deep",
	WrongType:        "invalid type",
	MissingField:     "missing field",
	DuplicateField:   "duplicate field",
	UnknownVariant:   "unknown variant",
	WrongLength:      "wrong number of struct members in array",
	NoVariantMatched: "data matched no variant",
}

// String describes the reason.
func (r Reason) String() string {
	if int(r) < len(reasonText) && reasonText[r] != "" {
		return reasonText[r]
	}
	return "reason " + strconv.Itoa(int(r))
}

// Error is JSON that a [Decoder] refused; the package wire hands it to
// users as a *wire.JSONError (see internal/codec). It names the place and,
// for schema errors, what the schema expected; it never quotes the input.
type Error struct {
	Offset int    // byte offset in the decoded JSON where the problem was seen
	Reason Reason // what was wrong
	Want   string // schema errors: the member, type or enum the schema wanted
}

// Error describes the failure without quoting any payload bytes.
func (e *Error) Error() string {
	s := e.Reason.String()
	if e.Want != "" {
		s += " (" + e.Want + ")"
	}
	return s + " at offset " + strconv.Itoa(e.Offset)
}

// The reasons the writer refuses a value; the package wire exports them
// (wire.ErrInvalidUTF8, ...), each the Err of a *wire.EncodeError.
var (
	ErrInvalidUTF8 = errors.New("invalid UTF-8")
	ErrNoValue     = errors.New("no JSON value")
	ErrTooDeep     = errors.New("nested too deep")
)
