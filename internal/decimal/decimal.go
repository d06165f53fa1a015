// Package decimal is rust_decimal 1.41.0's Decimal as its default serde
// feature puts it on the wire: the log probabilities of agentic loop chunks
// (shared/PROTOCOL.md section 6). A Decimal is written as a JSON string that
// keeps its scale ("-0.2500") and read from a string (plain, else
// scientific) or from a JSON number (an integer as it is, a float through
// its shortest decimal text). What is accepted, how excess digits are
// rounded and what text comes back out follow that crate exactly, quirks
// included; the tests check it against the Rust oracle.
//
// The package reads only what a JSON decoder hands it (a string's decoded
// contents, or the u64, i64 or f64 serde_json made of a number); the JSON
// around it is the caller's.
package decimal

import (
	"math/bits"
	"strconv"
)

// MaxScale is the most fraction digits a Decimal keeps; rust_decimal rounds
// a longer fraction to it.
const MaxScale = 28

// Decimal is a 96-bit unsigned mantissa, a sign and a scale (0 to
// MaxScale): the value -1^neg * mantissa / 10^scale. The scale is part of
// the value's text ("1.50" is not "1.5"), so == compares texts, not
// numbers. A zero is never negative. The zero Decimal is 0, with scale 0.
type Decimal struct {
	lo    uint64 // the mantissa's low 64 bits
	hi    uint32 // the mantissa's high 32 bits
	scale uint8  // fraction digits, 0..MaxScale
	neg   bool   // negative; never set with a zero mantissa
}

// FromUint64 is the Decimal serde reads from a JSON integer that fits u64
// (serde_json hands such a number to visit_u64): v with scale 0.
func FromUint64(v uint64) Decimal { return Decimal{lo: v} }

// FromInt64 is the Decimal serde reads from a negative JSON integer that
// fits i64 (visit_i64): v with scale 0. Any i64 fits.
func FromInt64(v int64) Decimal {
	if v < 0 {
		return Decimal{lo: uint64(-v), neg: true} // -MinInt64 wraps to 2^63, its magnitude
	}
	return Decimal{lo: uint64(v)}
}

// Scale is how many fraction digits d has (0 to MaxScale).
func (d Decimal) Scale() int { return int(d.scale) }

// IsNegative reports whether d is below zero.
func (d Decimal) IsNegative() bool { return d.neg }

// IsZero reports whether d is zero, at whatever scale.
func (d Decimal) IsZero() bool { return d.lo == 0 && d.hi == 0 }

// Append appends d's canonical text, as rust_decimal's serde writes it
// inside the JSON string: an optional '-', the whole digits ("0" when
// there are none), then, for a scale above 0, a '.' and exactly scale
// fraction digits. No quotes, no exponent.
func (d Decimal) Append(dst []byte) []byte {
	var buf [29]byte // 2^96-1 has 29 digits
	digits := d.digits(buf[:0])
	if d.IsZero() {
		digits = digits[:0]
	}
	if d.neg {
		dst = append(dst, '-')
	}
	scale := int(d.scale)
	whole := len(digits) - scale
	if whole <= 0 {
		dst = append(dst, '0')
	} else {
		dst = append(dst, digits[:whole]...)
	}
	if scale == 0 {
		return dst
	}
	dst = append(dst, '.')
	for ; whole < 0; whole++ {
		dst = append(dst, '0')
	}
	return append(dst, digits[whole:]...)
}

// String is d's canonical text (see Append).
func (d Decimal) String() string { return string(d.Append(nil)) }

const e19 = 10_000_000_000_000_000_000

// digits appends the mantissa in decimal, without leading zeros ("0" for
// zero).
func (d Decimal) digits(dst []byte) []byte {
	if d.hi == 0 {
		return strconv.AppendUint(dst, d.lo, 10)
	}
	q, r := bits.Div64(uint64(d.hi), d.lo, e19) // hi < 2^32 < e19: no overflow
	dst = strconv.AppendUint(dst, q, 10)
	var low [19]byte
	for i := len(low) - 1; i >= 0; i-- {
		low[i] = byte('0' + r%10)
		r /= 10
	}
	return append(dst, low[:]...)
}
