package serde

import (
	"encoding/binary"
	"math/bits"
)

// shortMax is the longest string whose stops stopBits marks in one word.
const shortMax = 64

// stopBits returns one bit for each byte of b, which holds at most shortMax
// bytes: bit k is set where b[k] is a stop (a quote, a backslash, a control
// or not ASCII). The words are tested eight bytes at a time and each word's
// marks gathered into a byte of the result; b's last bytes, fewer than
// eight, are tested in one word read from b's end where b holds eight.
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
		var w uint64
		if len(b) >= 8 {
			w = binary.LittleEndian.Uint64(b[len(b)-8:]) >> (64 - 8*n)
		} else {
			for k := n - 1; k >= 0; k-- {
				w = w<<8 | uint64(b[i+k])
			}
		}
		// The zero bytes above b's end are controls to the mask, and cut off.
		m |= gather(stopMask(w)) & (1<<n - 1) << i
	}
	return m
}

// gather moves the high bit of each byte of m, which has no other bits set,
// to bit 0-7 of the result: byte k's to bit k.
func gather(m uint64) uint64 { return (m >> 7) * 0x0102040810204080 >> 56 }

// appendShort is AppendString's body for a string of at most shortMax
// bytes: it appends b's escaped form (without quotes) to out, visiting only
// the stops stopBits marks. It returns false at a sequence that is not
// UTF-8.
func appendShort(out, b []byte) ([]byte, bool) {
	if len(b) == 0 {
		return out, true
	}
	var m uint64
	if useAVX2 {
		m = stopBitsVec(b)
	} else {
		m = stopBits(b)
	}
	done := 0
	for m != 0 {
		k := bits.TrailingZeros64(m)
		c := b[k]
		if c >= 0x80 {
			j, ok := validRun(b, k)
			if !ok {
				return out, false
			}
			m &^= 1<<j - 1 // j is at most 64, where the shift gives 0
			continue
		}
		e := escapes[c]
		if e == 0 {
			m &= m - 1 // a false mark: see stopBits
			continue
		}
		out = append(out, b[done:k]...)
		if e != 'u' {
			out = append(out, '\\', e)
		} else {
			out = append(out, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		}
		done = k + 1
		m &= m - 1
	}
	return append(out, b[done:]...), true
}
