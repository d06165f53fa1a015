package chunk

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
)

// TODO(logprobs): rust_decimal's Decimal comes from package internal/decimal
// (branch h-decimal), not merged yet. Until it is, no log probability is
// read: a chunk with a non-null logprobs list is refused, which the golden
// vectors with logprobs report as failures.

// Decimal is a log probability, a rust_decimal Decimal. Not yet readable.
type Decimal struct{ text string }

// errByteRange is a token byte past 255.
var errByteRange = errors.New("token byte out of range")

var errDecimalTODO = errors.New("log probabilities are not read yet (TODO: internal/decimal)")

func readDecimal(*serde.Decoder) (Decimal, error) { return Decimal{}, errDecimalTODO }

func appendDecimal(w serde.Writer, v Decimal) serde.Writer {
	w.Byte('"')
	w.Lit(v.text)
	w.Byte('"')
	return w
}
