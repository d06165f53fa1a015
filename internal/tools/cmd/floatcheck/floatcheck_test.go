package main

import (
	"bytes"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMixAndFNV pins the two building blocks to their published values, so
// the Go side cannot drift from the Rust one by accident.
func TestMixAndFNV(t *testing.T) {
	var s splitMix // splitmix64 from seed 0
	assert.Equal(t, uint64(0xe220a8397b1dcdaf), s.next())
	assert.Equal(t, uint64(0x6e789e6aa1b965f4), s.next())
	assert.Equal(t, uint64(0xaf63dc4c8601ec8c), fnv(fnvOffset, []byte("a")))
}

// TestStreamSpread checks that the f64 stream makes each kind of value it
// promises.
func TestStreamSpread(t *testing.T) {
	s := newStream(1)
	var nonFinite, subnormal, exponent, fixed int
	for i := range uint64(100000) {
		f := math.Float64frombits(s.bits(i))
		a := math.Abs(f)
		switch {
		case math.IsNaN(f) || math.IsInf(f, 0):
			nonFinite++
		case a != 0 && a < 0x1p-1022:
			subnormal++
		case a >= 1e16 || (a != 0 && a < 1e-5):
			exponent++
		default:
			fixed++
		}
	}
	assert.Positive(t, nonFinite)
	assert.Greater(t, subnormal, 5000)
	assert.Greater(t, exponent, 20000)
	assert.Greater(t, fixed, 20000)
}

// floatrefChecker is a checker on $FLOATREF, or skips the test.
func floatrefChecker(t *testing.T, out *bytes.Buffer) *checker {
	t.Helper()
	path := os.Getenv("FLOATREF")
	if path == "" {
		t.Skip("set FLOATREF to the floatref binary (make floatref builds it in .rustref-target/floatref/release/floatref) to compare with serde_json")
	}
	return &checker{floatref: path, block: 1 << 12, workers: 2, show: 5, maxList: 10, out: out}
}

// TestAgainstFloatref compares a sample with serde_json: 2^20 f32 patterns
// from the places where the layout changes, and 10^6 f64 of the stream.
func TestAgainstFloatref(t *testing.T) {
	var out bytes.Buffer
	c := floatrefChecker(t, &out)
	var total tally
	for _, around := range []float32{0, 1e-6, 0x1p-12, 1, 1e12, 1e13, -1e13, math.MaxFloat32} {
		b := uint64(math.Float32bits(around))
		start := max(b, 1<<16) - 1<<16
		got, err := c.digests(f32Source(), start, min(start+1<<17, 1<<32))
		require.NoError(t, err)
		total.add(got)
	}
	got, err := c.digests(f64Source(1), 0, 1e6)
	require.NoError(t, err)
	total.add(got)
	assert.Zero(t, total.disagreed, out.String())
	assert.Equal(t, uint64(8<<17+1e6), total.agreed)
}

// TestFloatrefCatchesMismatch runs the check with a formatter that leaves
// out the exponent's '+' (serde_json 1.0.87's layout) and expects exactly
// the values from 1e13 on to be caught and printed.
func TestFloatrefCatchesMismatch(t *testing.T) {
	var out bytes.Buffer
	c := floatrefChecker(t, &out)
	src := f32Source()
	text := src.text
	src.text = func(dst []byte, bits uint64) []byte {
		return []byte(strings.Replace(string(text(dst, bits)), "e+", "e", 1))
	}
	e13 := uint64(math.Float32bits(1e13))
	got, err := c.digests(src, e13-1000, e13+1000)
	require.NoError(t, err)
	assert.Equal(t, tally{agreed: 1000, disagreed: 1000}, got)
	assert.Contains(t, out.String(), "f32 #1427211495 bits 551184e7: Go 1e13, Rust 1e+13")
}

// TestConform runs values through the current-stack oracle
// ($RUSTREF_CURRENT), with the real formatter and with one that leaves out
// the exponent's '+', which must be caught as a formatter disagreement
// even though serde_json reads both texts.
func TestConform(t *testing.T) {
	var out bytes.Buffer
	c := floatrefChecker(t, &out)
	oracle := os.Getenv("RUSTREF_CURRENT")
	if oracle == "" {
		t.Skip("set RUSTREF_CURRENT to the current-stack rustref (RUSTREF_STACK=current ../shared/rustref/build.sh prints it) to run values through the oracle")
	}
	for _, sh := range []shape{f64Shape, f32Shape} {
		values := conformValues(sh, 1, 20000)
		got, st, err := c.conform(oracle, sh, values)
		require.NoError(t, err)
		assert.Equal(t, tally{agreed: 20000}, got, out.String())
		assert.Equal(t, 20000, st.exact+st.reread)
		assert.Equal(t, 20000, st.modelOK)

		broken := sh
		broken.text = func(dst []byte, bits uint64) []byte {
			return []byte(strings.Replace(string(sh.text(dst, bits)), "e+", "e", 1))
		}
		var plus uint64
		for _, b := range values {
			if bytes.Contains(sh.text(nil, b), []byte("e+")) {
				plus++
			}
		}
		require.Positive(t, plus)
		got, _, err = c.conform(oracle, broken, values)
		require.NoError(t, err)
		assert.Equal(t, plus, got.disagreed, sh.name)
	}
	assert.Contains(t, out.String(), ", Rust ")
}
