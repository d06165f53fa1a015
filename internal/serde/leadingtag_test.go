package serde

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var tagNames = []string{"text", "image", "resource", "resource_link"}

// generalTag is BeginTagged's general reading of a leading tag from an open
// object's first member: the index of its value in names and the cursor
// after it, or ok false where that way does not find the tag first.
func generalTag(src []byte, tag string, names []string) (i, pos int, ok bool) {
	d := Decoder{src: src, pos: 1, depth: 1}
	first := true
	if more, err := d.more(&first, '}'); !more || err != nil {
		return 0, 0, false
	}
	var scratch [32]byte
	name, _, err := d.key(scratch[:0])
	if err != nil || string(name) != tag {
		return 0, 0, false
	}
	i, err = d.identifier(names)
	if err != nil {
		return 0, 0, false
	}
	return i, d.pos, true
}

// checkLeadingTag: what leadingTag takes, the general way reads to the
// same variant and cursor; what it leaves, it leaves the cursor alone.
func checkLeadingTag(t *testing.T, src []byte) (fast bool) {
	d := Decoder{src: src, pos: 1, depth: 1}
	i, ok := d.leadingTag("type", tagNames)
	if !ok {
		assert.Equal(t, 1, d.pos, "%q: cursor moved", src)
		return false
	}
	gi, gpos, gok := generalTag(src, "type", tagNames)
	require.True(t, gok, "%q: leadingTag took what the general way does not read", src)
	assert.Equal(t, gi, i, "%q", src)
	assert.Equal(t, gpos, d.pos, "%q", src)
	return true
}

func TestLeadingTagAgreesWithGeneralPath(t *testing.T) {
	tests := []struct {
		src  string
		fast bool
	}{
		{`{"type":"text","text":"a"}`, true},
		{`{"type":"resource_link"}`, true},
		{`{"type":"resource","resource":{}}`, true},
		{`{"type":"image"`, true},
		{`{"type":"resource_lin"}`, false},
		{`{"type":"resource_links"}`, false},
		{`{"type":"Text"}`, false},
		{`{"type":"tex\u0074"}`, false},
		{`{"typ\u0065":"text"}`, false},
		{`{"type" :"text"}`, false},
		{`{"type": "text"}`, false},
		{`{ "type":"text"}`, false},
		{`{"text":"a","type":"text"}`, false},
		{`{"type":1}`, false},
		{`{"type":null}`, false},
		{`{"type":"text`, false},
		{`{"type":"`, false},
		{`{"type"`, false},
		{`{}`, false},
		{`{`, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.fast, checkLeadingTag(t, []byte(tt.src)), "%q", tt.src)
	}
}

func FuzzLeadingTag(f *testing.F) {
	for _, s := range []string{`{"type":"text","text":"a"}`, `{"type":"resource_link"}`, `{"type":"x"}`, `{"type": "image"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) == 0 || src[0] != '{' {
			return
		}
		checkLeadingTag(t, src)
	})
}
