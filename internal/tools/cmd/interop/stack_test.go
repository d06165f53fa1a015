package main

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
)

func okHex(s string) string { return "ok " + hex.EncodeToString([]byte(s)) }

func TestKnownStackDiff(t *testing.T) {
	tests := []struct {
		name, input, rust, goAnswer, want string
	}{
		{"plus in exponent", `{"a":1e16}`, okHex(`{"a":1e16}`), okHex(`{"a":1e+16}`), "float-exponent-plus"},
		{"plus in f32 exponent", `{"p":1e13}`, okHex(`{"p":3.4028235e38}`), okHex(`{"p":3.4028235e+38}`), "float-exponent-plus"},
		{"other digits", `{"a":1e16}`, okHex(`{"a":2e16}`), okHex(`{"a":1e+16}`), ""},
		{"plus inside a string is not an exponent", `{"a":"xe+1"}`, okHex(`{"a":"x1"}`), okHex(`{"a":"xe+1"}`), ""},
		{"same bytes is no difference", `{"a":1}`, okHex(`{"a":1}`), okHex(`{"a":2}`), ""},
		{"2^64 with a fraction", `{"a":18446744073709551616.0}`, "err json\tx", okHex(`{"a":1.8446744073709552e+19}`), "long-integer-fraction"},
		{"point with no digit", `{"a":123456789012345678901.}`, okHex(`{"a":1.2345678901234567e20}`), "err json\tx", "long-integer-fraction"},
		{"u64 max with a fraction is not past u64", `{"a":18446744073709551615.5}`, "err json\tx", okHex(`{"a":1.8446744073709552e+19}`), ""},
		{"long fraction digits are not an integer part", `{"a":0.123456789012345678901.}`, "err json\tx", okHex(`{}`), ""},
		{"both refused", `{"a":18446744073709551616.0}`, "err json\tx", "err json\ty", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, knownStackDiff([]byte(tt.input), tt.rust, tt.goAnswer))
		})
	}
}
