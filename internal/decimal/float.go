package decimal

import (
	"math"
	"math/big"
	"strconv"
)

// FromFloat64 is the Decimal serde reads from a JSON number that serde_json
// made an f64 (one with a fraction or exponent, "-0", or an integer past
// u64 or i64): rust_decimal's visit_f64 writes f with Rust's Display (the
// shortest digits that read back as f, never an exponent: 1e-7 is
// "0.0000001", -0.0 is "-0") and reads that with the plain form of
// ParseString only. So f is kept to its shortest digits, a fraction past
// 28 digits is rounded as ParseString rounds it (5e-324 is 28 zeros), and
// a magnitude of 2^96 or more is refused. f must be the f64 serde_json
// parsed, which is not always the one strconv.ParseFloat gives for the same
// text.
func FromFloat64(f float64) (Decimal, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return Decimal{}, &Error{Reason: NotFinite}
	}
	var buf [400]byte // the longest Display text, -5e-324's, is 327 bytes
	d, why := parsePlain(appendDisplay(buf[:0], f))
	return d, why.err()
}

// appendDisplay appends Rust's Display of a finite f: the shortest digits
// that read back as f, the closest of them to f, written without an
// exponent. Go's shortest form agrees except where f lies exactly halfway
// between the two closest shortest candidates: Go then takes the even one,
// Rust's Grisu and Dragon the one above in magnitude
// (1453193255712810.25 is "1453193255712810.3" in Rust, "...810.2" in Go).
func appendDisplay(dst []byte, f float64) []byte {
	var sci [32]byte
	e := strconv.AppendFloat(sci[:0], f, 'e', -1, 64) // [-]d[.ddd]e±xx
	if e[0] == '-' {
		dst = append(dst, '-')
		e = e[1:]
	}
	var digitBuf [18]byte
	digits := append(digitBuf[:0], e[0])
	i := 1
	if e[i] == '.' {
		for i++; e[i] != 'e'; i++ {
			digits = append(digits, e[i])
		}
	}
	exp := 0
	for _, c := range e[i+2:] { // after 'e' and its sign
		exp = exp*10 + int(c-'0')
	}
	if e[i+1] == '-' {
		exp = -exp
	}
	if halfAbove(math.Abs(f), digits, exp) {
		digits, exp = roundUpDigits(digits, exp)
	}
	return appendPlain(dst, digits, exp)
}

// halfAbove reports whether |f| is exactly digits (d.ddd × 10^exp) plus
// half a unit in their last place: a tie that Rust breaks upward.
func halfAbove(abs float64, digits []byte, exp int) bool {
	n := len(digits)
	// Cheap test first: rounded to one digit more, a tie ends in that 5.
	var longBuf, wantBuf [32]byte
	longer := strconv.AppendFloat(longBuf[:0], abs, 'e', n, 64)
	want := append(wantBuf[:0], digits[0])
	want = append(want, '.')
	want = append(want, digits[1:]...)
	want = append(want, '5')
	if string(longer[:len(want)]) != string(want) {
		return false
	}
	t, ok := new(big.Rat).SetString(string(want) + "e" + strconv.Itoa(exp))
	return ok && t.Cmp(new(big.Rat).SetFloat64(abs)) == 0
}

// roundUpDigits adds one in the last place of digits, as Rust's round_up:
// an all-nines run becomes 1 followed by zeros, one digit longer, exp+1.
func roundUpDigits(digits []byte, exp int) ([]byte, int) {
	for i := len(digits) - 1; i >= 0; i-- {
		if digits[i] != '9' {
			digits[i]++
			return digits, exp
		}
		digits[i] = '0'
	}
	return append([]byte{'1'}, digits...), exp + 1
}

// appendPlain writes d.ddd × 10^exp without an exponent, as Rust's
// digits_to_dec_str does with no minimum of fraction digits.
func appendPlain(dst, digits []byte, exp int) []byte {
	n := len(digits)
	switch {
	case exp < 0:
		dst = append(dst, '0', '.')
		for range -exp - 1 {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	case exp >= n-1:
		dst = append(dst, digits...)
		for range exp - (n - 1) {
			dst = append(dst, '0')
		}
		return dst
	default:
		dst = append(dst, digits[:exp+1]...)
		dst = append(dst, '.')
		return append(dst, digits[exp+1:]...)
	}
}
