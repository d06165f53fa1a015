package serde

import (
	"slices"
	"unsafe"
)

// copyVecMin is the shortest copy handed to copyVec: below it Go's memmove
// copies in straight-line moves whatever the alignment.
const copyVecMin = 256

// AppendBytes appends b to dst, as append(dst, b...) does, with copyVec
// for a long b: the relay path's copy of a body behind its tag byte.
func AppendBytes(dst, b []byte) []byte {
	if len(b) < copyVecMin || !useAVX512 {
		return append(dst, b...)
	}
	n := len(dst)
	dst = slices.Grow(dst, len(b))[:n+len(b)]
	if !copyVec(dst[n:], b) {
		copy(dst[n:], b)
	}
	return dst
}

// cloneSplitMin is the shortest string cloneString copies in two pieces
// where memmove prefers REP MOVSQ: from 2048 bytes on, into a 16-byte-aligned
// destination, which from a source that is not aligned alike runs at a
// fraction of its speed; a fresh allocation is aligned, and a string in a
// frame almost never is.
const cloneSplitMin = 2048

// streamMin is the copy length from which Go's memmove on amd64 with AVX
// writes with non-temporal stores, past the caches (runtime/memmove_amd64.s);
// cacheCopyMax is the longest copy cloneString keeps in them, in pieces of
// half streamMin.
const (
	streamMin    = 1 << 20
	cacheCopyMax = 3 << 19
)

// cloneString returns a string holding a copy of b, as string(b) does, into
// memory that is not zeroed first (makeNoZero), steering memmove from two choices that
// cost a decoder's copy of a long string:
//   - Where memmove prefers REP MOVSQ (memmoveRepMovs), b goes as its first
//     byte and then the rest, whose destination is one byte past alignment,
//     so memmove takes its vector loop. Measured on a Xeon against
//     string(b), two runs of 21 alternating rounds: 3-12% faster from 2 to
//     16 KiB, 10-25% from 128 KiB to 16 MiB.
//   - Where memmove streams (memmoveStreams), a b of streamMin to
//     cacheCopyMax bytes goes in pieces below streamMin, so that the string
//     is left in the caches. Measured on an AMD EPYC (1 MiB of L2 a core),
//     a plain string read by ReadString against string(b), 15 alternating
//     rounds: 0.81 and 0.92 at 1 MiB, 0.93 at 1.25 MiB, 0.98-1.01 at
//     1.5 MiB, 1.15 at 2 MiB.
//
// Anywhere else it is string(b).
func cloneString(b []byte) string {
	n := len(b)
	var buf []byte
	switch {
	case n >= cloneSplitMin && memmoveRepMovs:
		buf = makeNoZero(n)
		buf[0] = b[0]
		copy(buf[1:], b[1:])
	case n >= streamMin && n <= cacheCopyMax && memmoveStreams:
		buf = makeNoZero(n)
		for i := 0; i < n; i += streamMin / 2 {
			copy(buf[i:], b[i:min(i+streamMin/2, n)])
		}
	default:
		return string(b)
	}
	return unsafe.String(&buf[0], n)
}
