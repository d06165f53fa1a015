package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// runMain runs the command in-process with empty stdin.
func runMain(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestHelpSubcommand: "help CMD" prints what "CMD -h" prints, CMD's own
// usage, not the top-level one.
func TestHelpSubcommand(t *testing.T) {
	tests := []struct {
		sub  string
		want string // a line only CMD's usage has
	}{
		{"conform", "divergewire conform   answer"},
		{"decode", "divergewire decode [-show-secrets] SCOPE HEX   show one payload given as hex"},
		{"check", "divergewire check [-complete] TRACE   check a recorded begin session"},
		{"view", "divergewire view"},
		{"bench", "divergewire bench"},
		{"scopes", "divergewire scopes   list the scopes"},
	}
	for _, tt := range tests {
		t.Run(tt.sub, func(t *testing.T) {
			code, out, errOut := runMain("help", tt.sub)
			assert.Equal(t, exitOK, code)
			assert.Empty(t, errOut)
			assert.Contains(t, out, tt.want)
			assert.NotEqual(t, usage, out, "the top-level usage")

			_, own, _ := runMain(tt.sub, "-h")
			assert.Equal(t, own, out)
		})
	}
}

// TestHelpTopLevel: help alone, or asking for help's help, is the
// top-level usage on stdout.
func TestHelpTopLevel(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"help", "help"}, {"help", "-h"}, {"--help", "--help"}} {
		code, out, errOut := runMain(args...)
		assert.Equal(t, exitOK, code, args)
		assert.Equal(t, usage, out, args)
		assert.Empty(t, errOut, args)
	}
}

// TestUnknownSubcommand: an unknown subcommand, bare or after help, is
// named in the error, with the usage, and exits 2.
func TestUnknownSubcommand(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"bogus"}, `divergewire: unknown subcommand "bogus"`},
		{[]string{"bogus", "x"}, `divergewire: unknown subcommand "bogus"`},
		{[]string{"help", "bogus"}, `divergewire: unknown subcommand "bogus"`},
		{[]string{"-x"}, `divergewire: unknown subcommand "-x"`},
		{[]string{"de\x1bcode"}, `divergewire: unknown subcommand "de\x1bcode"`},
		{[]string{"help", "decode", "check"}, "divergewire help: one subcommand at most"},
	}
	for _, tt := range tests {
		code, out, errOut := runMain(tt.args...)
		assert.Equal(t, exitUsage, code, tt.args)
		assert.Empty(t, out, tt.args)
		assert.True(t, strings.HasPrefix(errOut, tt.want+"\n"), "want %q first, got %q", tt.want, errOut)
		assert.Contains(t, errOut, usage, tt.args)
	}
	code, _, errOut := runMain()
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, usage, errOut, "no subcommand: the usage alone")
}
