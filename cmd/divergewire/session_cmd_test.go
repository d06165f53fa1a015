package main

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runProxy starts the proxy subcommand on a loopback port and returns its
// URL and a channel with its exit status.
func runProxy(t *testing.T, args ...string) (string, <-chan int) {
	t.Helper()
	pr, pw := io.Pipe()
	status := make(chan int, 1)
	var stderr bytes.Buffer
	go func() {
		status <- run(append([]string{"proxy", "-listen", "127.0.0.1:0"}, args...), nil, pw, &stderr)
		_ = pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	require.NoError(t, err, "stderr: %s", stderr.String())
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	require.True(t, strings.HasPrefix(line, "listening on ws://127.0.0.1:"), line)
	return strings.TrimSpace(strings.TrimPrefix(line, "listening on ")), status
}

// The two subcommands together on loopback: a session of three messages
// against a program with a fixed and a rotating secret, printed and
// checked; the proxy serves the one connection and exits 0.
func TestProxySession(t *testing.T) {
	tests := []struct {
		name    string
		declare string
		extra   []string
		want    []string
	}{
		{"no secrets", "", nil, []string{"verdict: ok", "echo: hello", "echo: again"}},
		{"secrets", "api=fixed,token=rotating", []string{"-secret", `api="k-1"`, "-secret", `token="t0"`},
			[]string{"verdict: ok", "secrets.feed_response  Fed", "token: <hidden>", "echo: world"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var args []string
			if tt.declare != "" {
				args = []string{"-declare", tt.declare}
			}
			url, proxyStatus := runProxy(t, args...)
			var out, errOut bytes.Buffer
			sargs := append([]string{"session", "-connect", url}, tt.extra...)
			sargs = append(sargs, "-message", "a=hello", "-message", "b=world", "-message", "c=again")
			status := run(sargs, nil, &out, &errOut)
			assert.Equal(t, exitOK, status, "stderr: %s", errOut.String())
			for _, w := range tt.want {
				assert.Contains(t, out.String(), w)
			}
			assert.NotContains(t, out.String(), "k-1", "a fed value shows")
			assert.NotContains(t, out.String(), "t0", "a fed value shows")
			assert.Equal(t, exitOK, <-proxyStatus)
		})
	}
}

func TestSessionUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"no connect", []string{"session"}},
		{"bad secret", []string{"session", "-connect", "ws://127.0.0.1:1/", "-secret", "x"}},
		{"bad secret value", []string{"session", "-connect", "ws://127.0.0.1:1/", "-secret", "x={"}},
		{"bad message", []string{"session", "-connect", "ws://127.0.0.1:1/", "-message", "x"}},
		{"bad arguments", []string{"session", "-connect", "ws://127.0.0.1:1/", "-arguments", "{"}},
		{"bad declare", []string{"proxy", "-declare", "a=sometimes"}},
		{"proxy argument", []string{"proxy", "extra"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			assert.Equal(t, exitUsage, run(tt.args, nil, &out, &errOut))
			assert.NotEmpty(t, errOut.String())
		})
	}
}

// A declared secret with no -secret is a usage error, and the proxy still
// ends.
func TestSessionMissingSecret(t *testing.T) {
	url, proxyStatus := runProxy(t, "-declare", "token=rotating")
	var out, errOut bytes.Buffer
	assert.Equal(t, exitUsage, run([]string{"session", "-connect", url, "-message", "a=hi"}, nil, &out, &errOut))
	assert.Contains(t, errOut.String(), "declared token")
	assert.Equal(t, exitOK, <-proxyStatus)
}
