package serde

import (
	"encoding/binary"
	"math/bits"
)

// shortMax is the longest string whose stops stopBits marks in one word.
const shortMax = 64

// appendShortMax and denseStops steer AppendString: a string of up to
// appendShortMax bytes goes to appendShort, unless it is longer than
// shortMax and its first shortMax bytes hold more than denseStops stops:
// visiting only the marked bytes pays while marks are sparse, and
// escape-heavy text is faster through the block kernels (PERFORMANCE.md).
const (
	appendShortMax = 192
	denseStops     = 12
)

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

// appendShort is AppendString's body for a string of at most appendShortMax
// bytes: it appends b's escaped form (without quotes) to out, visiting only
// the stops marked in each shortMax bytes, m those of the first. It returns
// false at a sequence that is not UTF-8.
func appendShort(out, b []byte, m uint64) ([]byte, bool) {
	done := 0 // b[:done] is written
	for base := 0; base < len(b); {
		n := min(shortMax, len(b)-base)
		if base > 0 {
			m = shortStops(b[base : base+n])
		}
		next := base + n
		for m != 0 {
			k := base + bits.TrailingZeros64(m)
			c := b[k]
			if c >= 0x80 {
				j, ok := validRun(b, k)
				if !ok {
					return out, false
				}
				if j >= next {
					next = j // the run went on past these bytes
					break
				}
				m &^= 1<<(j-base) - 1
				continue
			}
			m &= m - 1
			e := escapes[c]
			if e == 0 {
				continue // a false mark: see stopBits
			}
			out = append(out, b[done:k]...)
			if e != 'u' {
				out = append(out, '\\', e)
			} else {
				out = append(out, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			}
			done = k + 1
		}
		base = next
	}
	return append(out, b[done:]...), true
}
