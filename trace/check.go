package trace

import (
	"errors"
	"io"
	"strconv"

	"github.com/diverge-network/diverge-sdk-go/begin"
)

// Checker checks a session's events as a trace labels them: first the
// rules about labels, main.scope (the main stream carries begin.response),
// channel.request-first (a channel's first payload is labelled
// begin.channel_request) and channel.answer-family (an answer is labelled
// with its request's family: enqueue.response, dequeue.response,
// secrets.feed_response, or opaque for Postgres and Info); then every rule
// of a begin.Checker, to which it hands the event.
//
// Once a rule is broken every later call returns the same *begin.Violation.
// The zero value is ready to use. A Checker is not safe for concurrent
// use; a Recorder is.
type Checker struct {
	c      begin.Checker
	failed error
}

// Session is the begin.Checker the events are handed to, to read its
// state (Loops, InLoop, Gated, ...). Feeding it directly skips the label
// rules.
func (c *Checker) Session() *begin.Checker { return &c.c }

// Err is the violation found so far, or nil.
func (c *Checker) Err() error { return c.failed }

// Check takes one event. It returns nil or a *begin.Violation.
func (c *Checker) Check(ev Event) error {
	if c.failed != nil {
		return c.failed
	}
	err := c.check(ev)
	if err != nil {
		c.failed = err
	}
	return err
}

func (c *Checker) check(ev Event) error {
	switch {
	case ev.OnMain() && ev.Finish:
		return c.c.MainFinish()
	case ev.OnMain():
		if want := c.c.MainScope(); want != "" && ev.Scope != want {
			return label(begin.RuleMainScope, begin.Event{Main: true, Scope: ev.Scope},
				"labelled "+quote(ev.Scope)+"; the main stream carries "+begin.ScopeResponse+" payloads only")
		}
		return c.c.Main(ev.Payload)
	case ev.Finish:
		return c.c.ChannelFinish(ev.Stream)
	}
	want := c.c.ChannelScope(ev.Stream)
	switch {
	case want == "" || ev.Scope == want:
	case want == begin.ScopeChannelRequest:
		return label(begin.RuleChannelRequestFirst, begin.Event{Channel: ev.Stream, Scope: ev.Scope},
			"the channel's first payload is labelled "+quote(ev.Scope)+"; a channel opens with its request ("+begin.ScopeChannelRequest+")")
	default:
		return label(begin.RuleChannelAnswerFamily, begin.Event{Channel: ev.Stream, Scope: ev.Scope},
			"the channel's request is answered by "+want+", not "+quote(ev.Scope))
	}
	return c.c.Channel(ev.Stream, ev.Payload)
}

func label(rule begin.Rule, ev begin.Event, detail string) error {
	return &begin.Violation{Rule: rule, Event: ev, Detail: detail}
}

// quote shows a label: bare when it is a scope name, else quoted.
func quote(s string) string {
	if KnownScope(s) {
		return strconv.Quote(s)
	}
	if len(s) > 40 {
		return "a label that is no scope"
	}
	return strconv.Quote(s)
}

// Violation is the first rule a recorded session broke, with the trace
// line of the event that broke it. errors.As finds the *begin.Violation
// inside.
type Violation struct {
	Line int // the event's line in the trace
	Err  *begin.Violation
}

// Error is "line N: <rule>: <event>: <detail>".
func (v *Violation) Error() string { return "line " + strconv.Itoa(v.Line) + ": " + v.Err.Error() }

// Unwrap is the *begin.Violation.
func (v *Violation) Unwrap() error { return v.Err }

// CheckAll reads a whole trace from r and checks it. It returns nil for a
// session that keeps every rule, a *SyntaxError for the first line that
// does not parse (even after a violation: a malformed trace is no session),
// a *Violation for the first rule broken, or a read error.
func CheckAll(r *Reader) error {
	var c Checker
	var found *Violation
	for {
		l, err := r.Next()
		switch {
		case errors.Is(err, io.EOF):
			if found != nil {
				return found
			}
			return nil
		case err != nil:
			return err
		case l.Event == nil || found != nil:
			continue
		}
		if err := c.Check(*l.Event); err != nil {
			var v *begin.Violation
			errors.As(err, &v)
			found = &Violation{Line: l.Number, Err: v}
		}
	}
}
