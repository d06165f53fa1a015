//go:build amd64 && !purego

package serde

import "unicode/utf8"

// validUTF8AVX2 reports whether b, a multiple of 32 bytes long, holds no
// UTF-8 error wholly inside it (a sequence cut at its end is not one).
//
//go:noescape
func validUTF8AVX2(b []byte) bool

// utf8Lookup holds validUTF8AVX2's three tables, each twice (once per
// 128-bit lane): by the high nibble of a byte's predecessor, by its low
// nibble, and by the byte's own high nibble, the errors the pair could be
// (bits as named below); a pair is an error where all three agree on one.
// The last 32 bytes are the check of the block before an ASCII block.
//
//lint:ignore U1000 read by validUTF8AVX2, in utf8_amd64.s
var utf8Lookup = func() (t [128]byte) {
	const (
		tooShort  = 1 << 0 // a lead, then ASCII or another lead
		tooLong   = 1 << 1 // ASCII, then a continuation
		overlong3 = 1 << 2 // E0, then 80..9F
		tooLarge  = 1 << 3 // F4, then 90..BF; F5 and up, then 90..BF
		surrogate = 1 << 4 // ED, then A0..BF
		overlong2 = 1 << 5 // C0 or C1, then a continuation
		large1000 = 1 << 6 // F5 and up, then 80..8F
		overlong4 = 1 << 6 // F0, then 80..8F
		twoConts  = 1 << 7 // a continuation, then a continuation
		carry     = tooShort | tooLong | twoConts
	)
	prevHigh := [16]byte{
		tooLong, tooLong, tooLong, tooLong, tooLong, tooLong, tooLong, tooLong, // 0x00..0x7F
		twoConts, twoConts, twoConts, twoConts, // 0x80..0xBF
		tooShort | overlong2,                        // 0xC0..0xCF
		tooShort,                                    // 0xD0..0xDF
		tooShort | overlong3 | surrogate,            // 0xE0..0xEF
		tooShort | tooLarge | large1000 | overlong4, // 0xF0..0xFF
	}
	prevLow := [16]byte{
		carry | overlong3 | overlong2 | overlong4, // _0
		carry | overlong2,                         // _1
		carry, carry,                              // _2, _3
		carry | tooLarge,                                           // _4
		carry | tooLarge | large1000,                               // _5
		carry | tooLarge | large1000, carry | tooLarge | large1000, // _6, _7
		carry | tooLarge | large1000, carry | tooLarge | large1000, // _8, _9
		carry | tooLarge | large1000, carry | tooLarge | large1000, // _A, _B
		carry | tooLarge | large1000,                               // _C
		carry | tooLarge | large1000 | surrogate,                   // _D
		carry | tooLarge | large1000, carry | tooLarge | large1000, // _E, _F
	}
	curHigh := [16]byte{
		tooShort, tooShort, tooShort, tooShort, tooShort, tooShort, tooShort, tooShort, // ASCII
		tooLong | overlong2 | twoConts | overlong3 | large1000 | overlong4, // 0x80..0x8F
		tooLong | overlong2 | twoConts | overlong3 | tooLarge,              // 0x90..0x9F
		tooLong | overlong2 | twoConts | surrogate | tooLarge,              // 0xA0..0xAF
		tooLong | overlong2 | twoConts | surrogate | tooLarge,              // 0xB0..0xBF
		tooShort, tooShort, tooShort, tooShort, // a lead
	}
	for lane := range 2 {
		copy(t[lane*16:], prevHigh[:])
		copy(t[32+lane*16:], prevLow[:])
		copy(t[64+lane*16:], curHigh[:])
	}
	// Then, for an ASCII block, the largest byte the block before may end
	// with at each place and not be inside a sequence.
	for k := 96; k < 128; k++ {
		t[k] = 0xFF
	}
	t[125], t[126], t[127] = 0xEF, 0xDF, 0xBF
	return t
}()

// validUTF8Vec reports whether b is UTF-8 as Rust's str takes it, with
// AVX2: the whole 32-byte blocks by validUTF8AVX2, the rest by utf8.Valid
// from the start of the last sequence the blocks may have cut.
func validUTF8Vec(b []byte) bool {
	m := len(b) &^ 31
	if m > 0 && !validUTF8AVX2(b[:m]) {
		return false
	}
	s := m
	for k := 1; k <= 3 && k <= m; k++ {
		if c := b[m-k]; c < 0x80 {
			break
		} else if c >= 0xC0 {
			s = m - k
			break
		}
	}
	return utf8.Valid(b[s:])
}
