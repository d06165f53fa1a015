package serde

import (
	"math"
	"strconv"
)

// numKind is how serde_json holds a parsed number.
type numKind uint8

const (
	numU64 numKind = iota // a non-negative integer that fits u64
	numI64                // a negative integer that fits i64
	numF64                // anything else: fraction, exponent, -0, or too long
)

// number is one parsed JSON number, as serde_json's ParserNumber.
type number struct {
	kind numKind
	u    uint64
	i    int64
	f    float64
}

const (
	u64Tenth = math.MaxUint64 / 10
	u64Last  = math.MaxUint64 % 10
	i32Tenth = math.MaxInt32 / 10
	i32Last  = math.MaxInt32 % 10
)

func isDigit(c byte) bool { return c-'0' < 10 }

// peekByte is the byte at the cursor, or 0 at the end (serde's peek_or_null).
func (d *Decoder) peekByte() byte {
	if d.pos < len(d.src) {
		return d.src[d.pos]
	}
	return 0
}

// parseNumber reads a number at the cursor ('-' or a digit) exactly as
// serde_json 1.0.150 does without float_roundtrip, including its inexact
// decimal-to-f64 conversion and its handling of integers past u64.
func (d *Decoder) parseNumber() (number, error) {
	positive := true
	if d.src[d.pos] == '-' {
		d.pos++
		positive = false
	}
	if d.pos >= len(d.src) {
		return number{}, d.fail(EOFValue)
	}
	c := d.src[d.pos]
	d.pos++
	switch {
	case c == '0':
		if isDigit(d.peekByte()) {
			return number{}, d.fail(InvalidNumber)
		}
		return d.numberTail(positive, 0)
	case c >= '1' && c <= '9':
		sig := uint64(c - '0')
		for d.pos < len(d.src) && isDigit(d.src[d.pos]) {
			digit := uint64(d.src[d.pos] - '0')
			if sig >= u64Tenth && (sig > u64Tenth || digit > u64Last) {
				f, err := d.longInteger(positive, sig)
				return number{kind: numF64, f: f}, err
			}
			d.pos++
			sig = sig*10 + digit
		}
		return d.numberTail(positive, sig)
	}
	return number{}, d.failAt(d.pos-1, InvalidNumber)
}

func (d *Decoder) numberTail(positive bool, sig uint64) (number, error) {
	switch d.peekByte() {
	case '.':
		f, err := d.decimal(positive, sig, 0)
		return number{kind: numF64, f: f}, err
	case 'e', 'E':
		f, err := d.exponent(positive, sig, 0)
		return number{kind: numF64, f: f}, err
	}
	if positive {
		return number{kind: numU64, u: sig}, nil
	}
	// Wrapping negation, as serde_json does: -0 and anything below
	// i64::MIN become floats.
	if neg := -int64(sig); neg < 0 {
		return number{kind: numI64, i: neg}, nil
	}
	return number{kind: numF64, f: -float64(sig)}, nil
}

// decimal reads the fraction after a '.'. exp is the power of ten already
// owed by digits of the integer part that did not fit the significand.
func (d *Decoder) decimal(positive bool, sig uint64, exp int32) (float64, error) {
	d.pos++ // '.'
	start := d.pos
	for d.pos < len(d.src) && isDigit(d.src[d.pos]) {
		digit := uint64(d.src[d.pos] - '0')
		if sig >= u64Tenth && (sig > u64Tenth || digit > u64Last) {
			// Digits past the significand's room are dropped unread; at
			// least one digit follows the point, so the grammar holds.
			return d.decimalOverflow(positive, sig, exp)
		}
		d.pos++
		sig = sig*10 + digit
		exp--
	}
	// At least one digit after the point, whatever came before it.
	if d.pos == start {
		if d.pos < len(d.src) {
			return 0, d.fail(InvalidNumber)
		}
		return 0, d.fail(EOFValue)
	}
	if c := d.peekByte(); c == 'e' || c == 'E' {
		return d.exponent(positive, sig, exp)
	}
	return d.fromParts(positive, sig, exp)
}

