package decimal

import (
	"errors"
	"math"
	"os"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fuzzOracle is a running real oracle when $RUSTREF_REAL names one (fuzzing
// then compares every valid-UTF-8 input with rust_decimal), else nil.
func fuzzOracle(f *testing.F) *conform {
	if os.Getenv("RUSTREF_REAL") == "" {
		return nil
	}
	return startConform(f, realOracle(f))
}

// FuzzParseString checks, for any bytes: no panic; a refusal is an *Error
// whose Reason errors.Is finds; an accepted value has a scale of at most
// 28, and its text reads back as the identical Decimal and is a fixed
// point; and, with the oracle, the verdict is rust_decimal's. Seeds: the
// table's strings and a few generated shapes. With the oracle, every step
// of minimizing a new input asks it too: pass -fuzzminimizetime 200x or so,
// or the fuzzer looks stuck for a minute after each new input.
func FuzzParseString(f *testing.F) {
	for _, s := range tableStrings {
		f.Add([]byte(s))
	}
	f.Add([]byte("-0.12345678901234567890123456789012345e+3"))
	f.Add([]byte("7922816251426433759354395033_5.5"))
	o := fuzzOracle(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := ParseString(b)
		checkResult(t, d, err)
		if o == nil || !utf8.Valid(b) {
			return
		}
		answer, aerr := o.ask(stringChunk(string(b)))
		require.NoError(t, aerr)
		assert.Equal(t, chunkVerdict(t, answer), verdict(d, err), "ParseString(%q)", b)
	})
}

// FuzzFromFloat64 checks FromFloat64 on any f64 bits as FuzzParseString
// checks ParseString, and, with the oracle, against rust_decimal's
// visit_f64 for every f whose shortest text serde_json reads back as f
// (serde_json's float parsing misses by an ulp now and then).
func FuzzFromFloat64(f *testing.F) {
	for _, v := range []float64{0, -0.25, 1e-7, 5e-324, 1453193255712810.25, -17612517111144.0625, 1e28, 7.922816251426433e28, math.MaxFloat64} {
		f.Add(math.Float64bits(v))
	}
	o := fuzzOracle(f)
	f.Fuzz(func(t *testing.T, bits uint64) {
		v := math.Float64frombits(bits)
		d, err := FromFloat64(v)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			require.ErrorIs(t, err, NotFinite)
			return
		}
		checkResult(t, d, err)
		if o == nil {
			return
		}
		text := strconv.FormatFloat(v, 'e', -1, 64) // an exponent: never an integer to serde_json
		answer, aerr := o.ask(notification(text))
		require.NoError(t, aerr)
		if got, isF64 := messageF64(t, text, answer); !isF64 || got != v {
			return // serde_json reads text as another f64, or as an integer
		}
		answer, aerr = o.ask(numberChunk(text))
		require.NoError(t, aerr)
		assert.Equal(t, chunkVerdict(t, answer), verdict(d, err), "FromFloat64(%v)", v)
	})
}

func checkResult(t *testing.T, d Decimal, err error) {
	t.Helper()
	if err != nil {
		var de *Error
		require.True(t, errors.As(err, &de), "%T %v", err, err)
		require.ErrorIs(t, err, de.Reason)
		require.NotZero(t, de.Reason)
		require.Equal(t, Decimal{}, d)
		return
	}
	require.LessOrEqual(t, d.Scale(), MaxScale)
	require.False(t, d.IsZero() && d.IsNegative(), "negative zero")
	text := d.String()
	back, err := ParseString([]byte(text))
	require.NoError(t, err, text)
	require.Equal(t, d, back, text)
	require.Equal(t, text, back.String())
}
