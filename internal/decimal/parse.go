package decimal

import "math/bits"

// ParseString reads a Decimal from a JSON string's decoded contents, as
// rust_decimal's serde visitor does: Decimal::from_str, and if that fails,
// Decimal::from_scientific. It does not keep a reference to b.
//
// The plain form is an optional sign (first byte only), digits with at most
// one '.', and '_' anywhere after the first digit ("1_000.5", "5.", ".5"
// and "+.5" are read). A fraction ends at 28 digits, or earlier where one
// more digit would take the mantissa to 2^96 or past; the byte after the
// last digit kept decides: a digit of 5 or more rounds the magnitude up
// (half up, whatever follows: "...49999" rounds down), a lower digit or '_'
// does not (once the mantissa has outgrown 64 bits, a run of '_' is
// skipped and the byte after it decides), anything else is refused ("x", a
// second '.').
// Nothing after that byte is looked at, so "0.12345678901234567890123456789x"
// is read. Where rounding up carries the mantissa to 2^96, the last
// fraction digit is dropped ("7922816251426433759354395033.55" reads as
// 7922816251426433759354395034); with no fraction digit to drop the input
// is refused. An integer part of 2^96 or more is refused. "-0" and other
// negative zeros read as zero.
//
// The scientific form, tried only when the plain one fails, is a plain
// base, an 'e' or 'E', and an exponent that is a u32 as Rust parses one
// (an optional '+') after an optional '-': "1e-3", "1.5E+2", and also
// "1e-+3". The exponent is at most 28; a negative one adds to the base's
// scale (28 at most); a positive one up to the base's scale lowers it
// ("1.50e1" is "15.0"); a larger one gives an integer without fraction
// digits ("1.50e3" is "1500"), refused from 2^96 on. A base that the plain
// form already reads, rounded ("7.9228162514264337593543950336e28"), is
// never seen with its exponent.
func ParseString(b []byte) (Decimal, error) {
	d, why := parsePlain(b)
	if why.reason != 0 {
		for i, c := range b {
			if c == 'e' || c == 'E' {
				d, why = parseScientific(b, i)
				break
			}
		}
		// Without an exponent rust_decimal reports from_scientific's
		// failure ("no exponent"); the plain form's reason says more, and
		// serde tells neither.
	}
	return d, why.err()
}

// willOverflowU64 is rust_decimal's WILL_OVERFLOW_U64: past it, the next
// digit is read with 128-bit arithmetic.
const willOverflowU64 = ^uint64(0)/10 - 255

// bigInput is rust_decimal's BYTES_TO_OVERFLOW_U64: a shorter text has too
// few digits to need the overflow and 28-digit checks, and skips them.
const bigInput = 18

// parsePlain is rust_decimal's parse_str_radix_10 (Decimal::from_str), its
// chain of byte handlers unrolled into one loop with the same states.
func parsePlain(b []byte) (Decimal, failure) {
	if len(b) == 0 {
		return fail(Empty, 0)
	}
	big := len(b) >= bigInput
	var (
		point, neg, has bool
		data            uint64
		scale           uint8
	)
	for i, c := range b {
		switch {
		case c >= '0' && c <= '9':
			data = data*10 + uint64(c-'0')
			if point {
				scale++
			}
			has = true
			if i+1 == len(b) || !big {
				continue
			}
			if point && scale >= MaxScale {
				return maybeRound(u128{lo: data}, b, i+1, scale, point, neg)
			}
			if data >= willOverflowU64 {
				return read128(u128{lo: data}, b, i+1, scale, point, neg)
			}
		case c == '.' && !point:
			point = true
		case (c == '-' || c == '+') && i == 0:
			neg = c == '-'
		case c == '_' && has:
		default:
			return invalidByte(b, i)
		}
	}
	if !has {
		return fail(NoDigits, len(b))
	}
	return finish(u128{lo: data}, scale, neg)
}

// read128 is rust_decimal's handle_full_128: the rest of the digits, from
// b[i], once the mantissa no longer fits the 64-bit fast path.
func read128(data u128, b []byte, i int, scale uint8, point, neg bool) (Decimal, failure) {
	for ; ; i++ {
		c := b[i]
		last := i+1 == len(b)
		switch {
		case c >= '0' && c <= '9':
			next := data.mul10add(uint64(c - '0'))
			if next.overflows96() {
				if !point {
					return fail(Overflow, i)
				}
				return maybeRound(data, b, i, scale, point, neg)
			}
			data = next
			if point {
				scale++
			}
			if last {
				return finish(data, scale, neg)
			}
			if point && scale >= MaxScale {
				// Only here does rust_decimal look past '_' for the
				// digit that rounds.
				j := i + 1
				for j < len(b) && b[j] == '_' {
					j++
				}
				if j == len(b) {
					return finish(data, scale, neg)
				}
				return maybeRound(data, b, j, scale, point, neg)
			}
		case c == '.' && !point:
			point = true
			if last {
				return finish(data, scale, neg)
			}
		case c == '_':
			if last {
				return finish(data, scale, neg)
			}
		default:
			return invalidByte(b, i)
		}
	}
}

