package trace

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/session"
)

// traceOf writes events as trace lines: "stream scope payload" with the
// payload in clear (hex-encoded here), or "stream finish".
func traceOf(lines ...string) string {
	var b strings.Builder
	for _, l := range lines {
		stream, rest, _ := strings.Cut(l, " ")
		if rest == "finish" {
			b.WriteString(stream + " finish\n")
			continue
		}
		scope, payload, _ := strings.Cut(rest, " ")
		b.WriteString(stream + " " + scope + " " + hex.EncodeToString([]byte(payload)) + "\n")
	}
	return b.String()
}

// TestTraceShortSecretValue: a session as a trace, whose collect error
// carries (or not) the six-byte token it was fed; the case, which
// passed while values under 8 bytes were not looked for.
func TestTraceShortSecretValue(t *testing.T) {
	traceText := func(errMessage string) string {
		return traceOf(
			"main begin.response \x00"+`{"secrets":{"session_token":"rotating"}}`,
			"f1 begin.channel_request \x04"+`{"session_token":"ab12cd"}`,
			"f1 secrets.feed_response \x00",
			"f1 finish",
			"e1 begin.channel_request \x02"+`{"key":"k","content":[{"type":"text","text":"go"}]}`,
			"main begin.response \x03",
			"main begin.response \x02"+`{"type":"user_text_content","key":"k","text":"go"}`,
			"main begin.response \x01"+`{"message":"`+errMessage+`"}`,
			"main finish",
		)
	}
	tests := []struct {
		name    string
		message string
		rule    session.Rule // "" keeps every rule
	}{
		{"the token after the name", `rotating secret session_token (ab12cd) was not handed back`, session.RuleErrorSecretValue},
		{"the token quoted", `rotating secret session_token was not handed back: \"ab12cd\"`, session.RuleErrorSecretValue},
		{"keep: the name alone", `rotating secret session_token was not handed back`, ""},
		{"keep: the token's letters inside a longer word", `rotating secret session_token was not handed back (xab12cdx)`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(NewReader(strings.NewReader(traceText(tt.message))))
			if tt.rule == "" {
				require.NoError(t, err)
				return
			}
			var v *session.Violation
			require.ErrorAs(t, err, &v)
			assert.Equal(t, tt.rule, v.Rule)
			assert.Equal(t, 8, v.Line)
			assert.NotContains(t, v.Error(), "ab12cd", "a violation never shows the value")
		})
	}
}
