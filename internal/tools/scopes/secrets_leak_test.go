package scopes

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/mutate"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// secretValue makes a random JSON value that holds marker somewhere: a
// string, a number, an object, an array, nested or not.
func secretValue(rng *rand.Rand, marker string, depth int) string {
	switch rng.IntN(6) {
	case 0:
		return `"` + marker + `"`
	case 1:
		return `"pre ` + marker + ` post \n\u00e9 <&>"`
	case 2:
		// A number whose digits are the marker's.
		return strings.TrimLeft(fmt.Sprint(rng.Uint64()|1<<60), "0")
	case 3:
		if depth < 3 {
			return `{"user":"app","password":` + secretValue(rng, marker, depth+1) + `,"n":1.5}`
		}
	case 4:
		if depth < 3 {
			return `[null,true,` + secretValue(rng, marker, depth+1) + `]`
		}
	}
	return `"` + marker + `"`
}

// TestSecretsNeverLeakIntoErrors wraps random secret values in every payload
// that carries Values, corrupts them in many ways, decodes, and checks that
// no error's text (the whole chain) holds any secret.
func TestSecretsNeverLeakIntoErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	m := mutate.New(7)
	checked := 0
	for i := range 300 {
		marker := fmt.Sprintf("MARKER%04dx%d", i, rng.IntN(1e6))
		var secrets []string
		var members []string
		for j := range 1 + rng.IntN(4) {
			v := secretValue(rng, marker, 0)
			secrets = append(secrets, v, marker)
			members = append(members, fmt.Sprintf(`"s%d":%s`, j, v))
		}
		values := "{" + strings.Join(members, ",") + "}"
		payloads := map[string][]byte{
			"secrets.values":        []byte(values),
			"begin.channel_request": append([]byte{4}, values...),
			"begin.response":        append([]byte{4}, values...),
		}
		for scope, payload := range payloads {
			s, _ := Lookup(scope)
			_, err := s.Decode(payload)
			require.NoError(t, err, "%s %s", scope, payload)
			for range 20 {
				bad := m.One(payload)
				_, err := s.Decode(bad)
				if err == nil {
					continue
				}
				checked++
				msg := err.Error()
				for e := err; e != nil; e = unwrap(e) {
					msg += "\n" + e.Error()
				}
				for _, secret := range secrets {
					if len(secret) >= 6 && strings.Contains(msg, secret) {
						t.Fatalf("%s: error text holds a secret %q:\n%s\npayload %q", scope, secret, msg, bad)
					}
				}
			}
		}
	}
	require.Greater(t, checked, 5000, "too few corrupted payloads were refused to mean anything")
}

func unwrap(err error) error {
	if u, ok := err.(interface{ Unwrap() error }); ok {
		return u.Unwrap()
	}
	return nil
}

// The same for a JSON error's text, whatever the damage: it quotes nothing.
func TestJSONErrorsQuoteNothing(t *testing.T) {
	m := mutate.New(3)
	base := []byte(`{"token":"QUOTEME_123456","nested":{"k":["QUOTEME_123456"]}}`)
	for range 5000 {
		bad := m.One(base)
		if err := new(wire.Raw).DecodeJSON(bad); err != nil {
			require.NotContains(t, err.Error(), "QUOTEME")
		}
	}
}
