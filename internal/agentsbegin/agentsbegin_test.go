package agentsbegin

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		want    string // "" for an error
	}{
		{"object", "\x00{\"arguments\":{\"a\":1}}", `{"a":1}`},
		{"null", "\x00{\"arguments\":null}", `null`},
		{"other members ignored", "\x00{\"x\":2,\"arguments\":[1]}", `[1]`},
		{"whitespace", "\x00 {\"arguments\" : \"s\"} ", `"s"`},
		{"missing", "\x00{}", ""},
		{"not an object", "\x00[1]", ""},
		{"not JSON", "\x00{", ""},
		{"tools tag", "\x01{\"arguments\":1}", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse([]byte(tt.payload))
			if tt.want == "" {
				require.ErrorIs(t, err, ErrBody)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got.Bytes()))
		})
	}
}

func TestAppendRoundTrip(t *testing.T) {
	var args wire.Raw
	require.NoError(t, args.DecodeJSON([]byte(`{"model":"m","n":[1,2]}`)))
	p := Append([]byte("x"), args)
	assert.Equal(t, "x\x00{\"arguments\":{\"model\":\"m\",\"n\":[1,2]}}", string(p))
	got, err := Parse(p[1:])
	require.NoError(t, err)
	assert.Equal(t, args.Bytes(), got.Bytes())
	assert.Equal(t, "\x00{\"arguments\":null}", string(Append(nil, wire.Raw{})))
}
