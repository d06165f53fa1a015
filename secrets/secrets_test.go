package secrets

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestValuesKeepOrderAndLastValue(t *testing.T) {
	var v Values
	require.NoError(t, v.DecodeJSON([]byte(`{"zeta":"1","alpha":{"n":[1,2]},"zeta":3}`)))
	assert.Equal(t, []string{"zeta", "alpha"}, slices.Collect(v.Names()))
	z, ok := v.Get("zeta")
	require.True(t, ok)
	assert.Equal(t, "3", z.String())
	b, err := v.EncodeJSON(nil)
	require.NoError(t, err)
	assert.Equal(t, `{"zeta":3,"alpha":{"n":[1,2]}}`, string(b))
}

func TestValuesZeroAndSet(t *testing.T) {
	var v Values
	assert.Equal(t, 0, v.Len())
	_, ok := v.Get("x")
	assert.False(t, ok)
	b, _ := v.EncodeJSON(nil)
	assert.Equal(t, "{}", string(b))

	v.Set("token", encodetest.RawString(t, "t1"))
	v.Set("db", encodetest.RawJSON(t, `{"user":"app"}`))
	v.Set("token", encodetest.RawString(t, "t2"))
	v.Delete("nothing")
	b, _ = v.EncodeJSON(nil)
	assert.Equal(t, `{"token":"t2","db":{"user":"app"}}`, string(b))
	v.Delete("db")
	assert.Equal(t, 1, v.Len())
}

func TestValuesNeverPrintValues(t *testing.T) {
	var v Values
	require.NoError(t, v.DecodeJSON([]byte(`{"token":"sk_live_MARKER","pin":424242}`)))
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
		out := fmt.Sprintf(verb, v)
		assert.NotContains(t, out, "MARKER", verb)
		assert.NotContains(t, out, "424242", verb)
		assert.Contains(t, out, `"token"`, verb)
	}
	out := fmt.Sprintf("%v", &v)
	assert.NotContains(t, out, "MARKER")
}

func TestValuesRefuse(t *testing.T) {
	var v Values
	for _, in := range []string{``, `"secret"`, `[]`, `{"a":}`, `{"a":1}x`, `{"a":"\udc00"}`, "{\"a\":\"\xff\"}", `{"a":1e999}`} {
		err := v.DecodeJSON([]byte(in))
		var je *wire.JSONError
		require.ErrorAs(t, err, &je, "%q", in)
	}
}

func TestDeclaration(t *testing.T) {
	var d Declaration
	require.NoError(t, d.DecodeJSON([]byte(`{"token":"rotating","api":{"fixed":null},"db":"rotating","api":"rotating"}`)))
	assert.Equal(t, 3, d.Len())
	m, ok := d.Get("api")
	require.True(t, ok)
	assert.Equal(t, Rotating, m)
	assert.Equal(t, []string{"token", "api", "db"}, slices.Collect(d.Rotating()))
	b, err := d.EncodeJSON(nil)
	require.NoError(t, err)
	assert.Equal(t, `{"token":"rotating","api":"rotating","db":"rotating"}`, string(b))

	for _, in := range []string{`{"a":"Fixed"}`, `{"a":"sometimes"}`, `{"a":1}`, `{"a":{"fixed":{}}}`, `{"a":null}`} {
		assert.Error(t, d.DecodeJSON([]byte(in)), in)
	}

	var zero Declaration
	assert.Equal(t, 0, zero.Len())
	zero.Set("k", Fixed)
	zero.Set("bad", Mode(7))
	_, err = zero.EncodeJSON(nil)
	assert.Error(t, err)
	assert.Equal(t, "fixed", Fixed.String())
	assert.Equal(t, "rotating", Rotating.String())
}
