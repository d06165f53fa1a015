package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlagsFirst: flags move before the positional arguments with their
// values; "--" ends the flags; "-" is positional.
func TestFlagsFirst(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"none", nil, []string{"--"}},
		{"flags first", []string{"-v", "-o", "f", "a"}, []string{"-v", "-o", "f", "--", "a"}},
		{"flags last", []string{"a", "-v", "-o", "f"}, []string{"-v", "-o", "f", "--", "a"}},
		{"flags between", []string{"a", "-o=f", "b", "--v"}, []string{"-o=f", "--v", "--", "a", "b"}},
		{"value that looks like a flag", []string{"a", "-o", "-v"}, []string{"-o", "-v", "--", "a"}},
		{"stdin is positional", []string{"-", "-v"}, []string{"-v", "--", "-"}},
		{"double dash ends flags", []string{"a", "--", "-v", "-o", "f"}, []string{"--", "a", "-v", "-o", "f"}},
		{"double dash as a value", []string{"-o", "--", "a"}, []string{"-o", "--", "--", "a"}},
		{"unknown flag kept", []string{"a", "-x", "b"}, []string{"-x", "--", "a", "b"}},
		{"bool flag given a value", []string{"a", "-v=false"}, []string{"-v=false", "--", "a"}},
		{"missing value", []string{"a", "-o"}, []string{"-o"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := newFlags("t")
			fs.Bool("v", false, "")
			fs.String("o", "", "")
			assert.Equal(t, tt.want, flagsFirst(fs, tt.args))
		})
	}
}

// TestParseFlagsAnywhere: parse reads a flag after the positional
// arguments, and reports a value flag with no value.
func TestParseFlagsAnywhere(t *testing.T) {
	fs := newFlags("t")
	v := fs.Bool("v", false, "")
	o := fs.String("o", "", "")
	status, done := parse(fs, "usage\n", []string{"a", "-o", "out", "b", "-v"}, nil, nil)
	require.False(t, done, status)
	assert.True(t, *v)
	assert.Equal(t, "out", *o)
	assert.Equal(t, []string{"a", "b"}, fs.Args())

	fs = newFlags("t")
	fs.String("o", "", "")
	var errOut bytes.Buffer
	status, done = parse(fs, "usage\n", []string{"a", "-o"}, nil, &errOut)
	assert.True(t, done)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut.String(), "flag needs an argument: -o")
}

// TestSubcommandFlagsAfterFile: a flag after the file is a flag, not a
// scope or a second file (decode FILE -show-secrets read FILE as a scope).
func TestSubcommandFlagsAfterFile(t *testing.T) {
	gated := filepath.Join(tracesDir, "ok_gated.trace")
	open := filepath.Join(tracesDir, "ok_open_loop.trace")
	tests := []struct {
		name     string
		args     []string
		code     int
		contains string
	}{
		{"decode -show-secrets after the file", []string{"decode", gated, "-show-secrets"}, exitOK, `session_token: "st_example_rotated_1"`},
		{"decode --show-secrets after scope and hex", []string{"decode", "secrets.values", plain(`{"a":"v"}`), "--show-secrets"}, exitOK, `a: "v"`},
		{"check -complete after the file", []string{"check", open, "-complete"}, exitViolation, "session.complete"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runMain(tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			assert.Contains(t, out, tt.contains)
		})
	}

	page := filepath.Join(t.TempDir(), "page.html")
	code, out, errOut := runMain("view", gated, "-o", page)
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, out, "the page goes to -o's file")
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(html), "<html")

	// After "--", a flag-shaped word is an argument: here a second one, so
	// decode reads the file as a scope, which it is not.
	code, _, errOut = runMain("decode", "--", gated, "-show-secrets")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "unknown scope")
}
