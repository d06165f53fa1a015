package codec

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestEnded(t *testing.T) {
	tests := []struct {
		in     string
		err    error // what the read returned
		reason wire.Reason
	}{
		{in: `"a"`},
		{in: `"a"  `},
		{in: `"a" "b"`, reason: wire.TrailingBytes},
		{in: `"a`, err: &serde.Error{Reason: serde.Reason(wire.EOFString)}, reason: wire.EOFString},
	}
	for _, tt := range tests {
		d := serde.NewDecoder([]byte(tt.in))
		readErr := tt.err
		if readErr == nil {
			_, readErr = d.ReadString()
		}
		err := Ended(&d, readErr)
		if tt.reason == 0 {
			assert.NoError(t, err, tt.in)
			continue
		}
		var je *wire.JSONError
		require.ErrorAs(t, JSON(err), &je, tt.in)
		assert.Equal(t, tt.reason, je.Reason, tt.in)
	}
}

func TestAppendStringObject(t *testing.T) {
	out, err := AppendStringObject([]byte("x"), `{"key":`, "key", "k\"1")
	require.NoError(t, err)
	assert.Equal(t, `x{"key":"k\"1"}`, string(out))

	dst := []byte("x")
	out, err = AppendStringObject(dst, `{"prompt":`, "prompt", "\xff")
	var ee *wire.EncodeError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, "prompt", ee.Member)
	assert.ErrorIs(t, err, wire.ErrInvalidUTF8)
	assert.Equal(t, "x", string(out), "dst as it was")
}

func TestReadMeta(t *testing.T) {
	tests := []struct{ in, want string }{
		{`null`, ""},
		{`{}`, `{}`},
		{`{"a":[1]}`, `{"a":[1]}`},
	}
	for _, tt := range tests {
		d := serde.NewDecoder([]byte(tt.in))
		o, err := ReadMeta(&d)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want == "", o.IsZero(), tt.in)
		if tt.want != "" {
			assert.Equal(t, tt.want, string(o.Bytes()), tt.in)
		}
	}
	d := serde.NewDecoder([]byte(`[1]`))
	_, err := ReadMeta(&d)
	assert.Error(t, err, "an array is no _meta")
}

func TestReadStructs(t *testing.T) {
	tests := []struct {
		in   string
		want []pair
	}{
		{`[]`, []pair{}},
		{`[{"a":"1"}]`, []pair{{A: "1"}}},
		{`[{"a":"1"},{"a":"2"},{"a":"3"}]`, []pair{{A: "1"}, {A: "2"}, {A: "3"}}},
	}
	for _, tt := range tests {
		d := serde.NewDecoder([]byte(tt.in))
		var few [2]pair
		got, err := ReadStructs(&d, few[:], &pairStruct)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
		assert.NotNil(t, got, tt.in)
		if len(got) <= len(few) {
			assert.Equal(t, len(got), cap(got), "%s: a slice of its own length", tt.in)
		}
	}
	d := serde.NewDecoder([]byte(`[{"b":"1"}]`))
	var few [2]pair
	got, err := ReadStructs(&d, few[:], &pairStruct)
	assert.Error(t, err)
	assert.Nil(t, got)
}

func TestCopyValue(t *testing.T) {
	tests := []struct {
		in, want string
		reason   wire.Reason // of a failure, converted by JSON
	}{
		{in: `{"kind":"program"}`, want: `{"kind":"program"}`},
		{in: ` null `, want: `null`},
		{in: `{"a":1,"a":2}`, want: `{"a":2}`},
		{in: `{} {}`, reason: wire.TrailingBytes},
		{in: ``, reason: wire.EOFValue},
	}
	for _, tt := range tests {
		src := []byte(tt.in)
		v, err := CopyValue(src)
		if tt.want == "" {
			var je *wire.JSONError
			require.ErrorAs(t, JSON(err), &je, tt.in)
			assert.Equal(t, tt.reason, je.Reason, tt.in)
			assert.True(t, v.IsZero(), tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, v.String(), tt.in)
		for i := range src {
			src[i] = 'x'
		}
		assert.Equal(t, tt.want, v.String(), "%s: the value does not alias src", tt.in)
	}
}
