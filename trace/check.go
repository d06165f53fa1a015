package trace

import (
	"errors"
	"io"

	"github.com/diverge-network/diverge-sdk-go/session"
)

// Check reads a whole trace from r and checks it with a session.Checker.
// It returns nil for a session that keeps every rule, a *SyntaxError for
// the first line that does not parse (even after a violation: a malformed
// trace is no session), a *session.Violation for the first rule broken,
// with the line of its event, or a read error.
func Check(r *Reader) error {
	var c session.Checker
	var found *session.Violation
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
		found = violationAt(c.Check(*l.Event), l.Number)
	}
}

// violationAt is the *session.Violation err holds, at the trace line line,
// or nil when err is nil.
func violationAt(err error, line int) *session.Violation {
	var v *session.Violation
	if !errors.As(err, &v) {
		return nil
	}
	v.Line = line
	return v
}
