package serde

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// Stop bytes: the bytes of a string that a scan cannot pass over as plain
// ASCII (a quote, a backslash, a control or a byte of 0x80 and above). The
// decoder (scanString, ReadString) and the writer (AppendString) both walk a
// string from stop to stop, checking a run of non-ASCII as UTF-8 where it
// stands (utf8.go) and an escape as it comes (escape.go), so each byte is
// looked at once.
//
// Short runs, the common case between the escapes and accents of prose, are
// scanned eight bytes a step with one fused test per word. A run that goes on
// past those first words is searched 64 bytes a step with AVX2 where the
// processor has it (vecStop, stop_amd64.s; the purego build tag leaves it
// out). Elsewhere a long run is handed to the runtime's vectorized
// IndexByte, which finds the next quote and the next backslash within a
// window, and the bytes up to there are checked for controls and non-ASCII
// four words (32 bytes) a step with a test of three operations a word.

// Byte classes inside a JSON string.
const (
	plain   = iota // copied as is
	quote          // ends the string
	escape         // starts an escape
	control        // U+0000..U+001F: refused raw
	multi          // starts a multi-byte UTF-8 sequence
)

var strClass = func() (t [256]uint8) {
	for i := range 0x20 {
		t[i] = control
	}
	t['"'] = quote
	t['\\'] = escape
	for i := 0x80; i < 0x100; i++ {
		t[i] = multi
	}
	return t
}()

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// special returns a word with the high bit set in each byte of w that is a
// quote, a backslash or a control; its lowest set bit is exact (borrows can
// only mark bytes above a true one).
func special(w uint64) uint64 {
	q := w ^ (ones * '"')
	b := w ^ (ones * '\\')
	return ((q-ones)&^q | (b-ones)&^b | (w-ones*0x20)&^w) & highs
}

// stopMask marks the bytes of w that nextStop stops at (a quote, a
// backslash, a control, a byte that is not ASCII); its lowest set bit is
// exact. It is special's test without the masks that keep bytes of 0x80 and
// above unmarked, as these are marked here anyway: an ASCII byte's high bit
// is set only by its being a quote or backslash (x^c-1 wraps at 0), a
// control (x-0x20 wraps) or a borrow out of a lower byte that is one of
// those, so stray marks only ever sit above a true one.
func stopMask(w uint64) uint64 {
	q := w ^ (ones * '"')
	b := w ^ (ones * '\\')
	return ((q - ones) | (b - ones) | (w - ones*0x20) | w) & highs
}

// stopCache remembers, across calls of nextStop on one string, how far the
// vectorized searches have looked: there is no quote in b[from:q] and no
// backslash in b[from:bs] for any from the caller has reached (b[q] and b[bs]
// may be the byte itself, or the end of a window). -1 means not searched.
type stopCache struct{ q, bs int }

func newStopCache() stopCache { return stopCache{-1, -1} }

// window bounds how far ahead one IndexByte search looks: unbounded, the
// search for a backslash in a string that holds none would run on through
// the rest of the input, for every such string.
const window = 4096

// shortWords is how many words a run is scanned with the fused test before
// it counts as long. Past them each string pays a fixed cost: a call of the
// vectorized search, or without it a search a window ahead for a backslash
// that most strings do not hold. Four words (32 bytes, one step of the
// vectorized search) cover most keys, names and ids, which then never pay it.
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

// stopFrom returns the index of the first stop at or after i in b, or
// len(b): with vec only quotes, backslashes and controls (specialVec), else
// every stop (nextStop, c its searches).
func stopFrom(b []byte, i int, vec bool, c *stopCache) int {
	if i+8 <= len(b) {
		if m := stops(binary.LittleEndian.Uint64(b[i:]), vec); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		i += 8
	}
	if vec {
		return specialVec(b, i)
	}
	return nextStop(b, i, c)
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

// shortMax is the longest string whose stops stopBits marks in one word.
const shortMax = 64

// stopBits returns one bit for each byte of b, which holds at most shortMax
// bytes: bit k is set where b[k] is a stop (a quote, a backslash, a control
// or not ASCII). The words are tested eight bytes at a time and each word's
// marks gathered into a byte of the result; b's last bytes, fewer than
// eight, are tested in one word (lastWord).
//
// A mark is exact where it is a word's lowest, as nextStop takes it; above
// a quote, a backslash or a control in the same word the borrow of the test
// may mark a byte that is none of them (never one that is not ASCII, whose
// mark is its own high bit), so a caller checks the ASCII bytes it is given.
func stopBits(b []byte) uint64 {
	var m uint64
	i := 0
	for ; i+8 <= len(b); i += 8 {
		m |= gather(stopMask(binary.LittleEndian.Uint64(b[i:]))) << i
	}
	if n := len(b) - i; n > 0 {
		m |= gather(stopMask(lastWord(b, i))) & (1<<n - 1) << i
	}
	return m
}

// gather moves the high bit of each byte of m, which has no other bits set,
// to bit 0-7 of the result: byte k's to bit k.
func gather(m uint64) uint64 { return (m >> 7) * 0x0102040810204080 >> 56 }

// shortStops is stopBits with AVX2 where the processor has it.
func shortStops(b []byte) uint64 {
	if useAVX2 {
		return stopBitsVec(b)
	}
	return stopBits(b)
}

// plainRun returns the index of the first byte from src[j] on that a string
// reader stops at (a quote, a backslash, a control or a byte past ASCII), or
// where it stopped looking: the end of src, or limit bytes past j.
func plainRun(src []byte, j, limit int) int {
	end := len(src)
	if limit < end-j {
		end = j + limit
	}
	for j+8 <= end {
		if m := stopMask(binary.LittleEndian.Uint64(src[j:])); m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
		j += 8
	}
	for j < end && strClass[src[j]] == plain {
		j++
	}
	return j
}
