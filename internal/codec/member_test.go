package codec

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestErrorAt(t *testing.T) {
	assert.NoError(t, ErrorAt("x", nil))

	err := ErrorAt("text", wire.ErrInvalidUTF8)
	err = ErrorAt(IndexMember("content", 2), err)
	err = ErrorAt("", err)
	var ee *wire.EncodeError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, "content[2].text", ee.Member)
	assert.ErrorIs(t, err, wire.ErrInvalidUTF8)
	assert.NotErrorIs(t, err, wire.ErrNil)

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
	err = ErrorAt("resource", ErrorAt("", own))
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, "resource", ee.Member)
	assert.ErrorIs(t, err, own)
}
