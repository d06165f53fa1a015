package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/internal/scopes"
)

// A trace records one begin session, one event per line:
//
//	main <scope> <hex>          a payload on the main stream
//	main finish                 the main stream's finish
//	<channel-id> <scope> <hex>  a payload on a channel (its first is the request)
//	<channel-id> finish         a channel's finish
//
// A channel id is any token other than "main". Fields are separated by
// spaces or tabs. Blank lines are skipped and lines starting with # are
// comments. The hex "-" is the empty payload. The scope is one that
// "divergewire scopes" lists, or "opaque" for a payload this library does
// not read (a Postgres channel's bytes, an Info channel's answer).

// mainStream is the main stream's name in a trace.
const mainStream = "main"

// traceEvent is one event line of a trace.
type traceEvent struct {
	line    int    // 1-based line number
	stream  string // mainStream or a channel id
	finish  bool   // a finish; scope and payload are empty
	scope   string
	payload []byte
}

// isTraceLine reports whether a content line has a trace line's shape, three
// fields or "<stream> finish", rather than decode's "<scope> <hex>".
func isTraceLine(text string) bool {
	f := strings.Fields(text)
	return len(f) == 3 || len(f) == 2 && f[1] == "finish"
}

// isContent reports whether a line is an event line rather than a blank
// line or a comment.
func isContent(text string) bool {
	return strings.TrimSpace(text) != "" && !strings.HasPrefix(text, "#")
}

// parseTraceLine reads the event line text, line number n. The error says
// what is wrong without the line number.
func parseTraceLine(n int, text string) (traceEvent, error) {
	f := strings.Fields(text)
	ev := traceEvent{line: n}
	switch {
	case len(f) == 2 && f[1] == "finish":
		ev.stream, ev.finish = f[0], true
		return ev, nil
	case len(f) != 3:
		return ev, fmt.Errorf("expected `<stream> <scope> <hex>` or `<stream> finish`")
	}
	ev.stream, ev.scope = f[0], f[1]
	if _, ok := scopes.Lookup(ev.scope); !ok && ev.scope != begin.ScopeOpaque {
		return ev, fmt.Errorf("unknown scope %s (divergewire scopes lists them; %q is the unread answer)", strconv.Quote(ev.scope), begin.ScopeOpaque)
	}
	payload, err := decodeHex(nil, []byte(f[2]))
	if err != nil {
		return ev, fmt.Errorf("bad hex: %v", err)
	}
	ev.payload = payload
	return ev, nil
}

// traceError is a malformed trace line.
type traceError struct {
	line int
	err  error
}

func (e *traceError) Error() string { return "line " + strconv.Itoa(e.line) + ": " + e.err.Error() }

// readTrace reads a whole trace. A malformed line is a *traceError; a read
// failure is returned as it is.
func readTrace(r io.Reader) ([]traceEvent, error) {
	br := bufio.NewReader(r)
	var events []traceEvent
	for n := 1; ; n++ {
		text, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, err
		}
		if text == "" && err == io.EOF {
			return events, nil
		}
		text = strings.TrimRight(text, "\r\n")
		if isContent(text) {
			ev, perr := parseTraceLine(n, text)
			if perr != nil {
				return nil, &traceError{line: n, err: perr}
			}
			events = append(events, ev)
		}
		if err == io.EOF {
			return events, nil
		}
	}
}

// feed gives one trace event to a checker.
func (ev *traceEvent) feed(c *begin.Checker) error {
	switch {
	case ev.stream == mainStream && ev.finish:
		return c.MainFinish()
	case ev.stream == mainStream:
		return c.MainAs(ev.scope, ev.payload)
	case ev.finish:
		return c.ChannelFinish(ev.stream)
	}
	return c.ChannelAs(ev.stream, ev.scope, ev.payload)
}
