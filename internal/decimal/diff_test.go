package decimal

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOracleStrings compares ParseString with the real oracle on generated
// strings: plain and scientific, 20-40 digits, leading zeros, signs, zeros,
// values around 2^96, rounding at the 29th fraction digit, underscores,
// second points and trailing junk. Skipped without the oracle.
func TestOracleStrings(t *testing.T) {
	path := realOracle(t)
	n := 20000
	if testing.Short() {
		n = 2000
	}
	r := rand.New(rand.NewPCG(1, 2))
	inputs := append([]string{}, tableStrings...)
	for range n {
		inputs = append(inputs, genString(r))
	}
	compareStrings(t, path, inputs)
}

func compareStrings(t *testing.T, path string, inputs []string) {
	t.Helper()
	want := askStrings(t, path, inputs)
	bad := 0
	for i, s := range inputs {
		if got := verdict(ParseString([]byte(s))); got != want[i] {
			bad++
			assert.Equal(t, want[i], got, "ParseString(%q)", s)
			if bad == 20 {
				t.Fatal("too many differences")
			}
		}
	}
	t.Logf("%d strings, %d differ", len(inputs), bad)
}

// TestOracleNumbers compares FromUint64, FromInt64 and FromFloat64 with the
// real oracle on JSON numbers: integers small and huge, -0, floats with
// exponents, subnormals, and random f64 values. The f64 each gets is the
// one serde_json parsed (learned from the oracle). Skipped without the
// oracle.
func TestOracleNumbers(t *testing.T) {
	path := realOracle(t)
	n := 10000
	if testing.Short() {
		n = 1000
	}
	r := rand.New(rand.NewPCG(3, 4))
	texts := append([]string{}, tableNumbers...)
	for range n {
		texts = append(texts, genNumber(r))
	}
	answers := askNumbers(t, path, texts)
	bad := 0
	for i, text := range texts {
		a := answers[i]
		require.Equal(t, !isSerdeInteger(text), a.isF64, "%s: serde_json's kind", text)
		if got := verdict(fromNumber(text, a.f64)); got != a.verdict {
			bad++
			assert.Equal(t, a.verdict, got, "number %s (f64 %v)", text, a.f64)
			if bad == 20 {
				t.Fatal("too many differences")
			}
		}
	}
	t.Logf("%d numbers, %d differ", len(texts), bad)
}

// two96 is 2^96, the bound of the mantissa.
var two96 = new(big.Int).Lsh(big.NewInt(1), 96)

func digits(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteByte(byte('0' + r.IntN(10)))
	}
	return b.String()
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

// genString is one string for ParseString, from a mix of shapes.
func genString(r *rand.Rand) string {
	switch r.IntN(9) {
	case 0, 1: // plain, many digits
		return genPlain(r)
	case 2: // scientific
		return genPlain(r) + pick(r, "e", "E") + genExponent(r)
	case 3: // around 2^96, with a point somewhere and digits after
		return genNear96(r)
	case 4: // exactly 28 fraction digits and a rounding tail
		s := pick(r, "", "-", "+") + digits(r, r.IntN(3)) + "." + digits(r, 28)
		return s + pick(r, "5", "4", "9", "0", "50", "49", "5000001", "_5", "__9", "_", ".", ".5", "x", "e5", "e-1", " ", "5x", "55.5")
	case 5: // random bytes from the grammar's alphabet
		n := r.IntN(40)
		var b strings.Builder
		for range n {
			b.WriteByte("0123456789012345678901234567890123456789..--++__eEx "[r.IntN(52)])
		}
		return b.String()
	case 6: // a valid value with a trailing or inserted odd byte
		s := genPlain(r)
		i := r.IntN(len(s) + 1)
		return s[:i] + pick(r, ".", "_", "-", "+", " ", "e", "x", "\u00a0", "\u0663", "１") + s[i:]
	case 7: // zeros of every scale and sign
		return pick(r, "", "-", "+") + strings.Repeat("0", r.IntN(35)) + pick(r, "", ".", "."+strings.Repeat("0", r.IntN(35)))
	default: // small values with many fraction digits, as log probabilities are
		return pick(r, "-", "") + "0." + strings.Repeat("0", r.IntN(32)) + digits(r, 1+r.IntN(30))
	}
}

