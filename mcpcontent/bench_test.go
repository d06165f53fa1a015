package mcpcontent

import (
	"fmt"
	"strings"
	"testing"
)

// textBlock is a text block of about n bytes of prose: ASCII with some
// non-ASCII and an escape per line, as real messages have.
func textBlock(n int) []byte {
	line := "Résumé: the p99 latency returned to 180 ms after the rollback — \"watch it\".\n"
	var b strings.Builder
	b.WriteString(`{"type":"text","text":`)
	body := strings.Repeat(line, n/len(line)+1)[:n]
	b.Write(appendQuoted(body))
	b.WriteString("}")
	return []byte(b.String())
}

func appendQuoted(s string) []byte {
	b, _ := EncodeBlockJSON(nil, &Text{Text: s})
	return b[len(`{"type":"text","text":`) : len(b)-1]
}

// BenchmarkDecodeText shows that decoding cost grows linearly with size:
// compare ns/byte across 1 KiB, 64 KiB and 1 MiB.
func BenchmarkDecodeText(b *testing.B) {
	for _, size := range []int{1 << 10, 64 << 10, 1 << 20} {
		payload := textBlock(size)
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(payload)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := DecodeBlockJSON(payload); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(payload)), "ns/byte")
		})
	}
}
