package serde

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// slabStrings is a JSON array of strings of every kind newString takes (plain,
// escaped, non-ASCII, at and past slabString) and enough of them to fill
// several blocks, with what each decodes to.
func slabStrings() (src []byte, want []string) {
	for i := range 120 {
		var s string
		switch i % 6 {
		case 0:
			s = fmt.Sprintf("name-%d", i)
		case 1:
			s = fmt.Sprintf("line %d\nwith \"quotes\" and \\ a backslash", i)
		case 2:
			s = strings.Repeat("é", i)
		case 3:
			s = strings.Repeat("a", slabString-1+i%3) // 255, 256, 257 bytes
		case 4:
			s = ""
		default:
			s = strings.Repeat(fmt.Sprintf("\t%d\u2028", i), 40)
		}
		want = append(want, s)
	}
	src, _ = json.Marshal(want)
	return src, want
}

func TestSlabStringsOutliveTheirInput(t *testing.T) {
	src, want := slabStrings()
	d := NewDecoder(src)
	var got []string
	require.NoError(t, d.Array(func() error {
		s, err := d.ReadString()
		got = append(got, s)
		return err
	}))
	require.NoError(t, d.End())
	// The strings alias neither the input nor each other: overwriting the
	// input and decoding more through the same decoder changes none.
	for i := range src {
		src[i] = 'x'
	}
	again, _ := json.Marshal(want)
	d2 := NewDecoder(again)
	d2.slab, d2.ptrs = d.slab, d.ptrs
	require.NoError(t, d2.Array(func() error { _, err := d2.ReadString(); return err }))
	assert.Equal(t, want, got)
}

func TestSlabBlockSize(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		min, max int // the block the frame may have had
	}{
		{"one short string: nothing to share with", `"abc"`, 0, 0},
		{"the last string the input can hold", `["abc"]`, 0, 0},
		{"a string and a little after it", `["abc",  1]`, 3, len(`abc",  1]`)},
		{"a long frame", `["abc",` + strings.Repeat(" ", 5000) + `1]`, 3, slabBlock},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := NewDecoder([]byte(tt.src))
			var s string
			var err error
			if tt.src[0] == '[' {
				err = d.Array(func() error {
					if c, _ := d.next(); c == '"' {
						s, err = d.ReadString()
						return err
					}
					_, err := d.ReadU64()
					return err
				})
			} else {
				s, err = d.ReadString()
			}
			require.NoError(t, err)
			assert.Equal(t, "abc", s)
			assert.LessOrEqual(t, cap(d.slab), tt.max)
			assert.GreaterOrEqual(t, cap(d.slab), tt.min)
		})
	}
}

func TestOptString(t *testing.T) {
	var names []string
	for i := range 3*slabPointers + 1 {
		names = append(names, fmt.Sprintf("n%d", i))
	}
	src, _ := json.Marshal(append([]any{nil}, func() []any {
		var a []any
		for _, n := range names {
			a = append(a, n)
		}
		return a
	}()...))
	d := NewDecoder(src)
	var got []*string
	require.NoError(t, d.Array(func() error {
		p, err := d.OptString()
		got = append(got, p)
		return err
	}))
	require.Len(t, got, len(names)+1)
	assert.Nil(t, got[0], "null")
	seen := map[*string]bool{}
	for i, p := range got[1:] {
		require.NotNil(t, p)
		assert.Equal(t, names[i], *p)
		assert.False(t, seen[p], "pointer %d handed out twice", i)
		seen[p] = true
	}
	// A pointer is the caller's: writing through it changes no other.
	*got[1] = "changed"
	assert.Equal(t, names[1], *got[2])

	bad := NewDecoder([]byte(`7`))
	p, err := bad.OptString()
	assert.Nil(t, p)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, WrongType, e.Reason)
}

func TestReadStrings(t *testing.T) {
	tests := []struct {
		in     string
		want   []string
		reason Reason // 0: no error
	}{
		{`[]`, []string{}, 0},
		{`["a"]`, []string{"a"}, 0},
		{`["a","b\n","é"]`, []string{"a", "b\n", "é"}, 0},
		{`null`, nil, WrongType},
		{`"a"`, nil, WrongType},
		{`["a",1]`, nil, WrongType},
		{`["a"`, nil, EOFList},
		{`["a",]`, nil, TrailingComma},
	}
	for _, tt := range tests {
		d := NewDecoder([]byte(tt.in))
		got, err := d.ReadStrings()
		if tt.reason != 0 {
			var e *Error
			require.ErrorAs(t, err, &e, tt.in)
			assert.Equal(t, tt.reason, e.Reason, tt.in)
			assert.Nil(t, got, tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
		assert.Equal(t, len(got), cap(got), "%s: an append must copy", tt.in)
	}
}
