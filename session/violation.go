package session

import "strconv"

// Violation is the first rule a begin broke: which rule, at which event,
// and why. It names secrets at most, never their values. A Checker returns
// it as an error; errors.As finds it.
type Violation struct {
	Rule Rule
	// Event is where the rule broke, without its payload: its Scope is
	// the scope the payload's place implies, or, for a label rule, the
	// label the event carried.
	Event Event
	// Variant is the payload's decoded variant ("Begun", "Active",
	// "Enqueue", "Delivered", "Fed", ...). Empty for a finish, and for a
	// payload that did not decode or that the checker does not read.
	Variant string
	Detail  string // what was wrong, in a sentence
	// Line is the event's line in a trace (1-based) when the event was
	// read from one, else 0.
	Line int
}

// Error is "<rule>: <event>: <detail>", after "line N: " when Line is set.
// The event is named by its variant when it has one ("main Active"), else
// as Event.String names it.
func (v *Violation) Error() string {
	s := string(v.Rule) + ": " + v.Event.name(v.Variant) + ": " + v.Detail
	if v.Line > 0 {
		s = "line " + strconv.Itoa(v.Line) + ": " + s
	}
	return s
}
