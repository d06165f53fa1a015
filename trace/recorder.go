package trace

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/diverge-network/diverge-sdk-go/session"
)

// Recorder records a session as a trace, for a proxy or a provider server
// to wire into its own transport: call Main for every payload of the main
// stream, MainFinish for its finish, Channel for every payload of a channel
// (its request first) and ChannelFinish for a channel's finish, in the
// order they pass. It labels each payload with its scope (a channel's
// answers by the family of its request) and writes one trace line per
// event to its io.Writer.
//
// With WithChecking (or WithViolationFunc), it also checks the session as
// it goes: the call whose event breaks a rule returns a *session.Violation
// (with the line it wrote), the WithViolationFunc callback is called with
// it, and Err reports it from then on. Recording goes on after a violation, and later calls return
// nil unless writing fails; the session is not checked further.
//
// A Recorder is safe for concurrent use: events from many goroutines are
// written, and checked, in the order the calls take its lock. It keeps
// state only for channels that have not finished.
type Recorder struct {
	mu       sync.Mutex
	w        *Writer
	check    *session.Checker
	notify   func(*session.Violation)
	answers  map[string]string // open channel id → the scope of its answers
	line     int
	writeErr error
	violated *session.Violation
}

// Option configures a Recorder.
type Option func(*Recorder)

// WithChecking makes the Recorder check the session as it records it.
func WithChecking() Option {
	return func(r *Recorder) {
		if r.check == nil {
			r.check = &session.Checker{}
		}
	}
}

// WithViolationFunc calls f, once, with the first violation, from the call
// that found it (with the Recorder's lock held: f must not call the
// Recorder). It implies WithChecking.
func WithViolationFunc(f func(*session.Violation)) Option {
	return func(r *Recorder) {
		WithChecking()(r)
		r.notify = f
	}
}

// NewRecorder records to w.
func NewRecorder(w io.Writer, opts ...Option) *Recorder {
	r := &Recorder{w: NewWriter(w), answers: make(map[string]string)}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Main records a payload of the main stream.
func (r *Recorder) Main(payload []byte) error {
	return r.record(session.Event{Stream: session.MainStream, Scope: session.ScopeBeginResponse, Payload: payload})
}

// MainFinish records the main stream's finish.
func (r *Recorder) MainFinish() error {
	return r.record(session.Event{Stream: session.MainStream, Finish: true})
}

// ErrChannelID is the reason (for errors.Is) a Recorder refuses a channel
// id that its Reader could not read back as the same id: "main", an empty
// id, one starting with # (the line would be a comment), and one holding a
// rune the Reader splits fields at (an ASCII space, and the other white
// space of Unicode, such as U+0085, U+00A0, U+2028 and U+3000). A refused
// call records nothing, and the Recorder goes on.
var ErrChannelID = errors.New("trace: a channel id the trace could not read back")

// checkChannelID reports an id a trace line cannot carry as its first
// field. The message says why without quoting the id.
func checkChannelID(id string) error {
	why := ""
	switch {
	case id == session.MainStream:
		why = "it is \"main\", the main stream's name"
	case id == "":
		why = "it is empty"
	case strings.HasPrefix(id, "#"):
		why = "it starts with #, which makes the line a comment"
	default:
		i := strings.IndexFunc(id, fieldSeparator)
		if i < 0 {
			return nil
		}
		sep, _ := utf8.DecodeRuneInString(id[i:])
		why = fmt.Sprintf("it holds %U, at which the Reader splits a line's fields", sep)
	}
	return fmt.Errorf("%w: %s", ErrChannelID, why)
}

// Channel records a payload on the channel id: its request when the channel
// is not open, else an answer. An id the trace could not read back (see
// ErrChannelID) is refused: nothing is recorded.
func (r *Recorder) Channel(id string, payload []byte) error {
	if err := checkChannelID(id); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	scope, open := r.answers[id]
	if !open {
		scope = session.ScopeBeginChannelRequest
		r.answers[id] = answerScope(payload)
	}
	return r.recordLocked(session.Event{Stream: id, Scope: scope, Payload: payload})
}

// ChannelFinish records the finish of the channel id, refused as Channel
// refuses it.
func (r *Recorder) ChannelFinish(id string) error {
	if err := checkChannelID(id); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.answers, id)
	return r.recordLocked(session.Event{Stream: id, Finish: true})
}

// Err is the first error: a write that failed, or else the first violation
// (with WithChecking). Nil while all is well.
func (r *Recorder) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.writeErr != nil:
		return r.writeErr
	case r.violated != nil:
		return r.violated
	}
	return nil
}

func (r *Recorder) record(ev session.Event) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.recordLocked(ev)
}

func (r *Recorder) recordLocked(ev session.Event) error {
	if err := r.w.WriteEvent(ev); err != nil {
		if r.writeErr == nil {
			r.writeErr = err
		}
		return err
	}
	r.line++
	if r.check == nil || r.violated != nil {
		return nil
	}
	if v := violationAt(r.check.Check(ev), r.line); v != nil {
		r.violated = v
		if r.notify != nil {
			r.notify(r.violated)
		}
		return r.violated
	}
	return nil
}

// answerScope is the scope of the answers to a channel whose request is
// payload, read from its tag: Postgres, Info and a request that does not
// decode are answered by opaque payloads.
func answerScope(request []byte) string {
	if len(request) == 0 {
		return session.ScopeOpaque
	}
	switch request[0] {
	case 2:
		return session.ScopeEnqueueResponse
	case 3:
		return session.ScopeDequeueResponse
	case 4:
		return session.ScopeSecretsFeedResponse
	}
	return session.ScopeOpaque
}
