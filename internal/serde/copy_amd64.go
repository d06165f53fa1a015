//go:build amd64 && !purego

package serde

import (
	"encoding/binary"
	"unsafe"
)

// copyAVX512 copies n >= 64 bytes from src to dst, which must not overlap,
// with 64-byte stores to aligned addresses. It needs AVX-512F.
//
//go:noescape
func copyAVX512(dst, src *byte, n int)

// hasAVX512 reports whether the processor has AVX-512F and the operating
// system saves the opmask and the whole ZMM registers across switches.
func hasAVX512() bool {
	if !hasAVX2() { // also: CPUID leaf 7 exists, the OS saves YMM
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&0xE6 != 0xE6 { // XMM, YMM, opmask, ZMM
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<16) != 0
}

// useAVX512 is set at start-up like useAVX2, and switched off only by the
// tests.
var useAVX512 = hasAVX512()

// copyVec copies src into dst[:len(src)] as the built-in copy would, with
// copyAVX512 where it helps; false where it does not, and the caller copies.
// Go's memmove stores to unaligned addresses when dst is not aligned, which
// on some processors runs at half its aligned speed, and a relayed body, one
// tag byte into its buffer, never is.
func copyVec(dst, src []byte) bool {
	n := len(src)
	if !useAVX512 || n < copyVecMin || len(dst) < n {
		return false
	}
	d, s := uintptr(unsafe.Pointer(&dst[0])), uintptr(unsafe.Pointer(&src[0]))
	if d < s+uintptr(n) && s < d+uintptr(n) {
		return false // overlapping: memmove's job
	}
	copyAVX512(&dst[0], &src[0], n)
	return true
}

// fastStrings reports whether the processor is the vendor's (its CPUID
// vendor string, such as "GenuineIntel") and has ERMS and FSRM, the fast
// REP MOVS of both long and short copies.
func fastStrings(vendor string) bool {
	maxID, ebx, ecx, edx := cpuid(0, 0)
	var id [12]byte
	binary.LittleEndian.PutUint32(id[0:], ebx)
	binary.LittleEndian.PutUint32(id[4:], edx)
	binary.LittleEndian.PutUint32(id[8:], ecx)
	if string(id[:]) != vendor || maxID < 7 {
		return false
	}
	_, ebx7, _, edx7 := cpuid(7, 0)
	const erms, fsrm = 1 << 9, 1 << 4
	return ebx7&erms != 0 && edx7&fsrm != 0
}

// memmoveRepMovs is the runtime's own choice (runtime/cpuflags_amd64.go):
// on an Intel processor with ERMS and FSRM, memmove copies 2048 bytes or
// more into a 16-byte-aligned destination by REP MOVSQ.
var memmoveRepMovs = fastStrings("GenuineIntel")

// copyRepMovsb copies n bytes from src to dst, which must not overlap, by
// REP MOVSB.
//
//go:noescape
func copyRepMovsb(dst, src *byte, n int)

// memmoveByBytes is whether cloneString copies by REP MOVSB: on an AMD
// processor with ERMS and FSRM, where the runtime's memmove copies by AVX
// moves instead and REP MOVSB writes into memory not in the caches faster.
var memmoveByBytes = fastStrings("AuthenticAMD")

// memmoveStreams is whether memmove has AVX, and so writes a copy of
// streamMin bytes or more with non-temporal stores.
var memmoveStreams = hasAVX()
