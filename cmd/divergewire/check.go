package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/begin"
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
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprint(stdout, checkUsage)
		return exitOK
	}
	if len(args) != 1 || args[0] != "-" && strings.HasPrefix(args[0], "-") {
		fmt.Fprint(stderr, checkUsage)
		return exitUsage
	}
	path := args[0]
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
	events, err := readTrace(r)
	if err != nil {
		var te *traceError
		if errors.As(err, &te) {
			fmt.Fprintf(stderr, "divergewire check: %s:%d: %v\n", name, te.line, te.err)
		} else {
			fmt.Fprintf(stderr, "divergewire check: %s: %v\n", name, err)
		}
		return exitUsage
	}
	var c begin.Checker
	for i := range events {
		if err := events[i].feed(&c); err != nil {
			fmt.Fprintf(stdout, "violation line %d: %s\n", events[i].line, sanitize(err.Error()))
			return exitViolation
		}
	}
	fmt.Fprintln(stdout, "ok")
	return exitOK
}
