package main

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/mutate"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// TestDecodeNeverShowsSecrets: random secret values, wrapped in every
// payload that carries Values and corrupted in many ways, never appear in
// decode's output without --show-secrets. Two things a corruption can do are
// no leak and are skipped: turn a value into a member name (names are
// shown), or turn the payload into another frame that carries no Values (a
// tag 4 become a Chunk, whose JSON is shown).
func TestDecodeNeverShowsSecrets(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	m := mutate.New(5)
	shown := 0
	for i := range 150 {
		marker := fmt.Sprintf("SECRETMARK%03d%d", i, rng.IntN(1e6))
		number := fmt.Sprint(1e15 + rng.IntN(1e15))
		values := fmt.Sprintf(`{"a":"%s","b":%s,"c":{"x":["%s",%s]}}`, marker, number, marker, number)
		for scope, payload := range map[string][]byte{
			"secrets.values":        []byte(values),
			"begin.channel_request": append([]byte{4}, values...),
			"begin.response":        append([]byte{4}, values...),
		} {
			for j := range 25 {
				in := payload
				if j > 0 {
					in = m.One(payload)
				}
				var out, errOut bytes.Buffer
				decode([]string{scope, hexArg(in)}, strings.NewReader(""), &out, &errOut)
				text := out.String() + errOut.String()
				names, carrier := valueNames(scope, in)
				if !carrier {
					continue
				}
				for _, secret := range []string{marker, number} {
					if strings.Contains(names, secret) {
						continue
					}
					require.NotContains(t, text, secret, "%s %q", scope, in)
				}
				if strings.Contains(text, "<hidden>") {
					shown++
				}
			}
		}
	}
	require.Greater(t, shown, 1000, "too few payloads decoded to show hidden values")
}

func hexArg(b []byte) string {
	if len(b) == 0 {
		return "-"
	}
	return hex.EncodeToString(b)
}

// valueNames joins the names of the Values a payload decodes to. carrier
// is false when it decodes to something that carries no Values; a payload
// that does not decode is a carrier (its error text is checked).
func valueNames(scope string, payload []byte) (names string, carrier bool) {
	var v secrets.Values
	switch scope {
	case "secrets.values":
		if v.DecodeJSON(payload) != nil {
			return "", true
		}
	case "begin.channel_request":
		r, err := begin.DecodeChannelRequest(payload)
		if err != nil {
			return "", true
		}
		s, ok := r.(*begin.Secrets)
		if !ok {
			return "", false
		}
		v = s.Values
	default:
		r, err := begin.DecodeResponse(payload)
		if err != nil {
			return "", true
		}
		s, ok := r.(*begin.Inactive)
		if !ok {
			return "", false
		}
		v = s.Values
	}
	var list []string
	for n := range v.Names() {
		list = append(list, n)
	}
	return strings.Join(list, "\n"), true
}
