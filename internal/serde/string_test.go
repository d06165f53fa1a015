package serde

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refScanStr is scanString a byte at a time, with the semantics the decoder
// had before the one-pass scan (and that serde_json has): escapes checked
// as they come, UTF-8 checked over the raw bytes once the closing quote is
// reached and reported at the string's start.
func refScanStr(d *Decoder) (canon, escaped bool, err error) {
	src, start := d.src, d.pos
	canon = true
	for i := d.pos; ; {
		if i >= len(src) {
			d.pos = len(src)
			return false, false, d.fail(EOFString)
		}
		switch c := src[i]; {
		case c == '"':
			d.pos = i + 1
			if !utf8.Valid(src[start:i]) {
				return false, false, d.failAt(start, InvalidUTF8)
			}
			return canon, escaped, nil
		case c == '\\':
			escaped = true
			d.pos = i + 1
			_, cn, err := d.escapeRune()
			if err != nil {
				return false, false, err
			}
			canon = canon && cn
			i = d.pos
		case c < 0x20:
			d.pos = i
			return false, false, d.fail(ControlChar)
		default:
			i++
		}
	}
}

// refDecode is a checked string body's decoded form, a byte at a time.
func refDecode(raw []byte) []byte {
	var out []byte
	for i := 0; i < len(raw); {
		if raw[i] != '\\' {
			out = append(out, raw[i])
			i++
			continue
		}
		c := raw[i+1]
		i += 2
		switch c {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := rune(hexValue(raw[i : i+4]))
			i += 4
			if r >= 0xD800 && r <= 0xDBFF {
				r = (r-0xD800)<<10 | (rune(hexValue(raw[i+2:i+6])) - 0xDC00) + 0x10000
				i += 6
			}
			out = utf8.AppendRune(out, r)
		default:
			out = append(out, c)
		}
	}
	return out
}

// checkDecode decodes src, a string's body after its opening quote, every
// way the decoder reads strings, and compares each with the byte-at-a-time
// reference: the same refusal (reason and offset), the same cursor, the
// same canonical and escaped flags, the same bytes.
func checkDecode(t *testing.T, body string) {
	t.Helper()
	src := []byte(`"` + body)
	ref := NewDecoder(src)
	ref.pos = 1
	wantCanon, wantEsc, wantErr := refScanStr(&ref)

	d := NewDecoder(src)
	d.pos = 1
	canon, esc, err := d.scanStr()
	if wantErr != nil {
		var want, got *Error
		require.ErrorAs(t, wantErr, &want)
		require.ErrorAs(t, err, &got, "%q: want %v", body, wantErr)
		require.Equal(t, want.Reason, got.Reason, "%q", body)
		require.Equal(t, want.Offset, got.Offset, "%q: %v", body, got)
		rd := NewDecoder(src)
		_, err = rd.ReadString()
		require.True(t, errors.As(err, &got) && got.Reason == want.Reason && got.Offset == want.Offset, "%q: ReadString %v", body, err)
		return
	}
	require.NoError(t, err, "%q", body)
	require.Equal(t, ref.pos, d.pos, "%q", body)
	require.Equal(t, wantCanon, canon, "%q canon", body)
	require.Equal(t, wantEsc, esc, "%q escaped", body)
	want := refDecode(src[1 : ref.pos-1])

	rd := NewDecoder(src)
	s, err := rd.ReadString()
	require.NoError(t, err, "%q", body)
	require.Equal(t, string(want), s, "%q", body)
	require.Equal(t, ref.pos, rd.pos, "%q", body)

	for _, scratch := range [][]byte{nil, make([]byte, 0, 4), make([]byte, 3, 1024)} {
		bd := NewDecoder(src)
		bd.pos = 1
		b, esc, err := bd.strBytes(scratch)
		require.NoError(t, err, "%q", body)
		require.Equal(t, wantEsc, esc, "%q", body)
		require.Equal(t, string(want), string(b), "%q", body)
	}
}

