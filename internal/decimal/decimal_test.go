package decimal

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConstructors(t *testing.T) {
	tests := []struct {
		name string
		d    Decimal
		want string
		neg  bool
	}{
		{"u64 zero", FromUint64(0), "0", false},
		{"u64 max", FromUint64(math.MaxUint64), "18446744073709551615", false},
		{"i64 zero", FromInt64(0), "0", false},
		{"i64 -1", FromInt64(-1), "-1", true},
		{"i64 min", FromInt64(math.MinInt64), "-9223372036854775808", true},
		{"i64 max", FromInt64(math.MaxInt64), "9223372036854775807", false},
		{"zero value", Decimal{}, "0", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.d.String())
			assert.Equal(t, tt.neg, tt.d.IsNegative())
			assert.Equal(t, 0, tt.d.Scale())
		})
	}
}

// TestAppend checks the text of mantissas on both sides of 2^64 at every
// scale that matters, against the digits written out by hand from the value.
func TestAppend(t *testing.T) {
	tests := []struct {
		in   string // parsed exactly (no rounding)
		want string
	}{
		{"0.000", "0.000"},
		{"0.0000000000000000000000000000", "0.0000000000000000000000000000"},
		{"0.0000000000000000000000000001", "0.0000000000000000000000000001"},
		{"-0.5", "-0.5"},
		{"12.345", "12.345"},
		{"18446744073709551615", "18446744073709551615"},
		{"18446744073709551616", "18446744073709551616"},
		{"1.8446744073709551616", "1.8446744073709551616"},
		{"10000000000000000000", "10000000000000000000"},
		{"100000000000000000000", "100000000000000000000"},
		{"10000000000000000000000000001", "10000000000000000000000000001"},
		{"-79228162514264337593543950335", "-79228162514264337593543950335"},
		{"-7.9228162514264337593543950335", "-7.9228162514264337593543950335"},
		{"0.0079228162514264337593543950", "0.0079228162514264337593543950"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			d, err := ParseString([]byte(tt.in))
			require.NoError(t, err)
			assert.Equal(t, tt.want, d.String())
			assert.Equal(t, `x"`+tt.want, string(d.Append([]byte(`x"`))), "Append keeps dst")
		})
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		in     string
		reason Reason
		offset int
	}{
		{"", Empty, 0},
		{"-", NoDigits, 1},
		{"-.", NoDigits, 2},
		{"1.2.3", SecondPoint, 3},
		{"0.1234567890123456789012345678.", SecondPoint, 30},
		{"_1", LeadingSeparator, 0},
		{"1x", UnknownChar, 1},
		{"1-", UnknownChar, 1},
		{"secret", UnknownChar, 0},
		{"79228162514264337593543950336", Overflow, 28},
		{"79228162514264337593543950335.5", Overflow, 30},
		{"1e29", ScaleTooLarge, 2},
		{"1e-29", ScaleTooLarge, 2},
		{"1.5e-28", ScaleTooLarge, 4},
		{"8e28", Overflow, 2},
		{"1e", BadExponent, 2},
		{"1e--1", BadExponent, 2},
		{"1e4294967296", BadExponent, 2},
		{"x1e1", UnknownChar, 0},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			d, err := ParseString([]byte(tt.in))
			require.Error(t, err)
			assert.Equal(t, Decimal{}, d)
			var de *Error
			require.ErrorAs(t, err, &de)
			assert.Equal(t, tt.reason, de.Reason)
			assert.Equal(t, tt.offset, de.Offset)
			assert.ErrorIs(t, err, tt.reason)
			for _, other := range []Reason{Empty, NoDigits, UnknownChar, SecondPoint, LeadingSeparator, Overflow, ScaleTooLarge, BadExponent, NotFinite} {
				if other != tt.reason {
					assert.NotErrorIs(t, err, other)
				}
			}
			assert.True(t, strings.HasPrefix(err.Error(), "decimal: "+tt.reason.Error()), err.Error())
			if len(tt.in) > 1 {
				assert.NotContains(t, err.Error(), tt.in, "the input is never quoted")
			}
		})
	}
}

func TestFloatErrors(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		_, err := FromFloat64(f)
		assert.ErrorIs(t, err, NotFinite, "%v", f)
	}
	for _, f := range []float64{1e29, -1e29, math.MaxFloat64, 79228162514264337593543950336.0} {
		_, err := FromFloat64(f)
		assert.ErrorIs(t, err, Overflow, "%v", f)
	}
}

func TestReasonText(t *testing.T) {
	for r := Empty; r <= NotFinite; r++ {
		assert.NotContains(t, r.Error(), "reason ", "reason %d has no text", r)
	}
	assert.Equal(t, "reason 0", Reason(0).Error())
	assert.Equal(t, "reason 200", Reason(200).Error())
}

// TestPrefixes reads every prefix of some long inputs: each either parses
// or fails with an *Error, never panics.
func TestPrefixes(t *testing.T) {
	for _, s := range []string{
		"-79228162514264337593543950335.123456789e-5",
		"0.12345678901234567890123456789012345",
		"+000_000_000_000_000_000_000_000.5__5e+3",
	} {
		for i := range len(s) + 1 {
			_, err := ParseString([]byte(s[:i]))
			if err != nil {
				var de *Error
				assert.ErrorAs(t, err, &de, "%q", s[:i])
			}
		}
	}
}

func TestParseStringKeepsNoReference(t *testing.T) {
	b := []byte("-12.5000")
	d, err := ParseString(b)
	require.NoError(t, err)
	copy(b, "99999999")
	assert.Equal(t, "-12.5000", d.String())
}

func TestZeroIsNeverNegative(t *testing.T) {
	for _, s := range []string{"-0", "-0.000", "-0e3", "-0.0e-3", "-0.00000000000000000000000000001", "-0_0"} {
		d, err := ParseString([]byte(s))
		require.NoError(t, err, s)
		assert.False(t, d.IsNegative(), s)
		assert.True(t, d.IsZero(), s)
		assert.NotContains(t, d.String(), "-", s)
	}
	d, err := FromFloat64(math.Copysign(0, -1))
	require.NoError(t, err)
	assert.Equal(t, "0", d.String())
	assert.False(t, d.IsNegative())
}

func TestErrorsAsFromWrapped(t *testing.T) {
	_, err := ParseString([]byte("1e99"))
	wrapped := errors.Join(errors.New("chunk"), err)
	var de *Error
	require.ErrorAs(t, wrapped, &de)
	assert.Equal(t, ScaleTooLarge, de.Reason)
	assert.ErrorIs(t, wrapped, ScaleTooLarge)
}

// TestNoAllocations: reading and writing a log probability allocates
// nothing (the chunk codec does it for every token); only FromFloat64 on an
// exact tie between two shortest texts does, to confirm the tie.
func TestNoAllocations(t *testing.T) {
	in := []byte("-0.12345678901234567890123456789")
	buf := make([]byte, 0, 64)
	var sink Decimal
	tests := map[string]func(){
		"ParseString":      func() { sink, _ = ParseString(in) },
		"scientific":       func() { sink, _ = ParseString([]byte("-1.25e-3")) },
		"FromFloat64":      func() { sink, _ = FromFloat64(-0.30000000000000004) },
		"FromFloat64 1e-7": func() { sink, _ = FromFloat64(1e-7) },
		"Append":           func() { buf = sink.Append(buf[:0]) },
		"Append big":       func() { buf = FromUint64(math.MaxUint64).Append(buf[:0]) },
	}
	for name, fn := range tests {
		assert.Zero(t, testing.AllocsPerRun(100, fn), name)
	}
}
