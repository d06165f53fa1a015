package wire

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEncodeErrorMessage(t *testing.T) {
	tests := []struct {
		err  *EncodeError
		want string
	}{
		{&EncodeError{Member: "content[2].text", Err: ErrInvalidUTF8}, "encode content[2].text: invalid UTF-8"},
		{&EncodeError{Err: ErrNil}, "encode: nil value"},
		{&EncodeError{Member: `["db"]`, Err: ErrNoValue}, `encode ["db"]: no JSON value`},
		{&EncodeError{Member: "fate", Err: ErrUnknownValue}, "encode fate: unknown enum value"},
		{&EncodeError{}, "encode: invalid value"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.err.Error())
		assert.Equal(t, tt.err.Err, tt.err.Unwrap())
	}
}

func TestEncodeErrorAt(t *testing.T) {
	assert.NoError(t, EncodeErrorAt("x", nil))

	err := EncodeErrorAt("text", ErrInvalidUTF8)
	err = EncodeErrorAt(IndexMember("content", 2), err)
	err = EncodeErrorAt("", err)
	var ee *EncodeError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, "content[2].text", ee.Member)
	assert.ErrorIs(t, err, ErrInvalidUTF8)
	assert.NotErrorIs(t, err, ErrNil)

	// An index joins without a dot; an empty child is the parent.
	assert.Equal(t, "audience[1]", JoinMember("audience", "[1]"))
	assert.Equal(t, "annotations", JoinMember("annotations", ""))
	assert.Equal(t, "a.b", JoinMember("a", "b"))
	assert.Equal(t, "b", JoinMember("", "b"))
	assert.Equal(t, `secrets["a\"b"]`, KeyMember("secrets", `a"b`))
	assert.Equal(t, `["k"]`, KeyMember("", "k"))
	assert.Equal(t, "secrets[name 3]", KeyNameMember("secrets", 3))

	// A reason of a package's own is kept, and found by errors.Is.
	own := errors.New("own reason")
	err = EncodeErrorAt("resource", EncodeErrorAt("", own))
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, "resource", ee.Member)
	assert.ErrorIs(t, err, own)
}
