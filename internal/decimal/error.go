package decimal

import "strconv"

// Reason says why an input is not a Decimal. A Reason is itself an error,
// so errors.Is(err, decimal.Overflow) picks one out of an *Error. The
// reasons follow rust_decimal's own errors; serde reports every one of them
// the same way (an invalid value), so they are for people, not dispatch.
type Reason uint8

// The reasons ParseString and FromFloat64 refuse an input.
const (
	Empty            Reason = iota + 1 // an empty string
	NoDigits                           // a sign or point with no digit ("-", ".")
	UnknownChar                        // a byte that is no digit, sign, point or '_' where it stands
	SecondPoint                        // a second '.' (also right after a 28th fraction digit)
	LeadingSeparator                   // a '_' before the first digit
	Overflow                           // the magnitude reaches 2^96, before or after rounding
	ScaleTooLarge                      // an exponent that would leave more than 28 fraction digits
	BadExponent                        // no exponent, or one that is not a u32 ("1e", "1e--3")
	NotFinite                          // a NaN or an infinity (FromFloat64)
)

var reasonText = [...]string{
	Empty:            "empty",
	NoDigits:         "no digits",
	UnknownChar:      "unexpected character",
	SecondPoint:      "two decimal points",
	LeadingSeparator: "'_' before the first digit",
	Overflow:         "magnitude of 2^96 or more",
	ScaleTooLarge:    "more than 28 fraction digits after the exponent",
	BadExponent:      "malformed exponent",
	NotFinite:        "not a finite number",
}

// Error describes the reason.
func (r Reason) Error() string {
	if int(r) < len(reasonText) && reasonText[r] != "" {
		return reasonText[r]
	}
	return "reason " + strconv.Itoa(int(r))
}

// Error is an input refused as a Decimal: the reason, and the byte offset
// in the text read where the reader stopped. For FromFloat64 that text is
// the float's shortest plain decimal form (what Rust's Display writes), not
// anything the caller passed. Error never quotes the input.
type Error struct {
	Reason Reason
	Offset int
}

// Error describes the failure without the input's bytes.
func (e *Error) Error() string {
	return "decimal: " + e.Reason.Error() + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap is the Reason, for errors.Is.
func (e *Error) Unwrap() error { return e.Reason }

// failure is an *Error before it is made: the readers pass it by value, so
// a plain form that fails before the scientific one succeeds costs no
// allocation. The zero failure is success.
type failure struct {
	reason Reason
	offset int
}

func fail(r Reason, offset int) (Decimal, failure) {
	return Decimal{}, failure{reason: r, offset: offset}
}

// err is the failure as the error callers see, nil for success.
func (f failure) err() error {
	if f.reason == 0 {
		return nil
	}
	return &Error{Reason: f.reason, Offset: f.offset}
}
