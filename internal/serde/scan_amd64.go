//go:build amd64 && !purego

package serde

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// stopIndexAVX2 is the vectorized search vecStop uses: the offset of the
// first stop (quote, backslash, control, non-ASCII) in b's whole 32-byte
// blocks, or their length if there is none. It needs AVX2.
//
//go:noescape
func stopIndexAVX2(b []byte) int

// specialIndexAVX2 is stopIndexAVX2 without the non-ASCII bytes: the offset
// of the first quote, backslash or control in b's whole 32-byte blocks, or
// their length.
//
//go:noescape
func specialIndexAVX2(b []byte) int

// stopBitsAVX2 is stopBits with AVX2, for b of 1 to shortMax bytes, its
// marks exact. It reads 64 bytes: from b's start where they end in the page
// b starts in, else the 64 that end at b's end, which are b's own or lie
// before it in that page. So it reads no page b is not in, and the bytes
// around b leave no mark.
//
//go:noescape
func stopBitsAVX2(b []byte) uint64

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
//lint:ignore U1000 read by validUTF8AVX2, in scan_amd64.s
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

// unescapeAVX2 decodes raw into out 32 bytes a step, short escapes
// included, and returns how much it wrote and read: it stops at a \u, a bad
// escape, a control or a quote, or where out or raw holds less than 64
// bytes. Non-ASCII is copied unchecked.
//
//go:noescape
func unescapeAVX2(out, src []byte) (o, i int)

// unescapeHash is where unescapeAVX2's shuffle path looks a short escape's
// letter up: distinct for the eight letters (TestUnescapeHash).
func unescapeHash(c byte) byte { return (c>>1 + c>>3) & 15 }

// unescapeKeys holds each short escape's letter at its unescapeHash (0
// elsewhere, which only a control, never an escape's letter there, could
// match), and unescapeValues the byte it stands for.
//
//lint:ignore U1000 read by unescapeAVX2, in scan_amd64.s
var unescapeKeys, unescapeValues = func() (k, v [16]byte) {
	for _, c := range []byte{'"', '\\', '/', 'b', 'f', 'n', 'r', 't'} {
		h := unescapeHash(c)
		k[h], v[h] = c, unescaped[c]
	}
	return k, v
}()

// unescapeSpread and unescapeBits turn a 32-bit mask, broadcast, into a
// byte per bit.
//
//lint:ignore U1000 read by unescapeAVX2, in scan_amd64.s
var unescapeSpread = [32]byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
	2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3}

//lint:ignore U1000 read by unescapeAVX2, in scan_amd64.s
var unescapeBits = [32]byte{1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128,
	1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128}

// unescapeShuffles packs 8 bytes, by the mask of those to take out: entry m
// lists the others in order, then 0x80.
//
//lint:ignore U1000 read by unescapeAVX2, in scan_amd64.s
var unescapeShuffles = func() (t [256][16]byte) {
	for m := range t {
		o := 0
		for j := range 8 {
			if m>>j&1 == 0 {
				t[m][o] = byte(j)
				o++
			}
		}
		for ; o < 16; o++ {
			t[m][o] = 0x80
		}
	}
	return t
}()

// unescapeVec is unescapeAVX2 where the processor has AVX2.
func unescapeVec(out, raw []byte) (o, i int) { return unescapeAVX2(out, raw) }

// escapeAVX2 writes b escaped into out 32 bytes a step and returns how
// much it wrote and read: it stops where b holds less than 64 bytes or out
// less than 224.
//
//go:noescape
func escapeAVX2(out, src []byte) (o, i int)

// escapeVec is escapeAVX2 where the processor has AVX2.
func escapeVec(out, b []byte) (o, i int) { return escapeAVX2(out, b) }

