package chunk

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/internal/decimal"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
)

// Decimal is a log probability: rust_decimal's Decimal, a 96-bit mantissa,
// a sign and a scale of 0 to 28 fraction digits. It is written as a JSON
// string that keeps its scale ("-0.2500"), and read from a string (plain,
// else scientific: "1e-3") or from a JSON number (an integer as it is, a
// float through its shortest decimal text). The zero Decimal is 0. Its
// String method gives the text written between the quotes.
type Decimal = decimal.Decimal

// ParseDecimal reads a log probability from s, the decoded contents of a
// JSON string, as the Rust side reads one written as a string (plain, else
// scientific). A failure names the reason, never s.
func ParseDecimal(s string) (Decimal, error) { return decimal.ParseString([]byte(s)) }

// errByteRange is a token byte past 255.
var errByteRange = errors.New("token byte out of range")

// decimalForms reads a Decimal from each JSON form serde hands
// rust_decimal's visitor.
var decimalForms = serde.Visitor[Decimal]{
	Str: decimal.ParseString,
	U64: func(u uint64) (Decimal, error) { return decimal.FromUint64(u), nil },
	I64: func(i int64) (Decimal, error) { return decimal.FromInt64(i), nil },
	F64: decimal.FromFloat64,
}

// readDecimal reads a required log probability.
func readDecimal(d *serde.Decoder) (Decimal, error) {
	return serde.ReadAny(d, &decimalForms, "a Decimal")
}

// appendDecimal writes a log probability as a JSON string.
func appendDecimal(w serde.Writer, v Decimal) serde.Writer {
	w.Byte('"')
	w = v.Append(w)
	w.Byte('"')
	return w
}