// decodePieces are string contents that stop the scan: escapes of every
// kind, raw non-ASCII, invalid UTF-8, and the errors a string can hold.
var decodePieces = func() []string {
	p := []string{
		`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`,
		`\u0041`, `\u00e9`, `\u00E9`, `\u001f`, `\u001F`, `\u0008`, `\u2028`, `\uffff`,
		`\ud83d\ude00`, `\uD83D\uDE00`, `\udbff\udfff`,
		"é", "日", "😀", "\x7f",
		// errors
		"\x01", "\x1f", `\x`, `\u12g4`, `\u12`, `\`, `\udc00`, `\ud800`, `\ud800x`, `\ud800\u0041`, `\ud800\`, `\ud800\n`,
		"\"", // the end, early
	}
	for _, bad := range invalidUTF8 {
		p = append(p, bad.seq)
	}
	return p
}()

// Every piece at every offset of bodies of 1 to 40 bytes, between fillers
// of ASCII, multi-byte text and escapes, so that each lane of the 8-byte
// words, the short and the long scan and the tail loops all see it; then a
// closing quote, or none.
func TestScanStringEveryPosition(t *testing.T) { eachSearch(t, testScanStringEveryPosition) }

func testScanStringEveryPosition(t *testing.T) {
	fillers := []string{"a", "é", `\n`}
	for n := 1; n <= 40; n++ {
		for _, piece := range decodePieces {
			for _, fill := range fillers {
				for pos := 0; pos+len(piece) <= n; pos++ {
					body := pad(fill, pos) + piece
					body += pad("b", n-len(body))
					checkDecode(t, body+`"`)
					checkDecode(t, body+`"tail`)
					checkDecode(t, body)
				}
			}
		}
	}
}

// Long strings: pieces at the edges of the 32-byte steps and of the
// vectorized search's window, in runs long enough to take the long path,
// and invalid UTF-8 followed by the errors that take precedence over it.
func TestScanStringLong(t *testing.T) { eachSearch(t, testScanStringLong) }

func testScanStringLong(t *testing.T) {
	for _, n := range []int{window - 1, window, window + 1, 2*window + 40, 3 * window} {
		for _, at := range []int{0, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, window - 2, window - 1, window, window + 1, n - 1} {
			if at >= n {
				continue
			}
			for _, piece := range decodePieces {
				for _, fill := range []string{"a", "é"} {
					body := pad(fill, at) + piece
					if len(body) < n {
						body += pad("b", n-len(body))
					}
					checkDecode(t, body+`"`)
				}
			}
		}
	}
	long := strings.Repeat("x", 3*window)
	checkDecode(t, "\xff"+long+`"`)
	checkDecode(t, "\xff"+long+"\x01\"")
	checkDecode(t, "\xff"+long+`\q"`)
	checkDecode(t, "\xff"+long)
	checkDecode(t, long+"\xc3\"")
	checkDecode(t, long+`\u00e9`+long+`\n`+long+"\"")
}

// A decoded string costs one allocation: of its length without escapes, of
// its raw length with a few (prose). Where escapes shrink it by more than an
// eighth, it is copied to its exact length: two.
func TestReadStringAllocatesOnce(t *testing.T) {
	for _, tt := range []struct {
		body   string
		allocs float64
	}{
		{strings.Repeat("plain ", 200), 1},
		{strings.Repeat(`Résumé: the p99 latency returned to 180 ms after the rollback — \"watch it\".\n`, 20), 1},
		{strings.Repeat(`Résumé \"naïve\"\n`, 100), 2},
		{strings.Repeat(`\u00e9\\`, 300), 2},
	} {
		body := tt.body
		src := []byte(`"` + body + `"`)
		allocs := testing.AllocsPerRun(20, func() {
			d := NewDecoder(src)
			_, _ = d.ReadString()
		})
		assert.Equal(t, tt.allocs, allocs, "%.20q", body)
		d := NewDecoder(src)
		d.pos = 1
		s, err := d.scanString()
		require.NoError(t, err)
		assert.Equal(t, len(refDecode(src[1:len(src)-1])), s.size, "%.20q", body)
	}
}

// nextStop stops exactly where a byte-at-a-time scan does, from any start,
// across windows, with the cache carried between calls as the scanners
// carry it.
func TestNextStop(t *testing.T) { eachSearch(t, testNextStop) }

func testNextStop(t *testing.T) {
	ref := func(b []byte, i int) int {
		for i < len(b) && stopClass[b[i]] == 0 {
			i++
		}
		return i
	}
	for _, n := range []int{0, 1, 7, 8, 9, 16, 17, 31, 32, 33, 100, window - 1, window, window + 1, 2*window + 5} {
		for _, stop := range []byte{'"', '\\', 0, 0x1f, 0x80, 0xff} {
			for _, at := range []int{0, 1, 7, 8, 15, 16, 17, 24, 31, 32, 40, window - 1, window, window + 1, n - 1} {
				if at < 0 || at >= n {
					continue
				}
				b := []byte(strings.Repeat("q", n))
				b[at] = stop
				if at+5 < n {
					b[at+5] = '"' // a second stop after it, for the cache
				}
				c := newStopCache()
				for i := 0; i <= n; {
					got := nextStop(b, i, &c)
					require.Equal(t, ref(b, i), got, "n=%d stop=%#x at=%d from %d", n, stop, at, i)
					if got == n {
						break
					}
					i = got + 1
				}
			}
		}
	}
}

