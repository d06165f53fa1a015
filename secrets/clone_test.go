package secrets

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// TestValuesCloneOwnsItsBytes: a proxy that decodes values from its read
// buffer, clones them and reuses the buffer keeps the clone's values as they
// were. The decoded Values itself aliases the buffer (it changes with it),
// which is what makes the case a test of Clone.
func TestValuesCloneOwnsItsBytes(t *testing.T) {
	const doc = `{"token":"ghs_abcdef","n":12345,"o":{"k":[true,null]},"s":"x"}`
	want := map[string]string{"token": `"ghs_abcdef"`, "n": "12345", "o": `{"k":[true,null]}`, "s": `"x"`}
	for _, tc := range []struct {
		name  string
		touch func(v Values) // before the clone
	}{
		{"decoded list", func(Values) {}},
		{"map built by a lookup", func(v Values) { v.Get("n") }},
		{"map built by a change", func(v Values) { v.Set("added", encodetest.RawJSON(t, `"y"`)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			buf := []byte(doc)
			var v Values
			require.NoError(t, v.DecodeJSON(buf))
			tc.touch(v)
			c := v.Clone()
			copy(buf, bytes.Repeat([]byte{'#'}, len(buf)))

			tok, ok := v.Get("token")
			require.True(t, ok)
			require.NotEqual(t, want["token"], tok.String(), "the source no longer aliases the buffer: the test shows nothing")
			for name, value := range want {
				got, ok := c.Get(name)
				require.True(t, ok, name)
				assert.Equal(t, value, got.String(), name)
			}
			assert.Equal(t, v.Len(), c.Len())
		})
	}
}

// TestValuesCloneKeepsZero: a zero wire.Raw (no value) is cloned as zero,
// not as an empty value.
func TestValuesCloneKeepsZero(t *testing.T) {
	v := NewValues()
	v.Set("none", wire.Raw{})
	v.Set("one", encodetest.RawJSON(t, "1"))
	c := v.Clone()
	none, ok := c.Get("none")
	require.True(t, ok)
	assert.True(t, none.IsZero())
	one, ok := c.Get("one")
	require.True(t, ok)
	assert.Equal(t, "1", one.String())
}
