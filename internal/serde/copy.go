package serde

import (
	"slices"
	"unsafe"
)

// copyVecMin is the shortest copy handed to copyVec: below it Go's memmove
// copies in straight-line moves whatever the alignment.
const copyVecMin = 256

// cloneVecMin and cloneVecMax bound the strings cloneString copies with
// copyVec. Below 2048 bytes memmove's vector loop copies into the fresh
// allocation as fast as copyVec would, and string(b) does not zero the
// allocation first; from there on memmove copies into an aligned allocation
// by REP MOVSQ, which is what is slow from a source that is not aligned
// alike. Past 512 KiB zeroing the allocation costs more than that saves
// (measured on a Xeon: 4-13% faster from 4 KiB to 512 KiB, 8% slower at
// 1 MiB, 48% at 16 MiB).
const (
	cloneVecMin = 2048
	cloneVecMax = 512 << 10
)

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

// cloneString returns a string holding a copy of b, as string(b) does, with
// copyVec for a b between cloneVecMin and cloneVecMax bytes long.
func cloneString(b []byte) string {
	if len(b) < cloneVecMin || len(b) > cloneVecMax || !useAVX512 {
		return string(b)
	}
	buf := make([]byte, len(b))
	if !copyVec(buf, b) {
		copy(buf, b)
	}
	return unsafe.String(&buf[0], len(buf))
}
