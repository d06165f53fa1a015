package wire

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
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
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, string(AppendString(nil, tt.in)), "%q", tt.in)
		assert.Equal(t, tt.want, string(AppendString(nil, []byte(tt.in))), "%q as bytes", tt.in)
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
		{float32(math.Inf(1)), "null"},
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
	w.String("x")
	w.Byte('}')
	assert.Equal(t, `{"a":1,"b":"x"}`, string(w))
}

func TestWriterAppendsWithoutAllocatingWhenRoomy(t *testing.T) {
	buf := make([]byte, 0, 256)
	allocs := testing.AllocsPerRun(100, func() {
		w := Writer(buf)
		w.Lit(`{"message":`)
		w.String("a <b> & \"c\"\n")
		w.Byte('}')
		_ = w
	})
	assert.Zero(t, allocs)
}
