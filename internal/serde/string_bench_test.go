package serde

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/diverge-network/diverge-sdk-go/internal/cputime"
)

// benchTexts are the string bodies the ratio benchmarks time: plain ASCII,
// prose (about 3.6% of bytes escaped and 8% not ASCII, as the mcpcontent
// text block has) and text that is mostly escapes' neighbours (JSON quoted
// inside JSON, tabs and newlines).
var benchTexts = []struct{ name, line string }{
	{"ascii", "The deploy rolled out; error rates rose from 0.2% to 4.7% within the hour. "},
	{"prose", "Résumé: the p99 latency returned to 180 ms after the rollback — \"watch it\".\n"},
	{"escapes", "{\"id\":\"a1\",\"tags\":[\"x\",\"y\"],\n\t\"path\":\"C:\\\\tmp\\\\log\"}\n"},
}

var benchSizes = []int{1 << 10, 64 << 10, 1 << 20}

// benchText is about n bytes of line repeated, cut at a character boundary.
func benchText(line string, n int) string {
	s := strings.Repeat(line, n/len(line)+1)[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// BenchmarkStringRatio times, on the same bytes, decoding a JSON string
// (ReadString) beside utf8.Valid over its quoted form, and encoding one
// (AppendString) beside a plain copy, so that the ratios can be read off one
// run: compare decode with valid and encode with copy within each group.
func BenchmarkStringRatio(b *testing.B) {
	for _, tt := range benchTexts {
		for _, size := range benchSizes {
			s := benchText(tt.line, size)
			quoted, err := AppendString(nil, s)
			if err != nil {
				b.Fatal(err)
			}
			buf := make([]byte, 0, len(quoted))
			prefix := fmt.Sprintf("%s/%dKiB/", tt.name, size>>10)
			b.Run(prefix+"decode", func(b *testing.B) {
				b.SetBytes(int64(len(quoted)))
				b.ReportAllocs()
				cputime.Loop(b, func() {
					d := NewDecoder(quoted)
					if _, err := d.ReadString(); err != nil {
						b.Fatal(err)
					}
				})
			})
			b.Run(prefix+"valid", func(b *testing.B) {
				b.SetBytes(int64(len(quoted)))
				cputime.Loop(b, func() {
					if !utf8.Valid(quoted) {
						b.Fatal("invalid")
					}
				})
			})
			b.Run(prefix+"encode", func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				b.ReportAllocs()
				cputime.Loop(b, func() {
					buf, _ = AppendString(buf[:0], s)
				})
			})
			b.Run(prefix+"copy", func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				cputime.Loop(b, func() {
					buf = append(buf[:0], s...)
				})
			})
		}
	}
}

// BenchmarkManyStrings decodes an array of 20,000 strings of one length and
// no backslash: the frame shape where each string's search past shortWords
// (a window ahead for a backslash, without AVX2) costs more than the string.
func BenchmarkManyStrings(b *testing.B) {
	for _, n := range []int{12, 24, 40, 100} {
		item := `"` + strings.Repeat("a", n) + `"`
		src := []byte("[" + strings.Repeat(item+",", 19999) + item + "]")
		b.Run(fmt.Sprintf("%dB", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			cputime.Loop(b, func() {
				d := NewDecoder(src)
				if err := d.Array(func() error { _, err := d.ReadString(); return err }); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkUnescape times unescape, which decodes the strings that
// strBytes reads (names, strings inside raw values), on text dense with
// escapes (benchTexts' escapes and prose, 64 KiB each) and on plain runs of
// 200 bytes, 1,000 bytes and 64 KiB after an escape.
func BenchmarkUnescape(b *testing.B) {
	run := func(n, times int) string { return strings.Repeat(`\n`+strings.Repeat("a", n), times) }
	texts := []struct{ name, raw string }{
		{"run200", run(200, 300)},
		{"run1000", run(1000, 64)},
		{"run64KiB", run(64<<10, 1)},
	}
	for _, tt := range benchTexts[1:] {
		quoted, err := AppendString(nil, benchText(tt.line, 64<<10))
		if err != nil {
			b.Fatal(err)
		}
		texts = append(texts, struct{ name, raw string }{tt.name, string(quoted[1 : len(quoted)-1])})
	}
	for _, tt := range texts {
		d := NewDecoder([]byte(tt.raw + `"`))
		s, err := d.scanString()
		if err != nil {
			b.Fatal(err)
		}
		raw := []byte(tt.raw)
		buf := make([]byte, 0, s.size)
		b.Run(tt.name, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			cputime.Loop(b, func() { buf = unescape(buf[:0], raw, s.firstEsc, s.size) })
		})
	}
}
