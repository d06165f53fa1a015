package secrets

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// object is a JSON object of n members s0..s(n-1), with the names in dups
// given again at the end with the value "again".
func object(n int, dups ...int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"s%d":"v%d"`, i, i)
	}
	for _, i := range dups {
		fmt.Fprintf(&b, `,"s%d":"again"`, i)
	}
	b.WriteByte('}')
	return b.String()
}

// A decoded Values has no map until it is looked up or changed; encoding,
// ranging and printing do not build it.
func TestDecodedValuesAreLazy(t *testing.T) {
	var v Values
	require.NoError(t, v.DecodeJSON([]byte(object(3))))
	out, err := v.EncodeJSON(nil)
	require.NoError(t, err)
	assert.Equal(t, object(3), string(out))
	assert.Equal(t, 3, v.Len())
	for range v.All() {
	}
	_ = fmt.Sprint(v)
	assert.Nil(t, v.e.m.Load(), "nothing looked up or changed yet")

	got, ok, err := v.GetString("s1")
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, "v1", got)
	assert.NotNil(t, v.e.m.Load(), "a lookup builds the map")
	v.Set("s9", wire.Raw{})
	assert.Equal(t, 4, v.Len())
}

// Repeated names keep their first place and take their last value, on both
// paths of dedupe (a short list compared in place, a long one through a set).
func TestDecodeRepeatedNames(t *testing.T) {
	for _, n := range []int{2, 16, 17, 1000} {
		var v Values
		require.NoError(t, v.DecodeJSON([]byte(object(n, 0, n-1, 0))), n)
		assert.Equal(t, n, v.Len(), n)
		first, _ := v.Get("s0")
		last, _ := v.Get(fmt.Sprintf("s%d", n-1))
		assert.Equal(t, `"again"`, first.String(), n)
		assert.Equal(t, `"again"`, last.String(), n)
		var names []string
		for name := range v.Names() {
			names = append(names, name)
		}
		assert.Equal(t, "s0", names[0], n)
		assert.Equal(t, fmt.Sprintf("s%d", n-1), names[n-1], n)

		var d Declaration
		decl := replaceValues(strings.ReplaceAll(object(n, 0), `"again"`, `"rotating"`), `"fixed"`)
		require.NoError(t, d.DecodeJSON([]byte(decl)), n)
		assert.Equal(t, n, d.Len())
		m, _ := d.Get("s0")
		assert.Equal(t, Rotating, m, n)
	}
}

// dedupe keeps, of every name, its first place and its last value, as a
// plain reading with a Go map does, on lists long and short with many
// repeats (long probe chains in its table) and none.
func TestDedupeAgainstMap(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 3))
	for range 300 {
		n, pool := 1+r.IntN(600), 1+r.IntN(700)
		list := make([]member[int], n)
		for i := range list {
			list[i] = member[int]{fmt.Sprintf("n%d", r.IntN(pool)), i}
		}
		var want []member[int]
		at := map[string]int{}
		for _, x := range list {
			if j, ok := at[x.name]; ok {
				want[j].value = x.value
				continue
			}
			at[x.name] = len(want)
			want = append(want, x)
		}
		require.Equal(t, want, dedupe(list), "%d names from %d", n, pool)
	}
}

// replaceValues sets every "v<i>" value of an object made by object to val.
func replaceValues(s, val string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, `"v`)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i+1:], '"')
		b.WriteString(s[:i])
		b.WriteString(val)
		s = s[i+1+j+1:]
	}
}

// Names with escapes are decoded, and each name is cut from one string.
func TestDecodedNames(t *testing.T) {
	var v Values
	require.NoError(t, v.DecodeJSON([]byte(`{"a\"b":1,"caf\u00e9":2,"":3}`)))
	var names []string
	for name := range v.Names() {
		names = append(names, name)
	}
	assert.Equal(t, []string{`a"b`, "café", ""}, names)
	assert.Equal(t, `a"bcafé`, v.e.names)
}

// Ordered is the map a Values refers to: changes through it are changes to
// every copy.
func TestOrderedShares(t *testing.T) {
	var v Values
	assert.Nil(t, v.Ordered())
	require.NoError(t, v.DecodeJSON([]byte(object(2))))
	c := v
	m := v.Ordered()
	r, err := wire.NewRawString("x")
	require.NoError(t, err)
	m.Set("new", r)
	got, ok := c.Get("new")
	assert.True(t, ok)
	assert.Equal(t, `"x"`, got.String())
	assert.Equal(t, 3, c.Len())

	var d Declaration
	require.NoError(t, d.DecodeJSON([]byte(`{"a":"fixed"}`)))
	d.Ordered().Set("b", Rotating)
	assert.Equal(t, 2, d.Len())
}

// Decoding into a Values with entries replaces them in place, for every
// copy; a later lookup sees the new entries, not a map built before.
func TestDecodeReplacesInPlace(t *testing.T) {
	var v Values
	require.NoError(t, v.DecodeJSON([]byte(object(2))))
	_, _ = v.Get("s0") // build the map
	c := v
	require.NoError(t, v.DecodeJSON([]byte(`{"z":1}`)))
	assert.Equal(t, 1, c.Len())
	_, ok := c.Get("s0")
	assert.False(t, ok)
	z, ok := c.Get("z")
	assert.True(t, ok)
	assert.Equal(t, "1", z.String())
}

// Lookups from many goroutines at once on a decoded Values are safe (run
// under -race): the first builds the map, under a lock.
func TestConcurrentLookups(t *testing.T) {
	var v Values
	require.NoError(t, v.DecodeJSON([]byte(object(100))))
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				r, ok := v.Get(fmt.Sprintf("s%d", (i+g)%100))
				assert.True(t, ok)
				assert.NotEmpty(t, r.Bytes())
				assert.Equal(t, 100, v.Len())
			}
		}()
	}
	wg.Wait()
}

// Decoding a map costs the same few allocations whatever its size.
func TestDecodeAllocationsPerMap(t *testing.T) {
	for _, n := range []int{10, 100, 1000} {
		src := []byte(object(n))
		allocs := testing.AllocsPerRun(20, func() {
			var v Values
			if err := v.DecodeJSON(src); err != nil {
				t.Fatal(err)
			}
		})
		assert.LessOrEqual(t, allocs, 12.0, "%d members", n)
		decl := []byte(replaceValues(object(n), `"fixed"`))
		allocs = testing.AllocsPerRun(20, func() {
			var d Declaration
			if err := d.DecodeJSON(decl); err != nil {
				t.Fatal(err)
			}
		})
		assert.LessOrEqual(t, allocs, 12.0, "%d declared", n)
	}
}
