package serde

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// eachCopy runs f with copyVec's kernel, where this machine has one, and
// with the built-in copy alone, which every other machine runs.
func eachCopy(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	eachKernel(t, &useAVX512, "avx512", f)
}

// copyLengths are the lengths the copy tests try: every one around the
// kernel's steps, and some long ones.
func copyLengths() []int {
	var ns []int
	for n := 0; n <= 2*copyVecMin+300; n++ {
		ns = append(ns, n)
	}
	return append(ns, 2047, 2048, 2049, 4096+13, 16941, 70000)
}

func TestCopyVecAgainstCopy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	src := make([]byte, 70000+128)
	for i := range src {
		src[i] = byte(rng.Uint32())
	}
	eachCopy(t, func(t *testing.T) {
		buf := make([]byte, 70000+256)
		for _, n := range copyLengths() {
			for _, offs := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {63, 1}, {17, 40}, {64, 3}, {5, 64}} {
				d, s := offs[0], offs[1]
				if n > 2000 && d+s > 1 && d != 63 { // the long ones at fewer alignments
					continue
				}
				for i := range buf {
					buf[i] = 0xEE
				}
				want := src[s : s+n]
				copied := copyVec(buf[d:d+n], want)
				require.Equal(t, useAVX512 && n >= copyVecMin, copied, "n=%d: copyVec's choice", n)
				if !copied {
					continue
				}
				require.True(t, bytes.Equal(want, buf[d:d+n]), "n=%d dst+%d src+%d: the bytes", n, d, s)
				require.Equal(t, bytes.Repeat([]byte{0xEE}, d), buf[:d], "n=%d: wrote before dst", n)
				require.Equal(t, bytes.Repeat([]byte{0xEE}, 64), buf[d+n:d+n+64], "n=%d: wrote past dst", n)
			}
		}
	})
}

func TestCopyVecRefusesOverlapAndShortDst(t *testing.T) {
	eachCopy(t, func(t *testing.T) {
		b := bytes.Repeat([]byte("0123456789abcdef"), 128)
		require.False(t, copyVec(b[1:], b[:600]), "overlapping ranges are memmove's")
		require.False(t, copyVec(b[599:1199], b[:600]), "dst's first byte is src's last")
		require.False(t, copyVec(b[:600], b[599:1199]), "src's first byte is dst's last")
		require.False(t, copyVec(make([]byte, 300), b[:600]), "dst shorter than src")
		require.Equal(t, useAVX512, copyVec(b[600:1200], b[:600]), "adjacent, not overlapping")
		require.Equal(t, useAVX512, copyVec(b[:300], b[300:600]), "adjacent, src above")
	})
}

func TestAppendBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	src := make([]byte, 600<<10)
	for i := range src {
		src[i] = byte(rng.Uint32())
	}
	eachCopy(t, func(t *testing.T) {
		for _, n := range []int{0, 1, copyVecMin - 1, copyVecMin, 1000, repMovsMin - 1, repMovsMin, 16941, 512 << 10} {
			for _, head := range []int{0, 1, 7} {
				b := src[head : head+n]
				// Into a buffer with room, and into one that must grow.
				for _, room := range []int{0, n + 64} {
					dst := append(make([]byte, 0, head+room), src[:head]...)
					got := AppendBytes(dst, b)
					require.Equal(t, append(append(make([]byte, 0), src[:head]...), b...), got, "n=%d head=%d room=%d", n, head, room)
				}
			}
		}
	})
}

// TestCloneString tries each way cloneString may copy (whatever memmove
// does on this machine: the choices are only of where the copy lands, where
// it is cut and whether REP MOVSB makes it) at the lengths where its choice
// changes, from every offset past a 16-byte boundary.
func TestCloneString(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	src := make([]byte, cacheCopyMax+64)
	for i := range src {
		src[i] = byte(rng.Uint32())
	}
	repMovs, byBytes, streams := memmoveRepMovs, memmoveByBytes, memmoveStreams
	t.Cleanup(func() { memmoveRepMovs, memmoveByBytes, memmoveStreams = repMovs, byBytes, streams })
	for m := range 8 {
		mode := [3]bool{m&1 != 0, m&2 != 0, m&4 != 0}
		memmoveRepMovs, memmoveByBytes, memmoveStreams = mode[0], mode[1], mode[2]
		t.Run(fmt.Sprintf("repmovs=%v,bybytes=%v,streams=%v", mode[0], mode[1], mode[2]), func(t *testing.T) {
			for _, n := range []int{0, 1, repMovsMin - 1, repMovsMin, repMovsbMin - 1, repMovsbMin, 16941, streamMin/2 - 1, streamMin/2 + 1,
				streamMin - 1, streamMin, streamMin + 1, 3 * streamMin / 2, cacheCopyMax - 1, cacheCopyMax, cacheCopyMax + 1} {
				for head := range 16 {
					b := src[head : head+n]
					s := cloneString(b)
					require.Equal(t, len(b), len(s), "n=%d head=%d", n, head)
					require.True(t, string(b) == s, "n=%d head=%d: the bytes", n, head)
					if mode[0] && n >= repMovsMin {
						from, to := uintptr(unsafe.Pointer(&b[0])), uintptr(unsafe.Pointer(unsafe.StringData(s)))
						require.Equal(t, from%16, to%16, "n=%d head=%d: the copy is as far past a 16-byte boundary as the source", n, head)
					}
				}
			}
			s := cloneString(src[:streamMin])
			src[0]++
			require.NotEqual(t, s[0], src[0], "cloneString copies: changing the source leaves the string")
		})
	}
}
