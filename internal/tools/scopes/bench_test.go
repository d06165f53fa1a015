package scopes

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

// benchVectors is every ok vector of the bench set and the public set.
func benchVectors(b *testing.B) []golden.Vector {
	var out []golden.Vector
	for _, file := range golden.Files()[:2] {
		for _, v := range golden.Load(b, file) {
			if v.Expect == "ok" {
				out = append(out, v)
			}
		}
	}
	return out
}

// BenchmarkDecode times every scope's decode on the bench and public
// vectors, through the same loops `divergewire bench` times.
func BenchmarkDecode(b *testing.B) { benchOps(b, func(o Ops) func(int) { return o.Decode }) }

// BenchmarkEncode times every scope's encode into a reused buffer.
func BenchmarkEncode(b *testing.B) { benchOps(b, func(o Ops) func(int) { return o.Encode }) }

func benchOps(b *testing.B, pick func(Ops) func(int)) {
	for _, v := range benchVectors(b) {
		s, ok := Lookup(v.Scope)
		if !ok {
			b.Fatalf("unknown scope %s", v.Scope)
		}
		payload := golden.Unhex(b, v.Hex)
		ops, err := s.Ops(payload)
		if err != nil {
			b.Fatalf("%s: %v", v.Name, err)
		}
		run := pick(ops)
		b.Run(v.Name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(payload)))
			b.ResetTimer()
			run(b.N)
		})
	}
}
