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

// repMovsMin is the shortest copy Go's memmove on amd64 may do by REP MOVSQ:
// from 2048 bytes on, into a 16-byte-aligned destination, where the runtime
// prefers it (memmoveRepMovs). From a source not aligned alike it runs at a
// fraction of its speed; a fresh allocation is aligned, and a string in a
// frame almost never is.
const repMovsMin = 2048

// repMovsbMin is the shortest copy cloneString makes by REP MOVSB where
// memmoveByBytes: below it memmove's AVX moves are faster.
const repMovsbMin = 4096

// streamMin is the copy length from which Go's memmove on amd64 with AVX
// writes with non-temporal stores, past the caches (runtime/memmove_amd64.s);
// cacheCopyMax is the longest copy cloneString keeps in them, in pieces of
// half streamMin.
const (
	streamMin    = 1 << 20
	cacheCopyMax = 3 << 19
)

// cloneString returns a string holding a copy of b, as string(b) does, into
// memory that is not zeroed first (makeNoZero), steering memmove from
// choices that cost a decoder's copy of a long string:
//   - Where memmove prefers REP MOVSQ (memmoveRepMovs), b of repMovsMin bytes
//     or more goes to cloneAligned. Measured on a Xeon (FSRM, 2 MiB of L2 a
//     core) against the copy that was here before (the first byte, then the
//     rest, which kept memmove off REP MOVSQ), ReadString of a plain string,
//     medians of 21 or 41 alternating rounds: with 64 MiB of live heap, so
//     that the copies land in memory that is not in the caches, 0.98 at
//     2 KiB, 0.74 to 0.85 from 4 KiB to 1 MiB, 0.86 to 1.09 at 4 and 16 MiB;
//     with an empty heap 0.80 to 1.03.
//   - Where REP MOVSB writes faster than memmove's AVX moves into memory not
//     in the caches (memmoveByBytes), b of repMovsbMin bytes up to
//     streamMin is copied by it. Measured on an AMD EPYC (family 26, 1 MiB
//     of L2 a core), 15 alternating rounds, a copy from an unaligned source
//     into fresh memory against the built-in copy: with 64 MiB of live heap
//     0.90 at 4 KiB, 0.77-0.85 from 16 to 256 KiB, 0.88 at 512 KiB, but 1.03
//     at 2 KiB and 1.27-1.46 from 256 bytes to 1 KiB; with an empty heap
//     0.95-1.07. The decode of a 64 KiB plain text block with 200 MiB live:
//     0.80 and 0.84 (21 rounds).
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
	switch {
	case n >= repMovsMin && memmoveRepMovs:
		return cloneAligned(b)
	case n >= repMovsbMin && n < streamMin && memmoveByBytes:
		buf := makeNoZero(n)
		copyRepMovsb(&buf[0], &b[0], n)
		return unsafe.String(&buf[0], n)
	case n >= streamMin && n <= cacheCopyMax && memmoveStreams:
		buf := makeNoZero(n)
		for i := 0; i < n; i += streamMin / 2 {
			copy(buf[i:], b[i:min(i+streamMin/2, n)])
		}
		return unsafe.String(&buf[0], n)
	default:
		return string(b)
	}
}

// cloneAligned is cloneString by REP MOVSQ at its full speed: the copy starts
// as far past a 16-byte boundary as b does, that many bytes (up to 15) into
// its allocation, so that after the bytes before the next boundary, copied on
// their own, memmove finds source and destination both aligned. (The
// allocator aligns memory of these sizes to 16 bytes; were it not, the copy
// would be as right and only slower.)
func cloneAligned(b []byte) string {
	n := len(b)
	off := int(uintptr(unsafe.Pointer(&b[0])) & 15)
	buf := makeNoZero(n + off)[off:]
	head := (16 - off) & 15
	copy(buf[:head], b)
	copy(buf[head:], b[head:])
	return unsafe.String(&buf[0], n)
}
