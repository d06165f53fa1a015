//go:build amd64 && !purego

package serde

// stopIndexAVX2 is the vectorized search vecStop uses: the offset of the
// first stop (quote, backslash, control, non-ASCII) in b's whole 32-byte
// blocks, or their length if there is none. It needs AVX2.
//
//go:noescape
func stopIndexAVX2(b []byte) int

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)

// hasAVX2 reports whether the processor has AVX2 and the operating system
// saves the YMM registers across switches.
func hasAVX2() bool {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&(osxsave|avx) != osxsave|avx {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 { // XMM and YMM state
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}

// useAVX2 is fixed at start-up from the processor's features; read only.
var useAVX2 = hasAVX2()

// vecStop is nextStop's search for a long run on this processor: the index
// of the first stop at or after i in b, or len(b), and true; false where
// the processor lacks AVX2, and the portable search is used.
func vecStop(b []byte, i int) (int, bool) {
	if !useAVX2 {
		return 0, false
	}
	j := i + stopIndexAVX2(b[i:])
	for j < len(b) && stopClass[b[j]] == 0 {
		j++
	}
	return j, true
}
