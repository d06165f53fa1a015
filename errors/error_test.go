package errors

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestError(t *testing.T) {
	tests := []struct{ in, message string }{
		{`{"message":"boom"}`, "boom"},
		{`{"message":"","code":42}`, ""},
		{`["boom"]`, "boom"},
		{` {"message":"caf\u00e9 <&>"} `, "café <&>"},
	}
	for _, tt := range tests {
		var e Error
		require.NoError(t, e.DecodeJSON([]byte(tt.in)), tt.in)
		assert.Equal(t, tt.message, e.Message)
	}
	b, err := (&Error{Message: "café <&>\n"}).EncodeJSON(nil)
	require.NoError(t, err)
	assert.Equal(t, `{"message":"café <&>\n"}`, string(b))
	assert.Equal(t, "peer error: boom", Error{Message: "boom"}.Error())

	var e Error
	for _, in := range []string{`{}`, `{"message":5}`, `"boom"`, ``, `{"message":"x"}x`, `{"Message":"x"}`} {
		assert.Error(t, e.DecodeJSON([]byte(in)), in)
	}
}

func TestEncodeRefusesInvalidUTF8(t *testing.T) {
	for _, bad := range encodetest.Bad {
		t.Run(bad.Name, func(t *testing.T) {
			out, err := (&Error{Message: bad.S}).EncodeJSON(encodetest.Dst())
			encodetest.RequireError(t, out, err, "message", wire.ErrInvalidUTF8, bad.S)
		})
	}
}
