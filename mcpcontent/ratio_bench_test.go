package mcpcontent

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/diverge-network/diverge-sdk-go/internal/cputime"
)

// BenchmarkDecodeTextRatio decodes a text block of ASCII, prose (the
// textBlock line: about 3.6% of bytes escaped, 8% not ASCII) or
// escape-heavy text beside utf8.Valid over the same payload, so that the
// decode-to-validate ratio can be read off one run.
func BenchmarkDecodeTextRatio(b *testing.B) {
	lines := []struct{ name, line string }{
		{"ascii", "The deploy rolled out; error rates rose from 0.2% to 4.7% within the hour. "},
		{"prose", "Résumé: the p99 latency returned to 180 ms after the rollback — \"watch it\".\n"},
		{"escapes", "{\"id\":\"a1\",\"tags\":[\"x\",\"y\"],\n\t\"path\":\"C:\\\\tmp\\\\log\"}\n"},
	}
	for _, l := range lines {
		for _, size := range []int{1 << 10, 64 << 10, 1 << 20} {
			body := strings.Repeat(l.line, size/len(l.line)+1)[:size]
			for !utf8.ValidString(body) {
				body = body[:len(body)-1]
			}
			payload, err := EncodeBlockJSON(nil, &Text{Text: body})
			if err != nil {
				b.Fatal(err)
			}
			prefix := fmt.Sprintf("%s/%dKiB/", l.name, size>>10)
			b.Run(prefix+"decode", func(b *testing.B) {
				b.SetBytes(int64(len(payload)))
				b.ReportAllocs()
				cputime.Loop(b, func() {
					if _, err := DecodeBlockJSON(payload); err != nil {
						b.Fatal(err)
					}
				})
			})
			b.Run(prefix+"valid", func(b *testing.B) {
				b.SetBytes(int64(len(payload)))
				cputime.Loop(b, func() {
					if !utf8.Valid(payload) {
						b.Fatal("invalid")
					}
				})
			})
		}
	}
}
