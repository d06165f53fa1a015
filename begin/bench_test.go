package begin

import (
	"bytes"
	"testing"
)

// chunk16K is a chunk's JSON of 16 KiB, as an agent's server sends one.
var chunk16K = func() []byte {
	text := bytes.Repeat([]byte("The deploy rolled out; error rates rose from 0.2% to 4.7%. "), 16<<10/60)
	b := []byte(`{"type":"assistant_text_content","text":"`)
	b = append(b, text...)
	b = append(b, `","_meta":{"seq":1843}}`...)
	return b
}()

// BenchmarkRelayChunk frames a pre-encoded 16 KiB chunk behind its tag, as
// a relay does, into a buffer with room; BenchmarkRelayCopy is a plain copy
// of the same bytes, the yardstick.
func BenchmarkRelayChunk(b *testing.B) {
	dst := make([]byte, 0, len(chunk16K)+1)
	b.SetBytes(int64(len(chunk16K)))
	b.ReportAllocs()
	for b.Loop() {
		dst = AppendChunk(dst[:0], chunk16K)
	}
}

func BenchmarkRelayCopy(b *testing.B) {
	dst := make([]byte, len(chunk16K))
	b.SetBytes(int64(len(chunk16K)))
	b.ReportAllocs()
	for b.Loop() {
		copy(dst, chunk16K)
	}
}
