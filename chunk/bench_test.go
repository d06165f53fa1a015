package chunk_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

// kindPayloads is each kind's full example of the public set
// (chunk.ok.<type>.full: every member the kind has), by type.
func kindPayloads(b *testing.B) map[string][]byte {
	out := map[string][]byte{}
	for _, v := range golden.Of(b, "begin.chunk") {
		for _, typ := range chunk.Types() {
			if v.Name == "chunk.ok."+typ+".full" {
				out[typ] = v.Payload(b)
			}
		}
	}
	if len(out) != len(chunk.Types()) {
		b.Fatalf("full examples for %d kinds of %d", len(out), len(chunk.Types()))
	}
	return out
}

// BenchmarkDecode decodes each kind's full example.
func BenchmarkDecode(b *testing.B) {
	payloads := kindPayloads(b)
	for _, typ := range chunk.Types() {
		p := payloads[typ]
		b.Run(typ, func(b *testing.B) {
			b.SetBytes(int64(len(p)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := chunk.DecodeJSON(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncode encodes each kind's full example into a reused buffer.
func BenchmarkEncode(b *testing.B) {
	payloads := kindPayloads(b)
	for _, typ := range chunk.Types() {
		c, err := chunk.DecodeJSON(payloads[typ])
		if err != nil {
			b.Fatal(err)
		}
		b.Run(typ, func(b *testing.B) {
			buf := make([]byte, 0, 2*len(payloads[typ]))
			b.SetBytes(int64(len(payloads[typ])))
			b.ReportAllocs()
			for b.Loop() {
				if buf, err = c.EncodeJSON(buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
