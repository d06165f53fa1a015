package secrets

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func names(v Values) []string {
	var out []string
	for n := range v.Names() {
		out = append(out, n)
	}
	return out
}

func TestValuesCopiesShare(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func() Values
	}{
		{"NewValues", NewValues},
		{"non-empty", func() Values { var v Values; v.Set("a", encodetest.RawString(t, "1")); return v }},
		{"decoded empty", func() Values { var v Values; require.NoError(t, v.DecodeJSON([]byte(`{}`))); return v }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := tc.make()
			b := a
			require.NoError(t, b.SetString("x", "y"))
			assert.Equal(t, names(b), names(a), "a Set through a copy is seen")
			a.Delete("x")
			assert.Equal(t, names(a), names(b), "a Delete through the original is seen")
			require.NoError(t, b.DecodeJSON([]byte(`{"d":"1"}`)))
			assert.Equal(t, []string{"d"}, names(a), "a Decode through a copy is seen")
		})
	}
}

func TestZeroValuesCopyBeforeFirstSet(t *testing.T) {
	var a Values
	b := a
	b.Set("x", encodetest.RawString(t, "y"))
	assert.Equal(t, 0, a.Len(), "documented: the zero Values has no entries to share yet")
	c := b
	c.Set("z", encodetest.RawString(t, "w"))
	assert.Equal(t, 2, b.Len(), "after the first Set, copies share")
}

func TestValuesClone(t *testing.T) {
	a := NewValues()
	a.Set("a", encodetest.RawString(t, "1"))
	a.Set("b", encodetest.RawString(t, "2"))
	c := a.Clone()
	c.Set("c", encodetest.RawString(t, "3"))
	c.Delete("a")
	assert.Equal(t, []string{"a", "b"}, names(a))
	assert.Equal(t, []string{"b", "c"}, names(c))

	var zero Values
	zc := zero.Clone()
	d := zc
	d.Set("x", encodetest.RawString(t, "1"))
	assert.Equal(t, 1, zc.Len(), "a clone, even of the zero Values, has entries to share")
	assert.Equal(t, 0, zero.Len())
}

func TestValuesDecodeFailureLeavesValues(t *testing.T) {
	v := NewValues()
	v.Set("a", encodetest.RawString(t, "1"))
	require.Error(t, v.DecodeJSON([]byte(`{"b":`)))
	assert.Equal(t, []string{"a"}, names(v))
}

func TestValuesStrings(t *testing.T) {
	var v Values
	require.NoError(t, v.SetString("token", "ghs_\"quoted\"\n<é>"))
	r, _ := v.Get("token")
	assert.Equal(t, `"ghs_\"quoted\"\n<é>"`, r.String(), "in serde_json's form")
	s, ok, err := v.GetString("token")
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, "ghs_\"quoted\"\n<é>", s)

	_, ok, err = v.GetString("absent")
	assert.False(t, ok)
	assert.NoError(t, err)

	err = v.SetString("bad", "x\xff"+marker)
	require.Error(t, err)
	assert.True(t, errors.Is(err, wire.ErrInvalidUTF8))
	var ee *wire.EncodeError
	require.True(t, errors.As(err, &ee))
	assert.Equal(t, `["bad"]`, ee.Member)
	assertNoSecret(t, err.Error(), "error")
	_, ok = v.Get("bad")
	assert.False(t, ok, "a refused value is not set")

	err = v.SetString("bad\xff", "x")
	assert.True(t, errors.Is(err, wire.ErrInvalidUTF8))

	require.NoError(t, v.DecodeJSON([]byte(`{"pin":424242}`)))
	_, ok, err = v.GetString("pin")
	assert.True(t, ok)
	assert.True(t, errors.Is(err, ErrNotString))
	var ve *ValueError
	require.True(t, errors.As(err, &ve))
	assert.Equal(t, "pin", ve.Name)
	assertNoSecret(t, err.Error(), "error")
	assert.Equal(t, `secrets: value of "pin": not a JSON string`, err.Error())
}

func TestValuesJSON(t *testing.T) {
	type db struct {
		User string `json:"user"`
		Port int    `json:"port"`
	}
	var v Values
	require.NoError(t, v.SetJSON("db", db{"app", 5432}))
	r, _ := v.Get("db")
	assert.Equal(t, `{"user":"app","port":5432}`, r.String())
	var back db
	ok, err := v.GetJSON("db", &back)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, db{"app", 5432}, back)

	ok, err = v.GetJSON("absent", &back)
	assert.False(t, ok)
	assert.NoError(t, err)

	var n int
	ok, err = v.GetJSON("db", &n)
	assert.True(t, ok)
	var ve *ValueError
	require.True(t, errors.As(err, &ve))
	assert.Equal(t, "db", ve.Name)

	err = v.SetJSON("bad", map[string]string{"p": marker + "\xff"})
	require.Error(t, err)
	assert.True(t, errors.Is(err, wire.ErrInvalidUTF8))
	assertNoSecret(t, err.Error(), "error")
	err = v.SetJSON("nan", func() {})
	require.Error(t, err)
}

func declNames(d Declaration) []string {
	var out []string
	for n := range d.All() {
		out = append(out, n)
	}
	return out
}

func TestDeclarationCopiesAndClone(t *testing.T) {
	a := NewDeclaration()
	b := a
	b.Set("token", Rotating)
	assert.Equal(t, []string{"token"}, declNames(a))
	c := a.Clone()
	c.Set("key", Fixed)
	c.Delete("token")
	assert.Equal(t, []string{"token"}, declNames(a))
	assert.Equal(t, []string{"key"}, declNames(c))
	require.NoError(t, b.DecodeJSON([]byte(`{"x":"fixed"}`)))
	assert.Equal(t, []string{"x"}, declNames(a))
	require.Error(t, b.DecodeJSON([]byte(`{"y":"sometimes"}`)))
	assert.Equal(t, []string{"x"}, declNames(a))
	a.Delete("x")
	assert.Equal(t, 0, b.Len())
}
