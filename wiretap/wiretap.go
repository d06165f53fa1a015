// Package wiretap records a begin into a trace as either side of the
// connection sees it, and checks it live. A *Tap is a proxy.Tap and a
// provider.Tap: hand it to proxy.Options.Tap or provider.Options.Tap.
//
// With WithRedactedSecrets the file holds no fed or handed-back value: every
// value of a Secrets channel's request and of an Inactive is written as
// null (a payload that does not decode is cut to its tag), while the live
// check still reads the payloads as they passed. Such a file still passes
// divergewire check whenever the session did, since the checker reads the
// names, not the values. A value that a peer put somewhere else (an error
// message, a chunk) is not looked for here; the live check reports it
// (rule error.secret-value) for error messages.
package wiretap

import (
	"io"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/trace"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Tap records and checks one begin. It is safe for concurrent use: events
// are written and checked in the order its calls take its lock.
type Tap struct {
	mu     sync.Mutex
	file   *trace.Recorder
	live   *trace.Recorder // checks; nil when the file's recorder checks
	redact bool
	open   map[string]bool // channels whose request was seen
}

// Option configures a Tap.
type Option func(*config)

type config struct {
	redact bool
	notify func(*session.Violation)
}

// WithRedactedSecrets writes every secret value as null in the file.
func WithRedactedSecrets() Option { return func(c *config) { c.redact = true } }

// WithViolationFunc calls f, once, with the first rule the session breaks,
// from the call that broke it (f must not call the Tap).
func WithViolationFunc(f func(*session.Violation)) Option {
	return func(c *config) { c.notify = f }
}

// New records to w, checking as it goes.
func New(w io.Writer, opts ...Option) *Tap {
	var c config
	for _, o := range opts {
		o(&c)
	}
	check := []trace.Option{trace.WithChecking()}
	if c.notify != nil {
		check = []trace.Option{trace.WithViolationFunc(c.notify)}
	}
	t := &Tap{redact: c.redact, open: map[string]bool{}}
	if c.redact {
		t.file = trace.NewRecorder(w)
		t.live = trace.NewRecorder(io.Discard, check...)
	} else {
		t.file = trace.NewRecorder(w, check...)
	}
	return t
}

// Err is the first failure: a write to the file, or else the first rule
// the session broke (a *session.Violation). Nil while all is well.
func (t *Tap) Err() error {
	if err := t.file.Err(); err != nil || t.live == nil {
		return err
	}
	return t.live.Err()
}

// Main records a payload of the main stream.
func (t *Tap) Main(payload []byte) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.live == nil {
		return t.file.Main(payload)
	}
	verr := t.live.Main(payload)
	if len(payload) > 0 && payload[0] == 4 { // Inactive
		payload = redact(payload)
	}
	return first(t.file.Main(payload), verr)
}

// MainFinish records the main stream's finish.
func (t *Tap) MainFinish() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.live == nil {
		return t.file.MainFinish()
	}
	verr := t.live.MainFinish()
	return first(t.file.MainFinish(), verr)
}

// Channel records a payload of the channel id, its request first.
func (t *Tap) Channel(id string, payload []byte) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.live == nil {
		return t.file.Channel(id, payload)
	}
	verr := t.live.Channel(id, payload)
	if !t.open[id] {
		t.open[id] = true
		if len(payload) > 0 && payload[0] == 4 { // Secrets
			payload = redact(payload)
		}
	}
	return first(t.file.Channel(id, payload), verr)
}

// ChannelFinish records the finish of the channel id.
func (t *Tap) ChannelFinish(id string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.live == nil {
		return t.file.ChannelFinish(id)
	}
	delete(t.open, id)
	verr := t.live.ChannelFinish(id)
	return first(t.file.ChannelFinish(id), verr)
}

func first(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// null is the value every secret is written as.
var null = func() wire.Raw {
	var r wire.Raw
	_ = r.DecodeJSON([]byte("null"))
	return r
}()

// redact gives back a tagged secrets.values payload with every value null,
// or its tag alone when it does not decode.
func redact(payload []byte) []byte {
	var v secrets.Values
	if err := v.DecodeJSON(payload[1:]); err != nil {
		return payload[:1:1]
	}
	out := secrets.NewValues()
	for name := range v.All() {
		out.Set(name, null)
	}
	b, err := out.EncodeJSON([]byte{payload[0]})
	if err != nil {
		return payload[:1:1]
	}
	return b
}
