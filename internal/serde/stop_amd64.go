//go:build amd64 && !purego

package serde

// stopIndexAVX2 is the vectorized search vecStop uses: the offset of the
// first stop (quote, backslash, control, non-ASCII) in b's whole 32-byte
// blocks, or their length if there is none. It needs AVX2.
//
//go:noescape
func stopIndexAVX2(b []byte) int

// specialIndexAVX2 is stopIndexAVX2 without the non-ASCII bytes: the offset
// of the first quote, backslash or control in b's whole 32-byte blocks, or
// their length.
//
//go:noescape
func specialIndexAVX2(b []byte) int

// stopBitsAVX2 is stopBits with AVX2, for b of 1 to shortMax bytes, its
// marks exact. It reads 64 bytes: from b's start where they end in the page
// b starts in, else the 64 that end at b's end, which are b's own or lie
// before it in that page. So it reads no page b is not in, and the bytes
// around b leave no mark.
//
//go:noescape
func stopBitsAVX2(b []byte) uint64

// vecStop is nextStop's search for a long run on this processor: the index
// of the first stop at or after i in b, or len(b), and true; false where
// the processor lacks AVX2, and the portable search is used.
func vecStop(b []byte, i int) (int, bool) {
	if !useAVX2 {
		return 0, false
	}
	return wordStop(b, i+stopIndexAVX2(b[i:]), false), true
}

// stopBitsVec is stopBits with AVX2, for b of 1 to shortMax bytes.
func stopBitsVec(b []byte) uint64 { return stopBitsAVX2(b) }

// specialVec returns, with AVX2, the index of the first quote, backslash
// or control at or after i in b, or len(b): the scan past a long string's
// first non-ASCII byte, which leaves UTF-8 to validUTF8Vec.
func specialVec(b []byte, i int) int {
	return wordStop(b, i+specialIndexAVX2(b[i:]), true)
}
