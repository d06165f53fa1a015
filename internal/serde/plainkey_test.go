package serde

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// generalKey and generalVariant are key's and variantName's general way:
// the whole string scan of strBytes, then the colon or the lookup.
func generalKey(src []byte) (name string, esc bool, pos int, err error) {
	d := NewDecoder(src)
	d.pos++
	b, esc, err := d.strBytes(nil)
	if err == nil {
		err = d.colon()
	}
	return string(b), esc, d.pos, err
}

func generalVariant(src []byte, names []string) (int, int, error) {
	d := NewDecoder(src)
	d.pos++
	b, _, err := d.strBytes(nil)
	if err != nil {
		return 0, d.pos, err
	}
	for i, n := range names {
		if n == string(b) {
			return i, d.pos, nil
		}
	}
	return 0, d.pos, d.fail(UnknownVariant)
}

// checkPlainKey: key and variantName, with their shortcut for plain names,
// read src (a string at its start) to what the general way reads: the same
// name or variant, cursor and error.
func checkPlainKey(t *testing.T, src []byte) {
	d := NewDecoder(src)
	name, esc, err := d.key(nil)
	gname, gesc, gpos, gerr := generalKey(src)
	assert.Equal(t, gerr, err, "%q: key's error", src)
	if err == nil {
		assert.Equal(t, gname, string(name), "%q", src)
		assert.Equal(t, gesc, esc, "%q", src)
		assert.Equal(t, gpos, d.pos, "%q", src)
	}
	names := []string{"fixed", "rotating", "user", ""}
	v := NewDecoder(src)
	i, err := v.variantName(names)
	gi, gpos, gerr := generalVariant(src, names)
	assert.Equal(t, gerr, err, "%q: variantName's error", src)
	if err == nil {
		assert.Equal(t, gi, i, "%q", src)
		assert.Equal(t, gpos, v.pos, "%q", src)
	}
}

func TestPlainKeyAgreesWithGeneralPath(t *testing.T) {
	for _, src := range []string{
		`"fixed":1`, `"fixed" : 1`, `"fixed"`, `"fixed"x`, `"fixed"  `, `"":1`, `""`,
		`"rotating"`, `"rotatin"`, `"rotatingg"`, `"Fixed"`, `"fix\u0065d":1`, `"fix\u0065d"`,
		`"us\ner":1`, "\"caf\xc3\xa9\":1", "\"caf\xff\":1", "\"a\x01\":1", `"a`, `"`, `"a\"`,
		`"a\"b":1`, `"a/b":1`, `"a\/b":1`, `"` + string(make([]byte, 300)) + `"`,
	} {
		checkPlainKey(t, []byte(src))
	}
}

func FuzzPlainKey(f *testing.F) {
	for _, s := range []string{`"fixed":1`, `"rotating" :`, `"a\u0062":`, "\"\xc3\xa9\":"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) == 0 || src[0] != '"' {
			return
		}
		checkPlainKey(t, src)
	})
}
