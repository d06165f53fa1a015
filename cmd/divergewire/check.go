package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/trace"
)

const checkUsage = `usage:
  divergewire check [-complete] TRACE   check a recorded begin session (- for stdin)

TRACE has one event per line:
  main <scope> <hex>           a payload on the main stream
  main finish                  the main stream's finish
  <channel-id> <scope> <hex>   a payload on a channel; its first is the request
  <channel-id> finish          a channel's finish
A channel id is any token other than main; # starts a comment line; the hex
"-" is the empty payload; the scope "opaque" marks a Postgres or Info answer,
which is not read. A file of "<scope> <hex>" lines (what decode and conform
read, as in testdata/examples/*.txt) is no trace: it does not say which
stream carried each payload. testdata/examples/session.trace is a trace.

Prints "ok", or "violation line N: <rule>: <explanation>" for the first rule
the session breaks (the rules are listed in the godoc of session.Rule). With
-complete, a trace must also end with no loop open and every channel
finished (rule session.complete, reported at the trace's last line); the
main stream may stay open between loops. A trace with no event at all
records no session, and is refused.

Exit status: 0 ok, 1 a violation, 2 a usage error or a malformed or empty
trace.
`

// exitViolation is check's status for a session that broke a rule.
const exitViolation = 1

// ruleComplete is the rule check -complete adds: a trace ends with no loop
// open and every channel finished. It is checked at the end of a trace,
// not event by event, so it is no session.Rule a Checker tests.
const ruleComplete session.Rule = "session.complete"

// errNoEvent is a trace with no event line: no begin was recorded.
var errNoEvent = errors.New("no event: an empty trace records no session, not even its begin")

// maxOpenNamed bounds the channels a session.complete violation names.
const maxOpenNamed = 5

// check is the check subcommand: args are what follows "check".
func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check")
	complete := fs.Bool("complete", false, "a trace that ends with a loop or a channel open breaks session.complete")
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
	err := checkTrace(trace.NewReader(r), *complete)
	var v *session.Violation
	var inc *incompleteError
	var se *trace.SyntaxError
	switch {
	case err == nil:
		fmt.Fprintln(stdout, "ok")
		return exitOK
	case errors.As(err, &v):
		fmt.Fprintf(stdout, "violation %s\n", sanitize(v.Error())) // "line N: <rule>: ..."
		return exitViolation
	case errors.As(err, &inc):
		fmt.Fprintf(stdout, "violation line %d: %s\n", inc.Line, sanitize(inc.Error()))
		return exitViolation
	case errors.As(err, &se):
		fmt.Fprintf(stderr, "divergewire check: %s:%d: %s\n", name, se.Line, se.Msg)
	default:
		fmt.Fprintf(stderr, "divergewire check: %s: %v\n", name, err)
	}
	return exitUsage
}

// checkTrace checks a whole trace as trace.Check does, and also refuses
// a trace with no event (errNoEvent) and, when complete is set, one that
// ends with a loop or a channel open (an *incompleteError).
// A syntax error on a "<scope> <hex>" line says the file is a frame file.
func checkTrace(r *trace.Reader, complete bool) error {
	var (
		c      session.Checker
		found  *session.Violation
		events int
		last   int
		open   openStreams
	)
	for {
		l, err := r.Next()
		var se *trace.SyntaxError
		switch {
		case errors.Is(err, io.EOF):
			switch {
			case found != nil:
				return found
			case events == 0:
				return errNoEvent
			case complete:
				return open.complete(&c, last)
			}
			return nil
		case errors.As(err, &se):
			if isFrameLine(l.Text) {
				se.Msg += "; this line is \"<scope> <hex>\", a frame file's line (as decode and conform read), not a trace's: a trace names each payload's stream first (see check -h)"
			}
			return err
		case err != nil:
			return err
		}
		last = l.Number
		if l.Event == nil || found != nil {
			continue
		}
		events++
		if err := c.Check(*l.Event); errors.As(err, &found) {
			found.Line = l.Number
			continue
		}
		open.take(*l.Event, l.Number, &c)
	}
}

// isFrameLine reports whether text is a "<scope> <hex>" line: two fields,
// the first a scope.
func isFrameLine(text string) bool {
	f := strings.Fields(text)
	return len(f) == 2 && session.KnownScope(f[0])
}

// openStreams follows what a trace leaves open: the loop (with the line of
// its Active) and the channels not yet finished, with the lines that opened
// them, in the order they opened.
type openStreams struct {
	loopLine int // the open loop's Active; 0 with no loop open
	channels []openChannel
}

type openChannel struct {
	id   string
	line int
}

// take notes an event the checker accepted; s is the checker's state after
// it.
func (o *openStreams) take(ev session.Event, line int, s *session.Checker) {
	switch {
	case ev.OnMain() && !s.InLoop():
		o.loopLine = 0
	case ev.OnMain() && o.loopLine == 0:
		o.loopLine = line
	case ev.OnMain():
	case ev.Finish:
		for i, ch := range o.channels {
			if ch.id == ev.Stream {
				o.channels = append(o.channels[:i], o.channels[i+1:]...)
				break
			}
		}
	case !o.isOpen(ev.Stream):
		o.channels = append(o.channels, openChannel{id: ev.Stream, line: line})
	}
}

func (o *openStreams) isOpen(id string) bool {
	for _, ch := range o.channels {
		if ch.id == id {
			return true
		}
	}
	return false
}

// incompleteError is a trace that ends with a loop or a channel open,
// which breaks ruleComplete.
type incompleteError struct {
	Line   int    // the trace's last line
	Detail string // what is open, and since which line
}

// Error is "session.complete: end of trace: <detail>".
func (e *incompleteError) Error() string {
	return string(ruleComplete) + ": end of trace: " + e.Detail
}

// complete is nil if nothing is open at the end of the trace, else an
// *incompleteError at last, the trace's last line, naming the open loop
// and the first maxOpenNamed open channels.
func (o *openStreams) complete(s *session.Checker, last int) error {
	if o.loopLine == 0 && len(o.channels) == 0 {
		return nil
	}
	var parts []string
	if o.loopLine != 0 {
		parts = append(parts, "loop "+strconv.Itoa(s.Loops())+" open (its Active is line "+strconv.Itoa(o.loopLine)+")")
	}
	if n := len(o.channels); n > 0 {
		names := make([]string, 0, min(n, maxOpenNamed)+1)
		for _, ch := range o.channels[:min(n, maxOpenNamed)] {
			names = append(names, "channel "+ch.id+" (opened line "+strconv.Itoa(ch.line)+")")
		}
		if n > maxOpenNamed {
			names = append(names, strconv.Itoa(n-maxOpenNamed)+" more")
		}
		what := "1 channel not finished: "
		if n > 1 {
			what = strconv.Itoa(n) + " channels not finished: "
		}
		parts = append(parts, what+strings.Join(names, ", "))
	}
	return &incompleteError{Line: last, Detail: "it leaves " + strings.Join(parts, ", and ") +
		"; a complete session ends every loop and finishes every channel"}
}
