package codec

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestFrameError(t *testing.T) {
	_, _, err := SplitFrame[testVariant](nil)
	assert.ErrorIs(t, err, wire.ErrEmpty)
	assert.Equal(t, "test frame frame is empty", err.Error())

	err = UnknownTag[testVariant](9)
	var fe *wire.FrameError[testVariant]
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, byte(9), fe.Tag)
	var ut *wire.UnknownTagError
	require.ErrorAs(t, err, &ut)
	assert.Equal(t, byte(9), ut.Tag)
	assert.Equal(t, "unknown_tag", fe.Kind.String())

	cause := &wire.JSONError{Reason: wire.MissingField, Want: "message"}
	err = BodyError(testVariant(2), 2, cause)
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "body", fe.Kind.String())
	assert.True(t, errors.Is(err, cause))
	assert.Nil(t, BodyError(testVariant(2), 2, nil))
}

type testVariant uint8

func (v testVariant) String() string { return EnumName(v, []string{"empty", "unknown_tag", "body"}) }
func (testVariant) Frame() string    { return "test frame" }

func TestBodyErrorConvertsEngineErrors(t *testing.T) {
	err := BodyError(testVariant(2), 2, &serde.Error{Offset: 3, Reason: serde.MissingField, Want: "message"})
	var je *wire.JSONError
	require.ErrorAs(t, err, &je)
	assert.Equal(t, wire.JSONError{Offset: 3, Reason: wire.MissingField, Want: "message"}, *je)
	assert.Equal(t, "test frame body did not parse: missing field (message) at offset 3", err.Error())
	assert.Nil(t, JSON(nil))
	plain := errors.New("x")
	assert.Same(t, plain, JSON(plain))
}
