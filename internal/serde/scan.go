package serde

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// The string scanners' shared core: find the next byte of a string that is
// not plain ASCII (a quote, a backslash, a control or a byte of 0x80 and
// above) and check a run of non-ASCII as UTF-8 where it stands. The decoder
// (scanString) and the writer (AppendString) both walk a string with these,
// so each byte is looked at once while it is classified and validated.
//
// Short runs, the common case between the escapes and accents of prose, are
// scanned eight bytes a step with one fused test per word. A run that goes on
// past those first words is searched 64 bytes a step with AVX2 where the
// processor has it (vecStop, amd64 only, chosen at start-up; the purego build
// tag leaves it out). There, once a long string shows a byte that is not
// ASCII (or, writing, one to escape), the scanners stop only at quotes,
// backslashes and controls, the rest is checked as UTF-8 apart, 32 bytes a
// step (validUTF8Vec), and escapes are decoded, checked or written 32 bytes
// a block by kernels of their own (scan_amd64.s). Elsewhere a long run is
// handed to the runtime's vectorized IndexByte, which finds the next quote
// and the next backslash within a window, and the bytes up to there are
// checked for controls and non-ASCII four words (32 bytes) a step with a
// test of three operations a word. The window is bounded so that a long
// string is passed over in pieces that stay in the first-level cache.

// stopCache remembers, across calls of nextStop on one string, how far the
// vectorized searches have looked: there is no quote in b[from:q] and no
// backslash in b[from:bs] for any from the caller has reached (b[q] and b[bs]
// may be the byte itself, or the end of a window). -1 means not searched.
type stopCache struct{ q, bs int }

func newStopCache() stopCache { return stopCache{-1, -1} }

// window is how far ahead one vectorized search looks.
const window = 4096

// shortWords is how many words a run is scanned with the fused test before
// it counts as long.
const shortWords = 4