// maybeRound is rust_decimal's maybe_round: b[i] is the first digit that
// does not fit; it rounds data half up (by magnitude) and the rest of b is
// never looked at.
func maybeRound(data u128, b []byte, i int, scale uint8, point, neg bool) (Decimal, failure) {
	var digit byte
	switch c := b[i]; {
	case c >= '0' && c <= '9':
		digit = c - '0'
	case c == '_', c == '.' && !point:
	default:
		return invalidByte(b, i)
	}
	if digit >= 5 {
		data = data.add(1)
		if data.overflows96() {
			if scale == 0 {
				return fail(Overflow, i)
			}
			// rust_decimal's own step: (2^96 + 4) / 10, one digit fewer.
			data = data.add(4).div10()
			scale--
		}
	}
	return finish(data, scale, neg)
}

// finish is rust_decimal's handle_data for input with a digit: the value,
// with a zero's sign dropped (Decimal::from_parts does that).
func finish(data u128, scale uint8, neg bool) (Decimal, failure) {
	d := Decimal{lo: data.lo, hi: uint32(data.hi), scale: scale}
	d.neg = neg && !d.IsZero()
	return d, failure{}
}

// invalidByte is rust_decimal's tail_invalid_digit for b[i].
func invalidByte(b []byte, i int) (Decimal, failure) {
	switch b[i] {
	case '.':
		return fail(SecondPoint, i)
	case '_':
		return fail(LeadingSeparator, i)
	}
	return fail(UnknownChar, i)
}

// parseScientific is Decimal::from_scientific, with b[e] the first 'e' or
// 'E' of b.
func parseScientific(b []byte, e int) (Decimal, failure) {
	d, why := parsePlain(b[:e])
	if why.reason != 0 {
		return d, why
	}
	exp := b[e+1:]
	negExp := len(exp) > 0 && exp[0] == '-'
	if negExp {
		exp = exp[1:]
	}
	n, ok := parseU32(exp)
	if !ok {
		return fail(BadExponent, e+1)
	}
	scale := uint32(d.scale)
	switch {
	case negExp:
		if n > MaxScale || scale+n > MaxScale {
			return fail(ScaleTooLarge, e+1)
		}
		d.scale = uint8(scale + n)
	case n <= scale:
		d.scale = uint8(scale - n)
	case n > MaxScale:
		return fail(ScaleTooLarge, e+1)
	default:
		// rust_decimal multiplies by 10^n at the base's scale and
		// normalizes: the result is the integer mantissa * 10^(n-scale),
		// exact, or an overflow.
		m := u128{lo: d.lo, hi: uint64(d.hi)}
		for range n - scale {
			m = m.mul10add(0)
			if m.overflows96() {
				return fail(Overflow, e+1)
			}
		}
		d = Decimal{lo: m.lo, hi: uint32(m.hi), neg: d.neg}
	}
	return d, failure{}
}

// parseU32 is Rust's u32::from_str: an optional '+', then one or more ASCII
// digits, at most 4294967295.
func parseU32(s []byte) (uint32, bool) {
	if len(s) > 0 && s[0] == '+' {
		s = s[1:]
	}
	if len(s) == 0 {
		return 0, false
	}
	var n uint64
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
		if n > 1<<32-1 {
			return 0, false
		}
	}
	return uint32(n), true
}

// u128 holds a mantissa while it is read: below 2^96 * 10 + 9, so the high
// word never overflows.
type u128 struct{ hi, lo uint64 }

func (a u128) mul10add(d uint64) u128 {
	h, l := bits.Mul64(a.lo, 10)
	l, c := bits.Add64(l, d, 0)
	return u128{hi: a.hi*10 + h + c, lo: l}
}

func (a u128) add(d uint64) u128 {
	l, c := bits.Add64(a.lo, d, 0)
	return u128{hi: a.hi + c, lo: l}
}

func (a u128) div10() u128 {
	q, r := a.hi/10, a.hi%10
	lo, _ := bits.Div64(r, a.lo, 10)
	return u128{hi: q, lo: lo}
}

// overflows96 reports a value of 2^96 or more (rust_decimal's OVERFLOW_U96).
func (a u128) overflows96() bool { return a.hi >= 1<<32 }
