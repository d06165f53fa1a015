// Command divergewire decodes, checks and conforms diverge container-proxy
// payloads. Every subcommand takes -h (or --help) to print its usage and
// exit 0, as "divergewire help CMD" does. A subcommand's flags may come
// before, between or after its other arguments; "--" ends them.
//
//	divergewire conform
//	    answer "<scope> <hex>" lines on stdin as rustref conform does:
//	    one "ok <hex>" or "err <variant>\t<message>" line each
//	divergewire decode [-show-secrets] SCOPE HEX
//	divergewire decode [-show-secrets] SCOPE -
//	divergewire decode [-show-secrets] FILE|TRACE|-
//	    show one payload (given as hex, or stdin's raw bytes), or every
//	    "<scope> <hex>" line of a file, or a session trace event by event
//	    with its loops marked; -show-secrets shows secret values, which
//	    are <hidden> otherwise
//	divergewire check [-complete] TRACE|-
//	    check a recorded begin session: print "ok", or "violation line N:
//	    <rule>: <explanation>" for the first rule it breaks (exit 1);
//	    -complete also wants no loop open and every channel finished at
//	    the end
//	divergewire view [-show-secrets] [-o FILE] TRACE|-
//	    draw a recorded begin session as one self-contained HTML page (to
//	    FILE, or stdout): a timeline of the main stream and each channel
//	    as lanes grouped by kind, the loops as numbered bands, the secrets
//	    gate, each message's fate linked to its loop or its dequeue, every
//	    event decoded on hover or click (decode's words, its line and
//	    hex), the first violation marked on its event, and a summary; at
//	    most 2000 events are drawn as rows, the rest counted; secret
//	    values and the hex that carries them are left out unless
//	    -show-secrets
//	divergewire bench [-ms N] FILE
//	    time decode and encode of FILE's ok vectors as rustref bench does;
//	    -ms is each vector's budget in milliseconds (default 200)
//	divergewire scopes
//	    list the scopes
//	divergewire proxy [-listen ADDR] [-declare NAME=fixed|rotating,...]
//	    run a container proxy with a demo program; serve one connection
//	divergewire session -connect URL [-secret NAME=JSON ...] [-message KEY=TEXT ...]
//	    run a session against a proxy and print it with the checker's verdict
//
// Exit status 2 is a usage error, a file that cannot be read, or a
// malformed line. No error message shows a payload's bytes.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
)

const usage = `usage:
  divergewire conform                              answer "<scope> <hex>" lines on stdin, as rustref conform does
  divergewire decode [-show-secrets] SCOPE HEX     show one payload
  divergewire decode [-show-secrets] FILE          show every "<scope> <hex>" line of FILE (- for stdin)
  divergewire decode [-show-secrets] TRACE         show a session trace, event by event with its loops
  divergewire decode [-show-secrets] SCOPE -       show stdin's raw bytes as one payload
  divergewire check [-complete] TRACE              check a session trace: print ok, or the first rule it breaks
  divergewire view [-show-secrets] [-o FILE] TRACE draw a session trace as one self-contained HTML page
  divergewire bench [-ms N] FILE                   time decode and encode of FILE's ok vectors, as rustref bench does
  divergewire scopes                               list the scopes
  divergewire proxy [-listen ADDR] [-declare ...]  run a container proxy with a demo program, for one connection
  divergewire session -connect URL [...]           run a session against a proxy; print it and the checker's verdict
Each subcommand takes -h for its own usage (or: divergewire help CMD). Flags
may come before or after the other arguments; -- ends them.
`

const conformUsage = `usage:
  divergewire conform   answer "<scope> <hex>" lines on stdin, one "ok <hex>"
                        or "err <variant>\t<message>" line each, as rustref conform does
`

const scopesUsage = `usage:
  divergewire scopes   list the scopes, one a line
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		return help(args[1:], stdin, stdout, stderr)
	case "conform":
		fs := newFlags("conform")
		if status, done := parse(fs, conformUsage, args[1:], stdout, stderr); done {
			return status
		}
		if fs.NArg() != 0 {
			return badArgs(fs, conformUsage, stderr)
		}
		if err := conform(stdin, stdout); err != nil {
			fmt.Fprintln(stderr, "divergewire:", err)
			return 1
		}
		return exitOK
	case "decode":
		return decode(args[1:], stdin, stdout, stderr)
	case "check":
		return check(args[1:], stdin, stdout, stderr)
	case "view":
		return view(args[1:], stdin, stdout, stderr)
	case "bench":
		return bench(args[1:], stdout, stderr)
	case "proxy":
		return proxyCmd(args[1:], stdout, stderr)
	case "session":
		return sessionCmd(args[1:], stdout, stderr)
	case "scopes":
		fs := newFlags("scopes")
		if status, done := parse(fs, scopesUsage, args[1:], stdout, stderr); done {
			return status
		}
		if fs.NArg() != 0 {
			return badArgs(fs, scopesUsage, stderr)
		}
		for _, s := range scopes.All {
			fmt.Fprintln(stdout, s.Name)
		}
		return exitOK
	}
	fmt.Fprintf(stderr, "divergewire: unknown subcommand %q\n", args[0])
	fmt.Fprint(stderr, usage)
	return exitUsage
}

// help is "divergewire help [CMD]": the usage, or CMD's own (what CMD -h
// prints); an unknown CMD is a usage error, as it is without help.
func help(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0 || isHelp(args[0]) && len(args) == 1:
		fmt.Fprint(stdout, usage)
		return exitOK
	case len(args) > 1:
		fmt.Fprintln(stderr, "divergewire help: one subcommand at most")
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	return run([]string{args[0], "-h"}, stdin, stdout, stderr)
}

// isHelp reports whether arg asks for the top-level usage.
func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "help":
		return true
	}
	return false
}