// escapeWords holds, for each byte escapeAVX2 may meet that needs an
// escape, the escape serde_json writes in its low bytes (\n, \u001f) and
// its length less one in the top byte; escapeAVX2 stores the whole word and
// then overwrites what follows the escape.
//
//lint:ignore U1000 read by escapeAVX2, in scan_amd64.s
var escapeWords = func() (t [0x60]uint64) {
	for c := range t {
		var e []byte
		switch x := escapes[c]; x {
		case 0:
			continue
		case 'u':
			e = []byte{'\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15]}
		default:
			e = []byte{'\\', x}
		}
		var w [8]byte
		copy(w[:], e)
		w[7] = byte(len(e) - 1)
		t[c] = binary.LittleEndian.Uint64(w[:])
	}
	return t
}()

// escapeLetters is the letter of each short escape of a control, by the
// control (0 for a control written \u00xx): escapeAVX2 looks a dense
// block's controls up in it 32 at a time.
//
//lint:ignore U1000 read by escapeAVX2, in scan_amd64.s
var escapeLetters = func() (t [16]byte) {
	for c := range t {
		if e := escapes[c]; e != 'u' {
			t[c] = e
		}
	}
	return t
}()

// escapeShuffles expands 8 bytes to escape, by the mask of those among them
// that need a backslash before them: entry m lists, for each byte of the
// output, which byte of [the 8 bytes, then 8 backslashes] it is (8 plus
// the number of m's set bits of them; the rest 0x80, which writes a zero).
//
//lint:ignore U1000 read by escapeAVX2, in scan_amd64.s
var escapeShuffles = func() (t [256][16]byte) {
	for m := range t {
		o := 0
		for j := range 8 {
			if m>>j&1 != 0 {
				t[m][o] = 8
				o++
			}
			t[m][o] = byte(j)
			o++
		}
		for ; o < 16; o++ {
			t[m][o] = 0x80
		}
	}
	return t
}()

// quoteBackslashAVX2 returns one bit per byte of b[:64] for the quotes and
// one for the backslashes. b must hold 64 bytes.
//
//go:noescape
func quoteBackslashAVX2(b []byte) (q, bs uint64)

// quoteEndAVX2 returns the offset of the first quote in b's whole 64-byte
// blocks that no backslash escapes, or -1, and escapedBits' carry where it
// stopped.
//
//go:noescape
func quoteEndAVX2(b []byte) (i int, carry uint64)

// quoteEndVec is quoteEndFrom with AVX2: 64 bytes at a time, the escaped bytes
// among them found as escapedBits finds them; the last bytes as one more
// block, padded with zeros (no quote).
func quoteEndVec(b []byte, p int) int {
	i, carry := quoteEndAVX2(b[p:])
	if i >= 0 {
		return p + i
	}
	p += (len(b) - p) &^ 63
	var last [64]byte
	copy(last[:], b[p:])
	q, bs := quoteBackslashAVX2(last[:])
	if m := q &^ escapedBits(bs, &carry); m != 0 {
		return p + bits.TrailingZeros64(m)
	}
	return -1
}

// skipEscapesAVX2 passes over src 32 bytes a step, and over the short
// escapes serde_json writes (each counted in shrink), to the first byte it
// does not pass: a quote, a control, another escape, or the last bytes
// short of a step.
//
//go:noescape
func skipEscapesAVX2(src []byte) (i, shrink int)

// skipEscapesVec is skipEscapesAVX2 where the processor has AVX2.
func skipEscapesVec(src []byte) (i, shrink int) { return skipEscapesAVX2(src) }

// vecStop is nextStop's search for a long run on this processor: the index
// of the first stop at or after i in b, or len(b), and true; false where
// the processor lacks AVX2, and the portable search is used.
func vecStop(b []byte, i int) (int, bool) {
	if !useAVX2 {
		return 0, false
	}
	return wordStop(b, i+stopIndexAVX2(b[i:]), false), true
}

// stopBitsVec is stopBits with AVX2, for b of 1 to shortMax bytes.
func stopBitsVec(b []byte) uint64 { return stopBitsAVX2(b) }

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

// specialVec returns, with AVX2, the index of the first quote, backslash
// or control at or after i in b, or len(b): the scan past a long string's
// first non-ASCII byte, which leaves UTF-8 to validUTF8Vec.
func specialVec(b []byte, i int) int {
	return wordStop(b, i+specialIndexAVX2(b[i:]), true)
}
