package serde

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkCompact: whenever scanCompact takes a value on, scanValue reads the
// same bytes as valid and canonical, ending at the same place. It reports
// whether scanCompact took it.
func checkCompact(t *testing.T, src []byte) bool {
	t.Helper()
	d := NewDecoder(src)
	if _, ok := d.ws(); !ok || !d.scanCompact() {
		return false
	}
	ref := NewDecoder(src)
	_, _ = ref.ws()
	canon, err := ref.scanValue(true)
	require.NoError(t, err, "%q", src)
	require.True(t, canon, "%q: taken as canonical", src)
	require.Equal(t, ref.pos, d.pos, "%q", src)
	return true
}

// randomValue is a random JSON value as serde_json would write it, mostly:
// encoding/json writes some floats and escapes differently, which
// scanCompact must then leave alone.
func randomValue(r *rand.Rand, depth int) any {
	switch k := r.IntN(10); {
	case k < 3 && depth < 12:
		m := map[string]any{}
		for range r.IntN(6) {
			m[randomText(r, 6)] = randomValue(r, depth+1)
		}
		return m
	case k < 5 && depth < 12:
		a := []any{}
		for range r.IntN(6) {
			a = append(a, randomValue(r, depth+1))
		}
		return a
	case k < 7:
		return randomText(r, 40)
	case k == 7:
		switch r.IntN(4) {
		case 0:
			return r.Int64() >> r.IntN(64)
		case 1:
			return -(r.Int64() >> r.IntN(64))
		case 2:
			return r.Uint64()
		}
		return r.NormFloat64() * 1000
	case k == 8:
		return r.IntN(2) == 0
	}
	return nil
}

func randomText(r *rand.Rand, max int) string {
	pieces := []string{"a", "key", "z", "é", "日本", "😀", "\"", "\\", "\n", "\t", "\x01", "\x7f", "/", "<", "\u2028"}
	var b strings.Builder
	for range r.IntN(max) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

func marshalCompact(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func TestScanCompactAgainstScanValue(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	taken, total := 0, 0
	for range 3000 {
		src := marshalCompact(randomValue(r, 0))
		total++
		if checkCompact(t, src) {
			taken++
		}
		// Mutants: a byte changed, dropped or doubled; a member repeated;
		// whitespace put in.
		for range 5 {
			m := bytes.Clone(src)
			p := r.IntN(len(m))
			switch r.IntN(5) {
			case 0:
				const noise = "{}[],:\"\\0-1e.tnf \x00\xff"
				m[p] = noise[r.IntN(len(noise))]
			case 1:
				m = append(m[:p], m[p+1:]...)
			case 2:
				m = append(m[:p+1], m[p:]...)
			case 3:
				if k := bytes.IndexByte(m, '{'); k >= 0 && k+1 < len(m) && m[k+1] == '"' {
					if e := bytes.IndexAny(m[k+1:], ",}"); e > 0 && m[k+e] != '\\' {
						member := m[k+1 : k+1+e]
						m = append(m[:k+1], append(append(bytes.Clone(member), ','), m[k+1:]...)...)
					}
				}
			default:
				m = append(m[:p], append([]byte(" "), m[p:]...)...)
			}
			checkCompact(t, m)
		}
	}
	t.Logf("taken on %d of %d unmutated values", taken, total)
	// Most of what serde_json would write is taken on: the test exercises
	// the fast path, not only its refusals.
	assert.Greater(t, taken, total/3, "taken %d of %d", taken, total)
}

func TestScanCompactCases(t *testing.T) {
	tests := []struct {
		in    string
		taken bool
	}{
		{`{}`, true},
		{`[]`, true},
		{`{"a":1,"b":[true,false,null],"c":{"d":"e"}}`, true},
		{`-12`, true},
		{`0`, true},
		{`123456789012345678`, true},
		{`1234567890123456789`, false}, // 19 digits: the general way
		{`-0`, false},                  // a float to serde_json
		{`01`, false},
		{`1.5`, false},
		{`1e3`, false},
		{`{"a":1,"a":2}`, false}, // repeated: not canonical
		{`{"a" :1}`, false},
		{`{"a": 1}`, false},
		{`[1 ]`, false},
		{`{"a":1,}`, false},
		{`[1,]`, false},
		{`{"\u0061":1}`, false},
		{`"\u00e9"`, false},
		{`"é\n\"\\"`, true},
		{`"\/"`, false},
		{strings.Repeat("[", compactDepth+1) + "1" + strings.Repeat("]", compactDepth+1), false}, // deeper than compactDepth
		{strings.Repeat("[", compactDepth) + "1" + strings.Repeat("]", compactDepth), true},
		{`{"a":1}x`, true}, // the value ends at }: what follows is the caller's
		{`{"a":1`, false},
		{`[1}`, false},
		{`{"a":1]`, false},
		{`tru`, false},
		{`nul`, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			assert.Equal(t, tt.taken, checkCompact(t, []byte(tt.in)))
		})
	}
}

// Names that share a filter bit pair are left to the general way, which
// tells them apart: many members, all distinct, still read as canonical.
func TestScanCompactManyNames(t *testing.T) {
	for _, n := range []int{1, 10, 100, 1000} {
		var b strings.Builder
		b.WriteByte('{')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"name_%d":%d`, i, i)
		}
		b.WriteByte('}')
		d := NewDecoder([]byte(b.String()))
		v, err := d.Value()
		require.NoError(t, err)
		assert.Equal(t, b.String(), string(v.b), "n=%d", n)
		checkCompact(t, []byte(b.String()))
	}
}

func FuzzScanCompact(f *testing.F) {
	for _, s := range []string{`{"a":[1,"b",{"c":null}]}`, `[true,false]`, `"x"`, `-5`, `{"a":1,"a":1}`, `{"é":"\n"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkCompact(t, src) })
}
