//go:build amd64 && !purego

package serde

import (
	"encoding/binary"
	"math/bits"
)

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
//lint:ignore U1000 read by unescapeAVX2, in escape_amd64.s
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
//lint:ignore U1000 read by unescapeAVX2, in escape_amd64.s
var unescapeSpread = [32]byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
	2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3}

//lint:ignore U1000 read by unescapeAVX2, in escape_amd64.s
var unescapeBits = [32]byte{1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128,
	1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128}

// unescapeShuffles packs 8 bytes, by the mask of those to take out: entry m
// lists the others in order, then 0x80.
//
//lint:ignore U1000 read by unescapeAVX2, in escape_amd64.s
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
//lint:ignore U1000 read by escapeAVX2, in escape_amd64.s
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
//lint:ignore U1000 read by escapeAVX2, in escape_amd64.s
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
//lint:ignore U1000 read by escapeAVX2, in escape_amd64.s
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

// skipEscapesAVX2 passes over src 32 bytes a step, and over the short
// escapes serde_json writes (each counted in shrink), to the first byte it
// does not pass: a quote, a control, another escape, or the last bytes
// short of a step.
//
//go:noescape
func skipEscapesAVX2(src []byte) (i, shrink int)

// skipEscapesVec is skipEscapesAVX2 where the processor has AVX2.
func skipEscapesVec(src []byte) (i, shrink int) { return skipEscapesAVX2(src) }

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
