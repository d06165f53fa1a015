//go:build amd64 && !purego

package serde

// The processor's features, read once at start-up: the one place the engine
// looks at them. Only features are read, never a vendor or a model.

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)

// hasAVX2 reports whether the processor has AVX2 and the operating system
// saves the YMM registers across switches.
func hasAVX2() bool {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	if _, _, ecx1, _ := cpuid(1, 0); ecx1&(1<<23) == 0 || !hasAVX() { // POPCNT
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}

// hasAVX reports whether the processor has AVX and the operating system
// saves the YMM registers across switches, as the runtime's
// cpu.X86.HasAVX does.
func hasAVX() bool {
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&(osxsave|avx) != osxsave|avx {
		return false
	}
	xcr0, _ := xgetbv()
	return xcr0&6 == 6 // XMM and YMM state
}

// useAVX2 is set at start-up from the processor's features, and never
// changed after but by the tests, which switch it off to run the portable
// paths on this machine too.
var useAVX2 = hasAVX2()
