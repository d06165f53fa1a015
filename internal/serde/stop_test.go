package serde

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// stopEdges are the bytes on either side of each boundary the stop tests
// draw: quote, backslash, 0x20 and 0x80.
var stopEdges = []byte{0, 1, 0x1f, 0x20, 0x21, '"', 0x23, 0x5b, '\\', 0x5d, 0x7e, 0x7f, 0x80, 0x81, 0xa0, 0xa2, 0xdc, 0xfe, 0xff, 'a'}

// stopByte is a random byte, half the time one of stopEdges.
func stopByte(rng *rand.Rand) byte {
	if rng.IntN(2) == 0 {
		return stopEdges[rng.IntN(len(stopEdges))]
	}
	return byte(rng.Uint32())
}

// exactStops is stopBits a byte at a time, from stopClass.
func exactStops(b []byte) uint64 {
	var m uint64
	for k, c := range b {
		if stopClass[c] != 0 {
			m |= 1 << k
		}
	}
	return m
}

// stopMask's lowest mark is the first stop of the word, and it marks
// nothing but high bits.
func TestStopMaskLowest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 1_000_000
	if raceBuild {
		n = 50_000
	}
	for range n {
		var b [8]byte
		for k := range b {
			b[k] = stopByte(rng)
		}
		want := min(bits.TrailingZeros64(exactStops(b[:])), 8)
		m := stopMask(binary.LittleEndian.Uint64(b[:]))
		if bits.TrailingZeros64(m)/8 != want || m&^highs != 0 {
			require.Failf(t, "stopMask", "% x: marks %#x, first stop at %d", b, m, want)
		}
	}
}

// stopBits marks every stop of strings of 1 to shortMax bytes, and beyond
// them only bytes above a stop of the same word; with AVX2 it marks exactly
// the stops, for strings that start and end anywhere in a page (the kernel
// reads the 64 bytes around them within the page).
func TestStopBits(t *testing.T) {
	page := make([]byte, 3<<12)
	base := (4096 - int(uintptr(unsafe.Pointer(&page[0]))&4095)) & 4095
	page = page[base : base+2<<12] // two pages, the first one aligned
	rng := rand.New(rand.NewPCG(3, 4))
	rounds := 40
	if raceBuild {
		rounds = 4
	}
	for r := range rounds {
		// Dense stops, then sparse ones among plain letters.
		for i := range page {
			if page[i] = 'a' + byte(i%26); r%2 == 0 || rng.IntN(40) == 0 {
				page[i] = stopByte(rng)
			}
		}
		for n := 1; n <= shortMax; n++ {
			// Starts at a page's beginning, in its middle, in its last 64
			// bytes (the kernel then reads back from b's end), and ends at
			// the page's end.
			for _, at := range []int{4096, 4096 + 2000, 4096 - 64, 4096 - 63, 4096 - 1, 2<<12 - n} {
				if at+n > len(page) {
					continue
				}
				b := page[at : at+n : at+n]
				want := exactStops(b)
				got := stopBits(b)
				require.Equal(t, want, got&want, "stopBits % x: a stop unmarked", b)
				for extra := got &^ want; extra != 0; extra &= extra - 1 {
					k := bits.TrailingZeros64(extra)
					w := k &^ 7
					require.NotZero(t, want>>w&(1<<(k-w)-1), "stopBits % x: byte %d marked, no stop below it in its word", b, k)
				}
				if useAVX2 {
					require.Equal(t, want, stopBitsVec(b), "stopBitsVec % x at %d", b, at)
				}
			}
		}
	}
}

// TestPlainRunAgainstBytes checks plainRun (its word steps and its tail)
// against a byte-at-a-time search, on short inputs of every kind of byte at
// every start and limit: stops before, at and after the start, quotes
// before plain bytes that a borrow could mark, inputs under 8 bytes.
func TestPlainRunAgainstBytes(t *testing.T) {
	kinds := []byte{'a', '#', ' ', '!', ']', '"', '\\', 0x1F, 0x00, 0x7F, 0x80, 0xC3, 0xFF, '/', 'z'}
	ref := func(src []byte, j, limit int) int {
		end := min(len(src), j+limit)
		for j < end && strClass[src[j]] == plain {
			j++
		}
		return j
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n <= 24; n++ {
		for range 400 {
			src := make([]byte, n)
			for i := range src {
				src[i] = kinds[rng.IntN(len(kinds))]
			}
			for j := 0; j <= n; j++ {
				for _, limit := range []int{0, 1, 3, 7, 8, 9, 15, 16, 256} {
					require.Equal(t, ref(src, j, limit), plainRun(src, j, limit), "%q from %d, limit %d", src, j, limit)
				}
			}
		}
	}
}
