package session

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestSecretNeedles(t *testing.T) {
	tests := []struct {
		value, shown, escaped string
	}{
		{`"t1"`, "t1", ""},
		{`"tok_SECRET_123"`, "tok_SECRET_123", ""},
		{`"a\"b"`, `a"b`, `a\"b`},
		{`"line\nnext"`, "line\nnext", `line\nnext`},
		{`"é"`, "é", ""},
		{`42`, "42", ""},
		{`-1.5`, "-1.5", ""},
		{`true`, "true", ""},
		{`false`, "false", ""},
		{`{"k":"v"}`, `{"k":"v"}`, ""},
		{`[1,2]`, "[1,2]", ""},
		{`null`, "", ""},
		{`""`, "", ""},
		{`{}`, "", ""},
		{`[]`, "", ""},
	}
	for _, tt := range tests {
		var raw wire.Raw
		require.NoError(t, raw.DecodeJSON([]byte(tt.value)), tt.value)
		shown, escaped := secretNeedles(raw)
		assert.Equal(t, tt.shown, shown, tt.value)
		assert.Equal(t, tt.escaped, escaped, tt.value)
	}
	shown, escaped := secretNeedles(wire.Raw{})
	assert.Empty(t, shown+escaped, "the zero Raw holds nothing")
}

func TestCarries(t *testing.T) {
	tests := []struct {
		message, needle string
		want            bool
	}{
		{"bad token t1", "t1", true},
		{"t1", "t1", true},
		{"(t1)", "t1", true},
		{"t1: refused", "t1", true},
		{"bad token t10", "t1", false},
		{"bad token xt1", "t1", false},
		{"at1 t10 t1_ t1", "t1", true}, // the last one stands alone
		{"at1 t10 t1_", "t1", false},
		{"attempt 1", "1", true},
		{"1.5", "1", true},
		{"v12", "1", false},
		{"éab12cd", "ab12cd", false},
		{"ab12cdé", "ab12cd", false},
		{"«ab12cd»", "ab12cd", false}, // « and » are non-ASCII: their bytes count as a word's
		{"« ab12cd »", "ab12cd", true},
		{"was not handed back", "a", false},
		{"api_key=a; refused", "a", true},
		{"limit 420", "42", false},
		{"xtok_SECRET_123x", "tok_SECRET_123", true}, // eight bytes or more: anywhere
		{"ghs_k3y9!", "ghs_k3y9", true},
		{"xghs_k3y9", "ghs_k3y9", true},
		{"xghs_k3y", "ghs_k3y", false}, // seven: a whole word only
		{"", "a", false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, carries(tt.message, tt.needle), "%q in %q", tt.needle, tt.message)
	}
}
