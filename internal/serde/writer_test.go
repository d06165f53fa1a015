package serde

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAppendString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{`say "hi"\`, `"say \"hi\"\\"`},
		{"\b\f\n\r\t", `"\b\f\n\r\t"`},
		{"\x00\x01\x1f", `"\u0000\u0001\u001f"`},
		{"\x7f/", "\"\x7f/\""},
		{"<a & b>", `"<a & b>"`},
		{"\u2028\u2029", "\"\u2028\u2029\""},
		{"café 日本 😀", `"café 日本 😀"`},
		{"\ufffd", "\"\ufffd\""}, // U+FFFD itself is valid
		{"\u07ff\u0800\ud7ff\ue000\uffff\U00010000\U0010ffff", "\"\u07ff\u0800\ud7ff\ue000\uffff\U00010000\U0010ffff\""},
		{"é\n日\"😀\\", `"é\n日\"😀\\"`},
	}
	for _, tt := range tests {
		got, err := AppendString(nil, tt.in)
		require.NoError(t, err, "%q", tt.in)
		assert.Equal(t, tt.want, string(got), "%q", tt.in)
		got, err = AppendString(nil, []byte(tt.in))
		require.NoError(t, err, "%q as bytes", tt.in)
		assert.Equal(t, tt.want, string(got), "%q as bytes", tt.in)
	}
}

// invalidUTF8 are byte sequences no Rust string holds.
var invalidUTF8 = []struct{ name, seq string }{
	{"0xff", "\xff"},
	{"0xfe", "\xfe"},
	{"stray continuation", "\x80"},
	{"stray continuation 0xbf", "\xbf"},
	{"overlong NUL", "\xc0\x80"},
	{"overlong 0xc1", "\xc1\xbf"},
	{"overlong three-byte", "\xe0\x9f\xbf"},
	{"overlong four-byte", "\xf0\x8f\xbf\xbf"},
	{"lone high surrogate (WTF-8)", "\xed\xa0\x80"},
	{"lone low surrogate (WTF-8)", "\xed\xbf\xbf"},
	{"surrogate pair as WTF-8", "\xed\xa0\xbd\xed\xb8\x80"},
	{"past U+10FFFF", "\xf4\x90\x80\x80"},
	{"lead 0xf5", "\xf5\x80\x80\x80"},
	{"truncated two-byte", "\xc3"},
	{"truncated three-byte", "\xe2\x82"},
	{"truncated four-byte", "\xf0\x9f\x98"},
	{"two-byte lead then ASCII", "\xc3A"},
	{"three-byte lead, bad second", "\xe2\x28\xa1"},
	{"three-byte, bad third", "\xe2\x82\x28"},
	{"four-byte, bad fourth", "\xf0\x9f\x98\x28"},
}

func TestAppendStringRefusesInvalidUTF8(t *testing.T) {
	eachSearch(t, testAppendStringRefusesInvalidUTF8)
}

func testAppendStringRefusesInvalidUTF8(t *testing.T) {
	for _, tt := range invalidUTF8 {
		for _, in := range []string{tt.seq, "ab" + tt.seq, tt.seq + "cd", "é" + tt.seq + "日", "\n" + tt.seq + "\"", strings.Repeat("x", 40) + tt.seq + strings.Repeat("y", 40)} {
			require.False(t, utf8.ValidString(in), tt.name)
			dst := []byte("tag")
			got, err := AppendString(dst, in)
			assert.ErrorIs(t, err, ErrInvalidUTF8, "%s: %q", tt.name, in)
			assert.Equal(t, "tag", string(got), "%s: dst is left as it was", tt.name)
			_, err = AppendString(nil, []byte(in))
			assert.ErrorIs(t, err, ErrInvalidUTF8, "%s: %q as bytes", tt.name, in)
		}
	}
}

// refString is AppendString written the slow, obvious way.
func refString(s string) (string, bool) {
	if !utf8.ValidString(s) {
		return "", false
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String(), true
}

func checkAgainstRef(t *testing.T, in string) {
	t.Helper()
	want, ok := refString(in)
	got, err := AppendString([]byte("x"), in)
	if !ok {
		require.ErrorIs(t, err, ErrInvalidUTF8, "%q", in)
		require.Equal(t, "x", string(got), "%q", in)
		return
	}
	require.NoError(t, err, "%q", in)
	require.Equal(t, "x"+want, string(got), "%q", in)
}

// Every piece at every position of strings of 1 to 40 bytes, so each SWAR
// lane and the 8- and 32-byte steps see it at each offset, and the tail
// loop too; in longer strings, on both sides of the short strings' limits
// (shortMax, appendShortMax), at every position near a mask's edge, where a
// multi-byte piece is cut by it, and every eighth elsewhere.
func TestAppendStringEveryPosition(t *testing.T) { eachSearch(t, testAppendStringEveryPosition) }

func testAppendStringEveryPosition(t *testing.T) {
	pieces := []string{"\"", "\\", "\n", "\x01", "\x1f", "\x7f", "é", "日", "😀", "\u2028"}
	for _, bad := range invalidUTF8 {
		pieces = append(pieces, bad.seq)
	}
	fillers := []string{"a", "é", "\t"} // ASCII, multi-byte, and escapes around the piece
	lengths := []int{}
	for n := 1; n <= 40; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, shortMax-1, shortMax, shortMax+1, shortMax+8, 2*shortMax, 2*shortMax+3,
		appendShortMax-1, appendShortMax, appendShortMax+1)
	nearEdge := func(pos, n int) bool {
		k := pos % shortMax
		return n <= 40 || k < 8 || k >= shortMax-8 || pos >= n-8 || pos%8 == 0
	}
	for _, n := range lengths {
		for _, piece := range pieces {
			for _, fill := range fillers {
				for pos := 0; pos+len(piece) <= n; pos++ {
					if !nearEdge(pos, n) {
						continue
					}
					in := pad(fill, pos) + piece
					in += pad("b", n-len(in))
					checkAgainstRef(t, in)
				}
			}
		}
	}
}

// pad is n bytes of fill repeated, completed with 'z' where a multi-byte
// fill does not divide n.
func pad(fill string, n int) string {
	s := strings.Repeat(fill, n/len(fill))
	return s + strings.Repeat("z", n-len(s))
}

// scanPlain returns the index of the first byte in b at or after i that a
// writer cannot copy as it is: a quote, a backslash or a control, which it
// escapes (len(b) if there is none). It checks, in the same pass, that
// everything it passes over is UTF-8, and returns -1 at the first sequence
// that is not. c carries nextStop's searches from one call to the next on
// the same b.
func scanPlain(b []byte, i int, c *stopCache) int {
	for {
		i = nextStop(b, i, c)
		if i == len(b) || b[i] < 0x80 {
			return i
		}
		var ok bool
		if i, ok = validRun(b, i); !ok {
			return -1
		}
	}
}

// refScan is scanPlain a byte at a time: the index of the first byte to
// escape at or after i, len(b) if none, -1 if invalid UTF-8 comes first.
func refScan(b []byte, i int) int {
	for i < len(b) {
		switch c := b[i]; {
		case c == '"' || c == '\\' || c < 0x20:
			return i
		case c < 0x80:
			i++
		default:
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n == 1 {
				return -1
			}
			i += n
		}
	}
	return i
}

// scanPlain stops exactly where a byte-at-a-time scan does.
func TestScanPlain(t *testing.T) { eachSearch(t, testScanPlain) }

func testScanPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("abc xyz\"\\\x00\x1f\x7f\x80\xc3\xa9\xe6\x97\xa5\xff")
	for range 20000 {
		b := make([]byte, rng.IntN(80))
		for i := range b {
			if rng.IntN(8) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				b[i] = 'a' + byte(rng.IntN(26))
			}
		}
		from := 0
		if len(b) > 0 {
			from = rng.IntN(len(b) + 1)
		}
		sc := newStopCache()
		require.Equal(t, refScan(b, from), scanPlain(b, from, &sc), "%q from %d", b, from)
		checkAgainstRef(t, string(b))
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "é\n日", "\xed\xa0\x80", "\xff", strings.Repeat("a", 33) + "\xe2\x82"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { eachSearch(t, func(t *testing.T) { checkAgainstRef(t, s) }) })
}

func TestWriterStringRefusesInvalidUTF8(t *testing.T) {
	w := Writer("{")
	require.NoError(t, w.String("ok"))
	err := w.String("bad \xff")
	assert.ErrorIs(t, err, ErrInvalidUTF8)
	assert.Equal(t, `{"ok"`, string(w), "the writer is left as it was")
}

func TestAppendStringAllocatesNothingWhenRoomy(t *testing.T) {
	buf := make([]byte, 0, 4096)
	long := strings.Repeat("Résumé — \"naïve\" 日本 😀 plain ASCII text\n", 40)
	for _, s := range []string{"short", long, long + "\xff"} {
		assert.Zero(t, testing.AllocsPerRun(50, func() { _, _ = AppendString(buf, s) }), "%.20q", s)
		// The []byte is made outside the measured call: the compiler copies
		// for a []byte(s) whose callee it cannot prove only reads, and the
		// scan's vectorized IndexByte is assembly.
		bs := []byte(s)
		assert.Zero(t, testing.AllocsPerRun(50, func() { _, _ = AppendString(buf, bs) }), "%.20q as bytes", s)
	}
}

// The expected forms are what serde_json (ryu) printed for the same values.
func TestAppendF64(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0.0"},
		{math.Copysign(0, -1), "-0.0"},
		{1, "1.0"},
		{1.5, "1.5"},
		{-0.0000125, "-0.0000125"},
		{1e-5, "0.00001"},
		{1e-4, "0.0001"},
		{1e-7, "1e-7"},
		{1e15, "1000000000000000.0"},
		{1e16, "1e+16"},
		{1.5e300, "1.5e+300"},
		{1.2345678901234567e20, "1.2345678901234567e+20"},
		{123456.789, "123456.789"},
		{5e-324, "5e-324"},
		{math.MaxFloat64, "1.7976931348623157e+308"},
		{math.Inf(1), "null"},
		{math.NaN(), "null"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, string(AppendF64(nil, tt.in)), "%v", tt.in)
	}
}

func TestAppendF32(t *testing.T) {
	tests := []struct {
		in   float32
		want string
	}{
		{0, "0.0"},
		{0.5, "0.5"},
		{1, "1.0"},
		{3, "3.0"},
		{0.1, "0.1"},
		{1e-6, "0.000001"},
		{1e-7, "1e-7"},
		{1e12, "1000000000000.0"},
		{1e13, "1e+13"},
		{math.MaxFloat32, "3.4028235e+38"},
		// 2^-12 is a tie between two shortest forms; serde_json takes the
		// even digit, where Go's strconv (1.26) takes the other.
		{0.000244140625, "0.00024414062"},
		{-0.000244140625, "-0.00024414062"},
		{math.Float32frombits(0x39800001), "0.00024414065"},
		{float32(math.Inf(1)), "null"}, // serde_json writes a non-finite f32 as null
		{float32(math.Inf(-1)), "null"},
		{float32(math.NaN()), "null"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, string(AppendF32(nil, tt.in)), "%v", tt.in)
	}
}

func TestWriterMember(t *testing.T) {
	var w Writer
	w.Byte('{')
	first := true
	w.Member(&first, "a")
	w.U64(1)
	w.Member(&first, "b")
	require.NoError(t, w.String("x"))
	w.Byte('}')
	assert.Equal(t, `{"a":1,"b":"x"}`, string(w))
}

func TestWriterAppendsWithoutAllocatingWhenRoomy(t *testing.T) {
	buf := make([]byte, 0, 256)
	allocs := testing.AllocsPerRun(100, func() {
		w := Writer(buf)
		w.Lit(`{"message":`)
		_ = w.String("a <b> & \"c\"\n")
		w.Byte('}')
		_ = w
	})
	assert.Zero(t, allocs)
}

// BenchmarkAppendString times the fused escape and UTF-8 scan on ASCII,
// prose with some non-ASCII, and text that is all multi-byte.
func BenchmarkAppendString(b *testing.B) {
	for _, bc := range []struct{ name, s string }{
		{"short", "k-1"},
		{"ascii4k", strings.Repeat("The deploy rolled out; error rates rose from 0.2% to 4.7%. ", 68)},
		{"prose4k", strings.Repeat("Résumé: the p99 latency returned to 180 ms after the rollback — \"watch it\".\n", 52)},
		{"mixed", "café 日本 😀 Привет, мир! naïve résumé"},
		{"cjk", strings.Repeat("日本語のテキスト", 8)},
	} {
		buf := make([]byte, 0, 2*len(bc.s)+2)
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.s)))
			for b.Loop() {
				buf, _ = AppendString(buf[:0], bc.s)
			}
		})
	}
}

// Writer.Value and Writer.Object refuse a zero value and one that would
// pass the nesting limit where it stands; a short value is never scanned.
func TestWriterValue(t *testing.T) {
	r, err := parseRaw([]byte(nest(100, "")))
	require.NoError(t, err)
	for level, want := range map[int]error{0: nil, 27: nil, 28: ErrTooDeep, 200: ErrTooDeep} {
		w := Writer("x")
		err := w.Value(r, level)
		if want == nil {
			require.NoError(t, err, level)
			assert.Equal(t, "x"+string(r.Bytes()), string(w))
			continue
		}
		assert.ErrorIs(t, err, want, level)
		assert.Equal(t, "x", string(w), "left as it was")
	}
	w := Writer("x")
	assert.ErrorIs(t, w.Value(Raw{}, 0), ErrNoValue)
	assert.ErrorIs(t, w.Object(Object{}, 0), ErrNoValue)
	o, err := parseObject([]byte(`{"a":[1]}`))
	require.NoError(t, err)
	require.NoError(t, w.Object(o, MaxDepth-2))
	assert.ErrorIs(t, w.Object(o, MaxDepth-1), ErrTooDeep)
	assert.Equal(t, `x{"a":[1]}`, string(w))
}
