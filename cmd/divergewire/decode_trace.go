// How decode shows a session trace: stream first, with its loops marked.

package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/trace"
)

// traceView is what decode follows through a trace: the main stream's
// loops, to mark where each begins and ends.
type traceView struct {
	loops  int  // loops begun
	inLoop bool // an Active with no Inactive or Error yet
}

// traceLine shows one event line of a trace: stream first, then the line
// number, then the payload as its scope reads it (or the finish). A main
// stream Active is preceded by a "── loop N ──" line, and the Inactive or
// Error that ends the loop is followed by an "── end of loop N ──" line.
func (d *decoder) traceLine(name string, n int, line string, tv *traceView) int {
	ev, msg := parseTraceLine(line)
	if msg != "" {
		return d.usage("%s:%d: %s", name, n, msg)
	}
	head := sanitize(ev.Stream) + "  line " + strconv.Itoa(n) + "  "
	switch {
	case ev.Finish:
		d.println(head + "finish")
		return exitOK
	case ev.Scope == session.ScopeOpaque:
		d.println(fmt.Sprintf("%s%s  %d bytes, not read", head, ev.Scope, len(ev.Payload)))
		return exitOK
	}
	scope, _ := scopes.Lookup(ev.Scope) // parseTraceLine checked it
	v, err := scope.Decode(ev.Payload)
	onMain := ev.OnMain() && err == nil
	if _, ok := v.(*begin.Active); ok && onMain {
		tv.loops++
		tv.inLoop = true
		fmt.Fprintf(d.out, "── loop %d ──\n", tv.loops)
	}
	ok := d.shown(head, scope, ev.Payload, v, err)
	if onMain && tv.inLoop {
		switch v.(type) {
		case *begin.Inactive:
			tv.inLoop = false
			fmt.Fprintf(d.out, "── end of loop %d ──\n", tv.loops)
		case *begin.Error:
			tv.inLoop = false
			fmt.Fprintf(d.out, "── end of loop %d, by an Error ──\n", tv.loops)
		}
	}
	if !ok {
		return exitBadFrame
	}
	return exitOK
}

// parseTraceLine reads one content line of a trace as a trace.Reader
// does, or says what is wrong with it without quoting it.
func parseTraceLine(line string) (session.Event, string) {
	l, err := trace.NewReader(strings.NewReader(line)).Next()
	var se *trace.SyntaxError
	switch {
	case errors.As(err, &se):
		return session.Event{}, se.Msg
	case err != nil || l.Event == nil:
		return session.Event{}, "expected `<stream> <scope> <hex>` or `<stream> finish`"
	}
	return *l.Event, ""
}

// isTraceLine reports whether a content line has a trace line's shape, three
// fields or "<stream> finish", rather than decode's "<scope> <hex>".
func isTraceLine(text string) bool {
	f := strings.Fields(text)
	return len(f) == 3 || len(f) == 2 && f[1] == "finish"
}