func (d *Decoder) exponent(positive bool, sig uint64, start int32) (float64, error) {
	d.pos++ // 'e' or 'E'
	positiveExp := true
	switch d.peekByte() {
	case '+':
		d.pos++
	case '-':
		d.pos++
		positiveExp = false
	}
	if d.pos >= len(d.src) {
		return 0, d.fail(EOFValue)
	}
	c := d.src[d.pos]
	d.pos++
	if !isDigit(c) {
		return 0, d.failAt(d.pos-1, InvalidNumber)
	}
	exp := int32(c - '0')
	for d.pos < len(d.src) && isDigit(d.src[d.pos]) {
		digit := int32(d.src[d.pos] - '0')
		d.pos++
		if exp >= i32Tenth && (exp > i32Tenth || digit > i32Last) {
			return d.exponentOverflow(positive, sig == 0, positiveExp)
		}
		exp = exp*10 + digit
	}
	var final int32
	if positiveExp {
		final = satAdd32(start, exp)
	} else {
		final = satSub32(start, exp)
	}
	return d.fromParts(positive, sig, final)
}

func satAdd32(a, b int32) int32 {
	s := int64(a) + int64(b)
	return int32(max(min(s, math.MaxInt32), math.MinInt32))
}

func satSub32(a, b int32) int32 {
	s := int64(a) - int64(b)
	return int32(max(min(s, math.MaxInt32), math.MinInt32))
}

func (d *Decoder) exponentOverflow(positive, zeroSig, positiveExp bool) (float64, error) {
	if !zeroSig && positiveExp {
		return 0, d.fail(NumberRange)
	}
	d.skipDigits()
	if positive {
		return 0, nil
	}
	return math.Copysign(0, -1), nil
}

func (d *Decoder) skipDigits() {
	for d.pos < len(d.src) && isDigit(d.src[d.pos]) {
		d.pos++
	}
}

func (d *Decoder) longInteger(positive bool, sig uint64) (float64, error) {
	var exp int32
	for {
		switch c := d.peekByte(); {
		case isDigit(c):
			d.pos++
			exp++
		case c == '.':
			return d.decimal(positive, sig, exp)
		case c == 'e' || c == 'E':
			return d.exponent(positive, sig, exp)
		default:
			return d.fromParts(positive, sig, exp)
		}
	}
}

func (d *Decoder) decimalOverflow(positive bool, sig uint64, exp int32) (float64, error) {
	d.skipDigits()
	if c := d.peekByte(); c == 'e' || c == 'E' {
		return d.exponent(positive, sig, exp)
	}
	return d.fromParts(positive, sig, exp)
}

// fromParts is serde_json's f64_from_parts: significand times or divided by
// one table power of ten, which is not always the nearest f64.
func (d *Decoder) fromParts(positive bool, sig uint64, exp int32) (float64, error) {
	f := float64(sig)
	for {
		abs := int64(exp)
		if abs < 0 {
			abs = -abs
		}
		if abs < int64(len(pow10)) {
			if exp >= 0 {
				f *= pow10[abs]
				if math.IsInf(f, 0) {
					return 0, d.fail(NumberRange)
				}
			} else {
				f /= pow10[abs]
			}
			break
		}
		if f == 0 {
			break
		}
		if exp >= 0 {
			return 0, d.fail(NumberRange)
		}
		f /= 1e308
		exp += 308
	}
	if !positive {
		f = -f
	}
	return f, nil
}