// nextStop returns the index of the first byte at or after i in b that is a
// quote, a backslash, a control or not ASCII, or len(b) if there is none.
func nextStop(b []byte, i int, c *stopCache) int {
	for range shortWords {
		if i+8 > len(b) {
			return tailStop(b, i, false)
		}
		if m := stopMask(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		i += 8
	}
	if j, ok := vecStop(b, i); ok {
		return j
	}
	for {
		if i == len(b) {
			return i
		}
		// A search is stale once passed, or when it ended at a window's
		// end (or a byte before it) rather than at its byte.
		if c.q < i || c.q == i && b[i] != '"' {
			c.q = search(b, i, '"')
		}
		if c.bs < i || c.bs == i && b[i] != '\\' {
			c.bs = search(b, i, '\\')
		}
		end := min(c.q, c.bs)
		j := ctlOrHigh(b, i, end)
		if j < end || j == len(b) {
			return j
		}
		// j == end: the quote or backslash found, or the end of a window.
		if x := b[j]; x == '"' || x == '\\' {
			return j
		}
		i = j
	}
}

// stops marks the bytes of w a scan stops at: quotes, backslashes and
// controls, and the bytes that are not ASCII unless vec (they are checked
// apart). Its lowest mark is exact.
func stops(w uint64, vec bool) uint64 {
	m := special(w)
	if !vec {
		m |= w & highs
	}
	return m
}

// search returns the index of the first ch in b at or after i, looking at
// most a window ahead: the window's end (or len(b)) if none is there.
func search(b []byte, i int, ch byte) int {
	end := min(len(b), i+window)
	if k := bytes.IndexByte(b[i:end], ch); k >= 0 {
		return i + k
	}
	return end
}

// ctlOrHigh returns the index of the first byte in b[i:end] below 0x20 or
// above 0x7F, or end. It marks such bytes in a word w as (w-0x20…)|w: a
// borrow only ever starts at a byte below 0x20, so with none there is no
// stray mark, and the lowest mark is exact.
func ctlOrHigh(b []byte, i, end int) int {
	b = b[:end]
	for i+32 <= len(b) {
		s := b[i : i+32]
		w0 := binary.LittleEndian.Uint64(s)
		w1 := binary.LittleEndian.Uint64(s[8:])
		w2 := binary.LittleEndian.Uint64(s[16:])
		w3 := binary.LittleEndian.Uint64(s[24:])
		if ((w0-ones*0x20)|w0|(w1-ones*0x20)|w1|(w2-ones*0x20)|w2|(w3-ones*0x20)|w3)&highs != 0 {
			break
		}
		i += 32
	}
	for i+8 <= len(b) {
		w := binary.LittleEndian.Uint64(b[i:])
		if m := ((w - ones*0x20) | w) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		i += 8
	}
	for i < len(b) && b[i]-0x20 < 0x60 {
		i++
	}
	return i
}

// lastWord returns b[i:], fewer than eight bytes, as the low bytes of a word
// whose others are zero: where b holds eight bytes, its last eight read in
// one load and shifted down. The zero bytes are controls to the stop tests,
// so their callers cut off the marks above b's end.
func lastWord(b []byte, i int) uint64 {
	n := len(b) - i
	if len(b) >= 8 {
		return binary.LittleEndian.Uint64(b[len(b)-8:]) >> (64 - 8*n)
	}
	var w uint64
	for k := len(b) - 1; k >= i; k-- {
		w = w<<8 | uint64(b[k])
	}
	return w
}

// tailStop returns the index of the first byte of b[i:], fewer than eight
// bytes, that stops(…, vec) marks, or len(b), testing them in one word.
func tailStop(b []byte, i int, vec bool) int {
	n := len(b) - i
	if n <= 0 {
		return len(b)
	}
	if m := stops(lastWord(b, i), vec) & (1<<(8*n) - 1); m != 0 {
		return i + bits.TrailingZeros64(m)/8
	}
	return len(b)
}

// wordStop is tailStop for any number of bytes: eight a step, then the tail.
func wordStop(b []byte, i int, vec bool) int {
	for ; i+8 <= len(b); i += 8 {
		if m := stops(binary.LittleEndian.Uint64(b[i:]), vec); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	return tailStop(b, i, vec)
}

// stopClass is nonzero for the bytes nextStop stops at.
var stopClass = func() (t [256]uint8) {
	for i := range 256 {
		if i < 0x20 || i == '"' || i == '\\' || i >= 0x80 {
			t[i] = 1
		}
	}
	return t
}()

// validRun checks the run of non-ASCII that starts at b[i] as UTF-8,
// sequence by sequence, up to the next ASCII byte. It returns the index of
// that byte (len(b) at the end), or the index of the first sequence that is
// not UTF-8 and false. Where four bytes are left, a sequence is checked in
// one word: its second byte against its lead's range, the others'
// continuation bits against a mask.
func validRun(b []byte, i int) (int, bool) {
	for {
		c := b[i]
		seq := utf8Seq[c]
		// The length by comparison, not from the table, so that the next
		// i waits on no second load. (A lead that starts no sequence fails
		// the table's test below.)
		n := 2
		if c >= 0xE0 {
			n++
		}
		if c >= 0xF0 {
			n++
		}
		if i+4 <= len(b) {
			w := binary.LittleEndian.Uint32(b[i:])
			cont := utf8Cont[seq&7]
			if uint8(w>>8)-uint8(seq>>8) > uint8(seq>>16) || w&cont.mask != cont.want {
				return i, false
			}
		} else if !validTail(b[i:], seq) {
			return i, false
		}
		i += n
		if i == len(b) || b[i] < 0x80 {
			return i, true
		}
	}
}

// unescape appends raw's decoded form to dst: raw is a string's bytes,
// already checked by scanString, whose first backslash is at firstEsc and
// whose decoded form is size bytes long. It grows dst once, to exactly
// that, and then copies the plain runs a word at a time while it looks for
// the next backslash (or, past 128 bytes of run, with one IndexByte and one
// copy).
func unescape(dst, raw []byte, firstEsc, size int) []byte {
	n := len(dst)
	if cap(dst)-n < size {
		grown := make([]byte, n, n+size)
		copy(grown, dst)
		dst = grown
	}
	dst = dst[:n+size]
	out := dst[n:]
	o := copy(out, raw[:firstEsc])
	i := firstEsc
	for {
		// raw[i] is a backslash.
		c := raw[i+1]
		i += 2
		switch c {
		case 'b':
			out[o] = '\b'
		case 'f':
			out[o] = '\f'
		case 'n':
			out[o] = '\n'
		case 'r':
			out[o] = '\r'
		case 't':
			out[o] = '\t'
		case 'u':
			r := rune(hexValue(raw[i : i+4]))
			i += 4
			if r >= 0xD800 && r <= 0xDBFF {
				r = (r-0xD800)<<10 | (rune(hexValue(raw[i+2:i+6])) - 0xDC00) + 0x10000
				i += 6
			}
			o += len(appendRune(out[o:o], r)) - 1
		default: // '"', '\\', '/'
			out[o] = c
		}
		o++
		// The plain run up to the next backslash: words stored as they are
		// read while there is room for a whole word in out (a word holding
		// the backslash stores a few bytes past the run, which what follows
		// overwrites).
		for words := 0; i+8 <= len(raw) && o+8 <= len(out); words++ {
			w := binary.LittleEndian.Uint64(raw[i:])
			binary.LittleEndian.PutUint64(out[o:], w)
			x := w ^ (ones * '\\')
			if m := (x - ones) &^ x & highs; m != 0 {
				k := bits.TrailingZeros64(m) / 8
				i += k
				o += k
				goto next
			}
			i += 8
			o += 8
			if words == 16 {
				// A long run: find its end and copy it whole.
				k := bytes.IndexByte(raw[i:], '\\')
				if k < 0 {
					k = len(raw) - i
				}
				o += copy(out[o:], raw[i:i+k])
				i += k
				goto next
			}
		}
		for i < len(raw) && raw[i] != '\\' {
			out[o] = raw[i]
			i++
			o++
		}
	next:
		if i == len(raw) {
			return dst
		}
	}
}

// appendRune is utf8.AppendRune for the runes an escape can stand for
// (never a surrogate), into a buffer known to have room.
func appendRune(p []byte, r rune) []byte {
	switch {
	case r < 0x80:
		return append(p, byte(r))
	case r < 0x800:
		return append(p, 0xC0|byte(r>>6), 0x80|byte(r)&0x3F)
	case r < 0x10000:
		return append(p, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	default:
		return append(p, 0xF0|byte(r>>18), 0x80|byte(r>>12)&0x3F, 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	}
}

// quoteEndFrom returns the index of the first quote at or after p in b that
// no backslash escapes, or -1: escaped says whether b[p] follows a
// backslash that escapes it. A byte at a time.
func quoteEndFrom(b []byte, p int, escaped bool) int {
	for ; p < len(b); p++ {
		switch {
		case escaped:
			escaped = false
		case b[p] == '\\':
			escaped = true
		case b[p] == '"':
			return p
		}
	}
	return -1
}

// escapedBits returns, of 64 bytes whose backslashes are the bits of bs,
// those that a backslash escapes (the byte after each odd-numbered
// backslash of a run), as simdjson finds them without a branch: runs
// starting on odd bits are carried across even ones by an addition, which
// flips which of a run's followers are escaped. carry is whether the block
// before ended in an escaping backslash; it is updated for the next block.
func escapedBits(bs uint64, carry *uint64) uint64 {
	const even = 0x5555555555555555
	bs &^= *carry // an escaped first byte escapes nothing
	follows := bs<<1 | *carry
	oddStarts := bs &^ even &^ follows
	sum, c := bits.Add64(oddStarts, bs, 0)
	*carry = c
	return (even ^ sum<<1) & follows
}
