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

// decimalAhead is how far readDecimal looks for a plain string's closing
// quote: 28 fraction digits, a sign, a point and a few whole digits fit.
const decimalAhead = 48

// readDecimal reads a required log probability. A string of plain ASCII
// (no escape, no control character), the form every writer uses, is parsed
// where it stands in the input and then skipped; anything else goes through
// serde.ReadAny, which decodes the string first (or reads the number).
func readDecimal(d *serde.Decoder) (Decimal, error) {
	if ahead := d.Ahead(decimalAhead); len(ahead) > 0 && ahead[0] == '"' {
		if end := plainEnd(ahead); end > 0 {
			v, err := decimal.ParseString(ahead[1:end])
			if err != nil {
				return v, err
			}
			return v, d.Skip(true)
		}
	}
	return serde.ReadAny(d, &decimalForms, "a Decimal")
}

// plainEnd is the index of the closing quote of the string q opens when
// every byte before it is printable ASCII other than a backslash; else -1
// (an escape, a control character, a byte of 0x80 and above, or no quote
// within q).
func plainEnd(q []byte) int {
	for i := 1; i < len(q); i++ {
		switch c := q[i]; {
		case c == '"':
			return i
		case c == '\\' || c < 0x20 || c >= 0x80:
			return -1
		}
	}
	return -1
}

// appendDecimal writes a log probability as a JSON string.
func appendDecimal(w serde.Writer, v Decimal) serde.Writer {
	w.Byte('"')
	w = v.Append(w)
	w.Byte('"')
	return w
}