// skipNumberLax checks a number's syntax only, as serde_json does for a
// value it ignores: no range check, and its own digit rules.
func (d *Decoder) skipNumberLax() error {
	if d.src[d.pos] == '-' {
		d.pos++
	}
	if d.pos >= len(d.src) {
		return d.fail(InvalidNumber)
	}
	c := d.src[d.pos]
	d.pos++
	switch {
	case c == '0':
		if isDigit(d.peekByte()) {
			return d.fail(InvalidNumber)
		}
	case c >= '1' && c <= '9':
		d.skipDigits()
	default:
		return d.failAt(d.pos-1, InvalidNumber)
	}
	if d.peekByte() == '.' {
		d.pos++
		if !isDigit(d.peekByte()) {
			return d.fail(InvalidNumber)
		}
		d.skipDigits()
	}
	if c := d.peekByte(); c == 'e' || c == 'E' {
		d.pos++
		if c := d.peekByte(); c == '+' || c == '-' {
			d.pos++
		}
		if !isDigit(d.peekByte()) {
			return d.fail(InvalidNumber)
		}
		d.skipDigits()
	}
	return nil
}

// appendNumber writes n as serde_json's Value serializer does.
func appendNumber(dst []byte, n number) []byte {
	switch n.kind {
	case numU64:
		return strconv.AppendUint(dst, n.u, 10)
	case numI64:
		return strconv.AppendInt(dst, n.i, 10)
	}
	return AppendF64(dst, n.f)
}

// AppendF64 appends f as serde_json writes an f64: the shortest digits that
// read back as f, laid out as zmij lays them out ("1.0", "0.00001",
// "1e+16", "1.5e-7"), and null for NaN and the infinities.
func AppendF64(dst []byte, f float64) []byte {
	return appendFloat(dst, f, 64, 16, -5)
}

// AppendF32 appends f as serde_json writes an f32: the shortest digits that
// read back as f as an f32, with exponents from 1e+13 and below 1e-6 where
// an f64 has them from 1e+16 and below 1e-5, and null for NaN and the
// infinities.
func AppendF32(dst []byte, f float32) []byte {
	if f == 0x1p-12 || f == -0x1p-12 {
		// 2^-12 = 0.000244140625 lies exactly halfway between its two
		// shortest candidates, 0.00024414062 and 0.00024414063. zmij takes
		// the even one; Go 1.26's strconv takes the odd one, because its
		// float32 Dragonbox looks for this power-of-two tie at float64's
		// exponent (-77) instead of float32's (-35). ±2^-12 are the only
		// f32 on which the two differ (make floatcheck compares all 2^32).
		if f < 0 {
			dst = append(dst, '-')
		}
		return append(dst, "0.00024414062"...)
	}
	return appendFloat(dst, float64(f), 32, 13, -6)
}

// appendFloat lays out strconv's shortest digits the way serde_json's
// formatter (zmij) does. whole is the largest power of ten written without an
// exponent, small the exclusive lower bound for 0.000ddd forms.
func appendFloat(dst []byte, f float64, bits, whole, small int) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "null"...)
	}
	if math.Signbit(f) {
		dst = append(dst, '-')
		f = -f
	}
	if f == 0 {
		return append(dst, "0.0"...)
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, bits) // d.ddde±XX
	mark := len(e) - 1
	for e[mark] != 'e' {
		mark--
	}
	exp, _ := strconv.Atoi(string(e[mark+1:]))
	var digits [24]byte
	n := copy(digits[:], e[:1])
	if mark > 1 {
		n += copy(digits[n:], e[2:mark])
	}
	ds := digits[:n]
	kk := exp + 1 // 10^(kk-1) <= f < 10^kk
	k := kk - n   // f = digits * 10^k
	switch {
	case k >= 0 && kk <= whole:
		dst = append(dst, ds...)
		for range k {
			dst = append(dst, '0')
		}
		return append(dst, '.', '0')
	case kk > 0 && kk <= whole:
		dst = append(dst, ds[:kk]...)
		dst = append(dst, '.')
		return append(dst, ds[kk:]...)
	case kk > small && kk <= 0:
		dst = append(dst, '0', '.')
		for range -kk {
			dst = append(dst, '0')
		}
		return append(dst, ds...)
	case n == 1:
		dst = append(dst, ds[0], 'e')
	default:
		dst = append(dst, ds[0], '.')
		dst = append(dst, ds[1:]...)
		dst = append(dst, 'e')
	}
	if kk > 0 {
		dst = append(dst, '+')
	}
	return strconv.AppendInt(dst, int64(kk-1), 10)
}
