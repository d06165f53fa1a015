package scopes

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/diverge-network/diverge-sdk-go/internal/cputime"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The cost harness: every adversarial shape of opaque JSON, in every place a
// payload carries opaque JSON, decoded at a size n and at 8n. The work must
// grow at most linearly: allocations (counted, so exact) within costSlack of
// 8×, and CPU time within cpuSlack of 8× (wide, for a machine other work
// shares). A cost that doubles per nesting level, or grows with the product
// of two sizes, is far outside either.
const (
	costSlack = 2.0 // a slice's growth steps alone can be 1.25× off
	cpuSlack  = 4.0
)

// costPlace wraps one opaque JSON value in a payload of a scope that reads it
// as opaque JSON.
type costPlace struct {
	name, scope string
	wrap        func(v string) string
}

func costPlaces() []costPlace {
	return []costPlace{
		{"secret value", "secrets.values", func(v string) string { return `{"s":` + v + `}` }},
		{"secrets request", "begin.channel_request", func(v string) string { return "\x04" + `{"s":` + v + `}` }},
		{"inactive values", "begin.response", func(v string) string { return "\x04" + `{"s":` + v + `}` }},
		{"error member", "errors.error", func(v string) string { return `{"message":"m","detail":` + v + `}` }},
		{"chunk message", "begin.response", func(v string) string {
			return "\x02" + `{"type":"notification","is_fatal":false,"message":` + v + `}`
		}},
		{"template", "begin.registered", func(v string) string { return `{"dependencies":[{"t":` + v + `}]}` }},
		{"begun template", "begin.response", func(v string) string { return "\x00" + `{"dependencies":[{"t":` + v + `}]}` }},
		{"block _meta", "mcpcontent.block", func(v string) string { return `{"type":"text","text":"t","_meta":{"m":` + v + `}}` }},
		{"message _meta", "enqueue.request", func(v string) string {
			return `{"key":"k","content":[{"type":"text","text":"t","_meta":{"m":` + v + `}}]}`
		}},
	}
}

// costShape is an adversarial value of a size proportional to k.
type costShape struct {
	name string
	k    int // the smaller size; the larger is 8k
	make func(k int) string
}

// nest wraps leaf in k objects, each of which also repeats a name; inner is
// what each level's repeated members hold.
func nest(k int, leaf, repeated string) string {
	var b strings.Builder
	for range k {
		b.WriteString(`{"x":`)
	}
	b.WriteString(leaf)
	for range k {
		b.WriteString(`,"d":` + repeated + `,"d":` + repeated + `}`)
	}
	return b.String()
}

// list is n copies of item, as a JSON array.
func list(n int, item string) string {
	return "[" + strings.Repeat(item+",", n-1) + item + "]"
}

func costShapes() []costShape {
	return []costShape{
		// The depth is the size here (8k levels and the place's own stay
		// within serde_json's 127), in a list of 50 for a size past the
		// scope's constant costs.
		{"a repeated name at every level", 2, func(k int) string { return list(50, nest(k, "{}", "1")) }},
		{"repeats, escapes and numbers at every level", 2, func(k int) string {
			return list(50, nest(k, `"\/\u00e9\n"`, `[1E2,"\u0041",{"a":1,"a":2.50}]`))
		}},
		{"arrays and repeating objects alternating", 2, func(k int) string {
			return list(50, strings.Repeat(`[{"a":0,"a":`, k)+`"\/"`+strings.Repeat(`}]`, k))
		}},
		{"deep non-canonical leaf", 12, func(k int) string {
			return list(50, strings.Repeat(`{"a":`, k)+`"\/"`+strings.Repeat(`}`, k))
		}},
		{"many repeats of one name", 500, func(k int) string {
			return "{" + strings.Repeat(`"a":1.0,"a":"\/",`, k) + `"a":0}`
		}},
		{"repeats whose values repeat", 500, func(k int) string {
			return "{" + strings.Repeat(`"a":{"b":1,"b":{"c":2,"c":3}},`, k) + `"a":0}`
		}},
		{"many names, each twice", 500, func(k int) string {
			var b strings.Builder
			b.WriteString("{")
			for i := range k {
				fmt.Fprintf(&b, `"n%d":1,"n%d":2,`, i, i)
			}
			b.WriteString(`"z":0}`)
			return b.String()
		}},
		{"repeating objects in a list", 500, func(k int) string { return list(k, `{"a":[{"a":1,"a":2}],"a":0}`) }},
		{"escapes", 2000, func(k int) string { return `"` + strings.Repeat(`\/\u00e9\n\ud83d\ude00`, k) + `"` }},
		{"numbers", 2000, func(k int) string { return list(k, `1E2`) }},
		{"long plain string", 40000, func(k int) string { return `"` + strings.Repeat("a", k) + `"` }},
		{"whitespace", 2000, func(k int) string { return "[ " + strings.Repeat(`1 , `, k) + "1 ]" }},
	}
}

// cost is what decoding payload takes: allocations (the fewest of a few
// runs) and CPU time per call.
type cost struct {
	mallocs, bytes uint64
	cpu            time.Duration
}

func measureCost(decode func()) cost {
	c := cost{mallocs: ^uint64(0), bytes: ^uint64(0)}
	var before, after runtime.MemStats
	for range 3 {
		runtime.ReadMemStats(&before)
		decode()
		runtime.ReadMemStats(&after)
		c.mallocs = min(c.mallocs, after.Mallocs-before.Mallocs)
		c.bytes = min(c.bytes, after.TotalAlloc-before.TotalAlloc)
	}
	// The least of three timings, each from a collected heap: noise only
	// ever adds time.
	c.cpu = time.Duration(1<<63 - 1)
	for range 3 {
		runtime.GC()
		c.cpu = min(c.cpu, cputime.PerCall(decode, 10*time.Millisecond))
	}
	return c
}

// TestCostGrowsLinearly runs every shape in every place at k and 8k.
func TestCostGrowsLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("the cost harness times decodes")
	}
	for _, p := range costPlaces() {
		s, ok := Lookup(p.scope)
		require.True(t, ok, p.scope)
		for _, sh := range costShapes() {
			t.Run(p.name+"/"+sh.name, func(t *testing.T) {
				small, large := []byte(p.wrap(sh.make(sh.k))), []byte(p.wrap(sh.make(8*sh.k)))
				for _, b := range [][]byte{small, large} {
					_, err := s.Decode(b)
					require.NoError(t, err, "the shape must be accepted, or it measures nothing")
				}
				cs := measureCost(func() { _, _ = s.Decode(small) })
				cl := measureCost(func() { _, _ = s.Decode(large) })
				size := float64(len(large)) / float64(len(small))
				within := func(what string, cs, cl float64, slack float64) {
					// A constant (the scope's own) need not grow; the
					// part that does grow is held to the sizes' ratio.
					limit := size*slack*cs + 64
					assert.LessOrEqual(t, cl, limit, "%s: %.0f at %d bytes, %.0f at %d bytes (%.1f×)",
						what, cs, len(small), cl, len(large), cl/max(cs, 1))
				}
				within("allocations", float64(cs.mallocs), float64(cl.mallocs), costSlack)
				within("bytes allocated", float64(cs.bytes), float64(cl.bytes), costSlack)
				if !raceBuild {
					within("CPU ns", float64(cs.cpu), float64(cl.cpu), cpuSlack)
				}
			})
		}
	}
}
