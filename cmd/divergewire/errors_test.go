package main

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHelpEverySubcommand: -h and --help print usage on stdout and exit 0.
func TestHelpEverySubcommand(t *testing.T) {
	for _, sub := range []string{"conform", "decode", "check", "bench", "scopes"} {
		for _, h := range []string{"-h", "--help"} {
			var out, errOut bytes.Buffer
			code := run([]string{sub, h}, strings.NewReader(""), &out, &errOut)
			assert.Equal(t, 0, code, sub+" "+h)
			assert.Contains(t, out.String(), "usage:", sub+" "+h)
			assert.Empty(t, errOut.String(), sub+" "+h)
		}
		var out, errOut bytes.Buffer
		assert.Equal(t, 2, run([]string{sub, "--no-such-flag"}, strings.NewReader(""), &out, &errOut), sub)
		assert.Contains(t, errOut.String(), "usage:", sub)
	}
	var out bytes.Buffer
	assert.Equal(t, 0, run([]string{"--help"}, strings.NewReader(""), &out, &out))
	assert.Contains(t, out.String(), "divergewire check [-complete] TRACE")
}

// TestErrorsShowNoPayload: no error message of trace parsing, decode, check,
// conform or bench shows a payload's bytes, as hex or as text.
func TestErrorsShowNoPayload(t *testing.T) {
	const marker = "SECRET_MARKER_4711"
	payload := []byte("\x04" + `{"token":"` + marker + `"}`)
	hx := hex.EncodeToString(payload)
	badFrame := hex.EncodeToString([]byte("\x04" + `{"token":"` + marker + `"`))
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
		return p
	}
	begun := "main begin.response 007b2273656372657473223a7b22746f6b656e223a22726f746174696e67227d7d\n"
	tests := []struct {
		name  string
		args  []string
		stdin string
	}{
		{"check: fields out of order", []string{"check", "-"}, begun + "f1 " + hx + " begin.channel_request\n"},
		{"check: hex in the scope field", []string{"check", "-"}, begun + "f1 " + hx + " " + hx + "\n"},
		{"check: bad hex", []string{"check", "-"}, begun + "f1 begin.channel_request " + hx + "zz\n"},
		{"check: odd hex", []string{"check", "-"}, begun + "f1 begin.channel_request " + hx + "0\n"},
		{"check: a feed that does not decode", []string{"check", "-"}, begun + "f1 begin.channel_request " + badFrame + "\n"},
		{"check: a violation on a feed", []string{"check", "-"}, "main begin.response 007b7d\nf1 begin.channel_request " + hx + "\n"},
		{"decode: hex as scope", []string{"decode", hx, hx}, ""},
		{"decode: bad hex", []string{"decode", "begin.channel_request", hx + "g"}, ""},
		{"decode: a frame that does not decode", []string{"decode", "begin.channel_request", badFrame}, ""},
		{"decode: file with fields out of order", []string{"decode", write("f.txt", hx+" begin.channel_request\n")}, ""},
		{"decode: trace with fields out of order", []string{"decode", write("t.trace", begun+"f1 "+hx+" begin.channel_request\n")}, ""},
		{"conform: hex as scope", []string{"conform"}, hx + " " + hx + "\nbegin.channel_request " + badFrame + "\n"},
		{"bench: a vector with hex as scope", []string{"bench", "-ms", "1", write("v.json", `{"vectors":[{"name":"n","scope":"`+hx+`","hex":"`+hx+`","expect":"ok"}]}`)}, ""},
		{"bench: a vector with bad hex", []string{"bench", "-ms", "1", write("w.json", `{"vectors":[{"name":"n","scope":"secrets.values","hex":"`+hx+`zz","expect":"ok"}]}`)}, ""},
		{"bench: a vector that does not decode", []string{"bench", "-ms", "1", write("x.json", `{"vectors":[{"name":"n","scope":"begin.channel_request","hex":"`+badFrame+`","expect":"ok"}]}`)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tt.args, strings.NewReader(tt.stdin), &out, &errOut)
			if tt.args[0] != "conform" && (tt.args[0] != "check" || !strings.Contains(tt.name, "does not decode")) {
				assert.NotEqual(t, 0, code)
			}
			// stdout too: check's verdict, decode's ERROR lines and
			// conform's err lines are error messages as well.
			all := errOut.String() + out.String()
			if tt.args[0] == "check" && code == 0 {
				all += "ok"
			}
			assert.NotEmpty(t, strings.TrimSpace(all))
			for _, leak := range []string{marker, "MARKER", hx[:16], hx[len(hx)-16:], badFrame[:16]} {
				assert.NotContains(t, all, leak)
			}
		})
	}
}