// genPlain is a plain decimal: a sign, up to 40 digits (some leading
// zeros), maybe a point and fraction, maybe underscores.
func genPlain(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString(pick(r, "", "", "-", "+"))
	if r.IntN(4) == 0 {
		b.WriteString(strings.Repeat("0", r.IntN(12)))
	}
	whole := r.IntN(32)
	b.WriteString(digits(r, whole))
	if r.IntN(4) != 0 {
		b.WriteByte('.')
		b.WriteString(digits(r, r.IntN(42)))
	}
	s := b.String()
	if s == "" || s == "-" || s == "+" {
		s += digits(r, 1+r.IntN(25))
	}
	if r.IntN(8) == 0 {
		i := r.IntN(len(s) + 1)
		s = s[:i] + strings.Repeat("_", 1+r.IntN(2)) + s[i:]
	}
	return s
}

// genExponent is an exponent, mostly valid u32 texts around 0..30.
func genExponent(r *rand.Rand) string {
	sign := pick(r, "", "", "-", "-", "+", "-+", "--", "+-")
	switch r.IntN(6) {
	case 0:
		return sign + pick(r, "", "4294967295", "4294967296", "0000000000000000000000003", "1_0", " 1", "1 ", "x")
	default:
		return sign + strconv.Itoa(r.IntN(33))
	}
}

// genNear96 is 2^96 + k for a small k, with a point put in and digits added.
func genNear96(r *rand.Rand) string {
	v := new(big.Int).Add(two96, big.NewInt(int64(r.IntN(41)-30)))
	s := v.String()
	if r.IntN(2) == 0 { // a shorter prefix of it: 7922816251426433759354395033.5...
		s = s[:len(s)-r.IntN(4)]
	}
	if p := r.IntN(len(s) + 2); p <= len(s) {
		s = s[:p] + "." + s[p:]
	}
	s += digits(r, r.IntN(6))
	if r.IntN(3) == 0 {
		s += pick(r, "e-1", "e1", "e0", "e-28", "e2")
	}
	return pick(r, "", "-") + s
}

// genNumber is a JSON number text within the f64 range.
func genNumber(r *rand.Rand) string {
	switch r.IntN(10) {
	case 9: // few significant bits at any scale: short exact expansions, where ties happen
		m := r.Uint64N(1<<53) &^ (1<<r.IntN(53) - 1)
		f := math.Ldexp(float64(m|1<<52), r.IntN(150)-120)
		return pick(r, "", "-") + strconv.FormatFloat(f, 'e', -1, 64)
	case 8: // binary fractions past 2^44, often exactly halfway between two shortest texts
		f := float64(uint64(1)<<(44+r.IntN(8))+r.Uint64N(1<<44)) + float64(r.IntN(64))/64
		return pick(r, "", "-") + strconv.FormatFloat(f, 'f', -1, 64)
	case 0: // integers of any size
		s := pick(r, "", "-") + strconv.Itoa(1+r.IntN(9)) + digits(r, r.IntN(40))
		return s
	case 1: // around the u64 and i64 edges
		v := new(big.Int).SetUint64(math.MaxUint64)
		if r.IntN(2) == 0 {
			v.SetInt64(math.MinInt64)
		}
		return v.Add(v, big.NewInt(int64(r.IntN(5)-2))).String()
	case 2: // random f64 bits, Go's shortest form
		f := math.Float64frombits(r.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = 1.5
		}
		return strconv.FormatFloat(f, pick[byte](r, 'e', 'g', 'f'), -1, 64)
	case 3: // decimals with exponents, more digits than an f64 holds
		return pick(r, "", "-") + strconv.Itoa(r.IntN(1000)) + "." + digits(r, 1+r.IntN(25)) +
			pick(r, "e", "E") + pick(r, "", "+", "-") + strconv.Itoa(r.IntN(40))
	case 4: // subnormals and tiny values
		return pick(r, "", "-") + strconv.Itoa(1+r.IntN(9)) + "e-" + strconv.Itoa(300+r.IntN(24))
	case 5: // log-probability-like values
		return "-" + strconv.FormatFloat(r.Float64()*pick(r, 1.0, 10, 30, 1e-10, 1e-25), 'f', -1, 64)
	case 6: // near 2^96 as floats
		return pick(r, "", "-") + "7.92281625142643" + digits(r, r.IntN(8)) + "e28"
	default: // short decimals
		return pick(r, "", "-") + strconv.Itoa(r.IntN(1000)) + pick(r, "", ".0", ".5", ".25", "e0", "e5", "E-7", ".1e1")
	}
}
