package wire

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
