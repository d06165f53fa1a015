package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/diverge-network/diverge-sdk-go/trace"
)

const checkUsage = `usage:
  divergewire check TRACE   check a recorded begin session (- for stdin)

TRACE has one event per line:
  main <scope> <hex>           a payload on the main stream
  main finish                  the main stream's finish
  <channel-id> <scope> <hex>   a payload on a channel; its first is the request
  <channel-id> finish          a channel's finish
A channel id is any token other than main; # starts a comment line; the hex
"-" is the empty payload; the scope "opaque" marks a Postgres or Info answer,
which is not read.

Prints "ok", or "violation line N: <rule>: <explanation>" for the first rule
the session breaks (the rules are listed in the godoc of begin.Rule).

Exit status: 0 ok, 1 a violation, 2 a usage error or a malformed trace.
`

// exitViolation is check's status for a session that broke a rule.
const exitViolation = 1

// check is the check subcommand: args are what follows "check".
func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check")
	if status, done := parse(fs, checkUsage, args, stdout, stderr); done {
		return status
	}
	if fs.NArg() != 1 {
		return badArgs(fs, checkUsage, stderr)
	}
	path := fs.Arg(0)
	r, name := stdin, "stdin"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(stderr, "divergewire check:", err)
			return exitUsage
		}
		defer f.Close()
		r, name = f, path
	}
	err := trace.CheckAll(trace.NewReader(r))
	var v *trace.Violation
	var se *trace.SyntaxError
	switch {
	case err == nil:
		fmt.Fprintln(stdout, "ok")
		return exitOK
	case errors.As(err, &v):
		fmt.Fprintf(stdout, "violation line %d: %s\n", v.Line, sanitize(v.Err.Error()))
		return exitViolation
	case errors.As(err, &se):
		fmt.Fprintf(stderr, "divergewire check: %s:%d: %s\n", name, se.Line, se.Msg)
	default:
		fmt.Fprintf(stderr, "divergewire check: %s: %v\n", name, err)
	}
	return exitUsage
}
