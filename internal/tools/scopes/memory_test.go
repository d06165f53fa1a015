package scopes

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bound on what decoding an n-byte payload may allocate: allocFactor·n
// plus allocFixed bytes. The factor is set by the worst case, a map of many
// tiny members ({"a":1,"b":2,…}, six bytes each), where each member costs the
// ordered map a fixed ~150 bytes (the key's string, a pair, a list element,
// a hash-map slot); payloads seen in practice allocate under 3n (see the
// report this test logs).
const (
	allocFactor = 32
	allocFixed  = 16 << 10
)

// allocated is the fewest bytes one call of f allocated over a few runs.
func allocated(f func()) uint64 {
	best := ^uint64(0)
	var before, after runtime.MemStats
	for range 3 {
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	return best
}

// adversarial payloads: many tiny members, many tiny blocks, long strings,
// long numbers, nesting far past the limit where serde does not count it.
func adversarial() map[string][2]string {
	many := func(n int, f func(i int) string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = f(i)
		}
		return strings.Join(parts, ",")
	}
	return map[string][2]string{
		"tiny members":         {"secrets.values", "{" + many(20000, func(i int) string { return fmt.Sprintf(`"%x":1`, i) }) + "}"},
		"tiny declaration":     {"secrets.declaration", "{" + many(20000, func(i int) string { return fmt.Sprintf(`"%x":"fixed"`, i) }) + "}"},
		"tiny blocks":          {"enqueue.request", `{"key":"k","content":[` + many(20000, func(int) string { return `{"type":"text","text":""}` }) + "]}"},
		"tiny templates":       {"begin.registered", `{"dependencies":[` + many(20000, func(int) string { return `{}` }) + "]}"},
		"long string":          {"errors.error", `{"message":"` + strings.Repeat("é<&>\\n", 200000) + `"}`},
		"long number ignored":  {"dequeue.request", `{"key":"k","n":` + strings.Repeat("9", 1<<20) + `}`},
		"long number refused":  {"errors.error", `{"message":"m","n":` + strings.Repeat("9", 1<<20) + `}`},
		"long number value":    {"secrets.values", `{"n":` + strings.Repeat("9", 1<<20) + `.5e-1048600}`},
		"deep ignored nesting": {"dequeue.request", `{"key":"k","x":` + strings.Repeat("[", 1<<20) + strings.Repeat("]", 1<<20) + `}`},
		"deep error nesting":   {"errors.error", `{"message":"m","x":` + strings.Repeat("[", 1<<20) + strings.Repeat("]", 1<<20) + `}`},
		"deep refused nesting": {"secrets.values", `{"x":` + strings.Repeat("[", 1<<20) + strings.Repeat("]", 1<<20) + `}`},
		// A non-canonical leaf under the deepest nesting allowed, so every
		// level is normalized: once in all, not once per level.
		"deep non-canonical value": {"secrets.values", `{"a":` + strings.Repeat(`{"b":`, 125) + `[` + strings.Repeat(`1.0e0,`, 200000) + `"\u00e9"]` + strings.Repeat("}", 125) + `}`},
		"deep non-canonical chunk": {"begin.response", "\x02" + `{"type":"notification","is_fatal":true,"message":[` + strings.Repeat(`{"b":[`, 62) + strings.Repeat(`1E2,`, 200000) + `1` + strings.Repeat("]}", 62) + `]}`},
		"deep repeated names":      {"secrets.values", `{"a":` + strings.Repeat(`{"b":1,"b":`, 120) + `[` + strings.Repeat(`1.0,`, 100000) + `0]` + strings.Repeat(`}`, 120) + `}`},
		// Members that are each a non-canonical leaf under 120 objects:
		// the normalization's working memory is reused member to member.
		"nested non-canonical members": {"secrets.values", "{" + many(2000, func(i int) string {
			return fmt.Sprintf(`"m%d":`, i) + strings.Repeat(`{"a":`, 120) + `"\/"` + strings.Repeat("}", 120)
		}) + "}"},
		"non-canonical values": {"secrets.values", "{" + many(5000, func(i int) string { return fmt.Sprintf(` "k%d" : [ 1.0e0 , "\u00e9" , {"a":1,"a":2} ] `, i) }) + "}"},
	}
}

// TestDecodingAllocatesInProportion holds every vector and every
// adversarial payload to the bound, and logs the worst ratio seen.
func TestDecodingAllocatesInProportion(t *testing.T) {
	type payloadCase struct {
		name, scope string
		bytes       []byte
	}
	var cases []payloadCase
	for _, file := range golden.Files() {
		for _, v := range golden.Load(t, file) {
			cases = append(cases, payloadCase{v.Name, v.Scope, golden.Unhex(t, v.Hex)})
		}
	}
	for name, c := range adversarial() {
		cases = append(cases, payloadCase{name, c[0], []byte(c[1])})
	}
	worst, worstName := 0.0, ""
	perScope := map[string]float64{}
	for _, c := range cases {
		s, ok := Lookup(c.scope)
		require.True(t, ok)
		n := uint64(len(c.bytes))
		got := allocated(func() { _, _ = s.Decode(c.bytes) })
		assert.LessOrEqual(t, got, allocFactor*n+allocFixed, "%s (%s, %d bytes)", c.name, c.scope, n)
		if n >= 1024 {
			r := float64(got) / float64(n)
			if r > worst {
				worst, worstName = r, c.name
			}
			if r > perScope[c.scope] {
				perScope[c.scope] = r
			}
		}
	}
	t.Logf("worst allocation for payloads of 1 KiB or more: %.1f bytes per input byte (%s)", worst, worstName)
	for _, sc := range All {
		if r, ok := perScope[sc.Name]; ok {
			t.Logf("  %-24s worst %.1f bytes per input byte", sc.Name, r)
		}
	}
}

// TestNoStackBlowUp: nesting, string and number sizes far past anything real
// are refused or read, never a crash.
func TestNoStackBlowUp(t *testing.T) {
	for name, c := range adversarial() {
		s, _ := Lookup(c[0])
		_, err := s.Decode([]byte(c[1]))
		switch name {
		case "deep refused nesting", "deep error nesting", "long number refused":
			// An error is any JSON value, read whole, as serde_json reads
			// a Value: past the nesting limit or the f64 range is refused.
			assert.Error(t, err, name)
		default:
			assert.NoError(t, err, name)
		}
	}
}