func FuzzScanString(f *testing.F) {
	for _, s := range []string{`abc"`, `\u00e9\n"`, "\xff\"", `\ud800"`, "é\x01", `\ud83d\ude00"x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) { eachSearch(t, func(t *testing.T) { checkDecode(t, body) }) })
}

// AppendString on long strings: a piece to escape, non-ASCII or invalid
// UTF-8 at the edges of the 32-byte steps and of the search window, and two
// pieces far apart so the cached searches are reused and renewed.
func TestAppendStringLong(t *testing.T) { eachSearch(t, testAppendStringLong) }

func testAppendStringLong(t *testing.T) {
	pieces := []string{"\"", "\\", "\n", "\x01", "\x7f", "é", "日", "😀"}
	for _, bad := range invalidUTF8 {
		pieces = append(pieces, bad.seq)
	}
	for _, n := range []int{window - 1, window + 1, 2*window + 40} {
		for _, at := range []int{0, 16, 17, 31, 32, 33, window - 2, window - 1, window, window + 1, n - 4} {
			for _, piece := range pieces {
				for _, fill := range []string{"a", "é"} {
					in := pad(fill, at) + piece
					in += pad("b", max(0, n-len(in)))
					checkAgainstRef(t, in)
					checkAgainstRef(t, in+"\t"+in)
					// and back: what was written decodes to what went in
					if out, err := AppendString(nil, in); err == nil {
						d := NewDecoder(out)
						s, err := d.ReadString()
						require.NoError(t, err)
						require.Equal(t, in, s)
					}
				}
			}
		}
	}
}

// refSkipStrLax is skipStrLax a byte at a time.
func refSkipStrLax(d *Decoder) error {
	for {
		if d.pos >= len(d.src) {
			return d.fail(EOFString)
		}
		switch c := d.src[d.pos]; {
		case c == '"':
			d.pos++
			return nil
		case c == '\\':
			d.pos++
			if d.pos >= len(d.src) {
				return d.fail(EOFString)
			}
			e := d.src[d.pos]
			d.pos++
			switch e {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if _, err := d.hex4(); err != nil {
					return err
				}
			default:
				return d.failAt(d.pos-1, InvalidEscape)
			}
		case c < 0x20:
			return d.fail(ControlChar)
		default:
			d.pos++
		}
	}
}

// skipStrLax, now a word at a time, stops and refuses exactly where the
// byte-at-a-time scan does, for every piece at every offset.
func TestSkipStrLaxEveryPosition(t *testing.T) {
	for n := 1; n <= 40; n++ {
		for _, piece := range decodePieces {
			for _, fill := range []string{"a", "é", `\n`} {
				for pos := 0; pos+len(piece) <= n; pos++ {
					body := pad(fill, pos) + piece
					body += pad("b", n-len(body))
					for _, src := range []string{`"` + body + `"x`, `"` + body} {
						ref, got := NewDecoder([]byte(src)), NewDecoder([]byte(src))
						ref.pos, got.pos = 1, 1
						wantErr, err := refSkipStrLax(&ref), got.skipStrLax()
						require.Equal(t, wantErr, err, "%q", src)
						require.Equal(t, ref.pos, got.pos, "%q", src)
					}
				}
			}
		}
	}
}

// eachSearch runs f with the vectorized search for long runs, where this
// machine has one, and with the portable search, which every other machine
// runs.
func eachSearch(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	eachKernel(t, &useAVX2, "vector", f)
}

// eachKernel runs f with the kernels *use switches on, where this machine
// has them, and off, as every other machine runs; name labels the subtests.
func eachKernel(t *testing.T, use *bool, name string, f func(t *testing.T)) {
	t.Helper()
	detected := *use
	t.Cleanup(func() { *use = detected })
	for _, on := range []bool{true, false} {
		if on && !detected {
			t.Logf("no %s kernels on this machine: the portable code only", name)
			continue
		}
		*use = on
		t.Run(fmt.Sprintf("%s=%v", name, on), f)
	}
}
