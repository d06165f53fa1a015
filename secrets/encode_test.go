package secrets

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// secretValue is a value no error message may show.
const secretValue = `"sk_live_VALUE"`

func TestValuesEncodeRefuses(t *testing.T) {
	for _, bad := range encodetest.Bad {
		t.Run(bad.Name, func(t *testing.T) {
			var v Values
			v.Set("token", encodetest.RawJSON(t, secretValue))
			v.Set(bad.S, encodetest.RawJSON(t, secretValue))
			out, err := v.EncodeJSON(encodetest.Dst())
			encodetest.RequireError(t, out, err, "[name 1]", wire.ErrInvalidUTF8, bad.S, "sk_live_VALUE")
		})
	}
	t.Run("zero value", func(t *testing.T) {
		var v Values
		v.Set("token", encodetest.RawJSON(t, secretValue))
		v.Set("db", wire.Raw{})
		out, err := v.EncodeJSON(encodetest.Dst())
		encodetest.RequireError(t, out, err, `["db"]`, wire.ErrNoValue, "sk_live_VALUE")
	})
}

// A string value made from a Go string must be UTF-8 too.
func TestNewRawStringRefusesInvalidUTF8(t *testing.T) {
	for _, bad := range encodetest.Bad {
		r, err := wire.NewRawString(bad.S)
		assert.ErrorIs(t, err, wire.ErrInvalidUTF8, bad.Name)
		assert.True(t, r.IsZero(), bad.Name)
		assert.NotContains(t, err.Error(), encodetest.Marker)
	}
}

func TestDeclarationEncodeRefuses(t *testing.T) {
	for _, bad := range encodetest.Bad {
		t.Run(bad.Name, func(t *testing.T) {
			var d Declaration
			d.Set(bad.S, Fixed)
			out, err := d.EncodeJSON(encodetest.Dst())
			encodetest.RequireError(t, out, err, "[name 0]", wire.ErrInvalidUTF8, bad.S)
		})
	}
	for _, tt := range []struct {
		mode Mode
		want error
	}{
		{0, wire.ErrUnset},
		{Rotating + 1, wire.ErrUnknownValue},
		{255, wire.ErrUnknownValue},
	} {
		var d Declaration
		d.Set("ok", Rotating)
		d.Set("odd", tt.mode)
		out, err := d.EncodeJSON(encodetest.Dst())
		encodetest.RequireError(t, out, err, `["odd"]`, tt.want)
	}
}

// The zero Mode is unset: it prints so, and the wire's two names decode to
// Fixed and Rotating, never to it.
func TestModeZeroIsUnset(t *testing.T) {
	assert.Equal(t, "unset", Mode(0).String())
	assert.Equal(t, "fixed", Fixed.String())
	assert.Equal(t, "rotating", Rotating.String())
	var d Declaration
	require.NoError(t, d.DecodeJSON([]byte(`{"a":"fixed","b":{"rotating":null}}`)))
	a, _ := d.Get("a")
	b, _ := d.Get("b")
	assert.Equal(t, Fixed, a)
	assert.Equal(t, Rotating, b)
}

// A wire.Raw prints its JSON, but Values still hides every value, whatever
// the verb, and so does a struct holding Values.
func TestValuesHideRawUnderFmt(t *testing.T) {
	var v Values
	v.Set("token", encodetest.RawJSON(t, secretValue))
	holder := struct{ Values Values }{v}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
		assert.NotContains(t, fmt.Sprintf(verb, v), "sk_live", verb)
		assert.NotContains(t, fmt.Sprintf(verb, &v), "sk_live", verb)
		assert.NotContains(t, fmt.Sprintf(verb, holder), "sk_live", verb)
	}
}

// A value sits inside the values' object: it may nest 126 deep.
func TestValuesEncodeRefusesTooDeep(t *testing.T) {
	var v Values
	v.Set("k", encodetest.Raw(t, 126))
	out, err := v.EncodeJSON(nil)
	require.NoError(t, err)
	var back Values
	require.NoError(t, back.DecodeJSON(out), "a reader takes the deepest value that fits")

	v.Set("k", encodetest.Raw(t, 127))
	out, err = v.EncodeJSON(encodetest.Dst())
	encodetest.RequireError(t, out, err, `["k"]`, wire.ErrTooDeep)
}
