package serde

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// The vectorized UTF-8 check agrees with utf8.Valid (which refuses what
// Rust's str refuses) on every three-byte string, placed across a 32-byte
// block's edge and at the end, and on random mixes of sequences with
// random damage.
func TestValidUTF8Vec(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 here: the portable check only")
	}
	// Across the first blocks' edge, across the last whole block's edge
	// into the tail utf8.Valid checks, and in that tail; the whole buffer
	// checked each time, so that the blocks after a cut sequence are seen.
	// Under the race detector, two places, and the third byte from a
	// sample of its classes.
	b := []byte(strings.Repeat("a", 100))
	thirds := make([]int, 0, 256)
	for z := range 256 {
		if !raceBuild || z%16 == 0 || z%16 == 15 || z >= 0xF0 {
			thirds = append(thirds, z)
		}
	}
	places := []int{29, 30, 31, 62, 93}
	if raceBuild {
		places = []int{30, 62}
	}
	for _, at := range places {
		for x := range 256 {
			for y := range 256 {
				for _, z := range thirds {
					b[at], b[at+1], b[at+2] = byte(x), byte(y), byte(z)
					if got, want := validUTF8Vec(b), utf8.Valid(b); got != want {
						t.Fatalf("%x %x %x at %d: %v, want %v", x, y, z, at, got, want)
					}
					if x >= 0xF0 {
						// A fourth byte for the four-byte leads.
						b[at+3] = 0x80 | byte(z)&0x3F
						require.Equal(t, utf8.Valid(b), validUTF8Vec(b), "%x %x %x %x at %d", x, y, z, b[at+3], at)
						b[at+3] = 'a'
					}
				}
			}
		}
		b[at], b[at+1], b[at+2] = 'a', 'a', 'a'
	}
	pieces := []string{"a", "é", "—", "日", "😀", "\u0080", "\u07ff", "\u0800", "\uffff", "\U00010000", "\U0010ffff", "\ud7ff", "\ue000"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		var sb strings.Builder
		for n := r.IntN(40); n > 0; n-- {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := []byte(sb.String())
		if len(s) > 0 && r.IntN(2) == 0 {
			s[r.IntN(len(s))] = byte(r.UintN(256))
		}
		require.Equal(t, utf8.Valid(s), validUTF8Vec(s), "%q", s)
	}
}

// Strings of random pieces (runs of ASCII of every length, non-ASCII,
// every kind of escape, now and then a bad escape, a raw control or a
// broken sequence) decode and fail as the byte-at-a-time reference does,
// with either search: the vectorized unescaping, which takes 32 bytes a
// step and short escapes inside them, meets every piece at every offset of
// its steps.
func TestDecodeRandomPieces(t *testing.T) {
	good := []string{"a", "bcdefgh", strings.Repeat("x", 31), strings.Repeat("y", 33), strings.Repeat("z", 70),
		"é", "—", "日本", "😀", `\n`, `\"`, `\\`, `\/`, `\b`, `\f`, `\r`, `\t`, `\u00e9`, `\u0001`, `\uD83D\uDE00`, `\u2028`}
	bad := []string{`\x`, `\u12`, `\uD800x`, "\x01", "\xff", "\xe2\x82", `\`}
	eachSearch(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		for range randomRounds() {
			s := randomPieces(r, good)
			if r.IntN(8) == 0 {
				at := r.IntN(len(s) + 1)
				s = s[:at] + bad[r.IntN(len(bad))] + s[at:]
			}
			checkDecode(t, s+`",1`)
		}
	})
}

// randomRounds is how many random strings a test of them tries: fewer
// under the race detector.
func randomRounds() int {
	if raceBuild {
		return 2000
	}
	return 20000
}

// randomPieces joins up to 29 pieces drawn at random.
func randomPieces(r *rand.Rand, pieces []string) string {
	var sb strings.Builder
	for k := r.IntN(30); k > 0; k-- {
		sb.WriteString(pieces[r.IntN(len(pieces))])
	}
	return sb.String()
}

// AppendString writes random pieces as the byte-at-a-time reference
// writer does, with either search, into buffers with no room, exactly
// enough room, and more.
func TestAppendRandomPieces(t *testing.T) {
	pieces := []string{"a", "bcdefgh", strings.Repeat("x", 31), strings.Repeat("y", 33), strings.Repeat("z", 70),
		"é", "—", "日本", "😀", "\n", "\"", "\\", "/", "\b", "\f", "\r", "\t", "\x00", "\x01", "\x1f", "\x7f", "\u2028"}
	eachSearch(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		for range randomRounds() {
			s := randomPieces(r, pieces)
			checkAgainstRef(t, s)
			want, err := AppendString(nil, s)
			require.NoError(t, err)
			exact := make([]byte, 2, 2+len(want))
			got, err := AppendString(exact, s)
			require.NoError(t, err)
			require.Equal(t, want, got[2:], "%q", s)
			require.Equal(t, &exact[:1][0], &got[:1][0], "%q: written in place", s)
		}
	})
}
