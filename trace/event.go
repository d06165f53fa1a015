package trace

import (
	"slices"

	"github.com/diverge-network/diverge-sdk-go/begin"
)

// MainStream is the main stream's name in a trace.
const MainStream = "main"

// Event is one event of a session: a payload or a finish, on the main
// stream or on one channel.
type Event struct {
	Stream  string // MainStream, or a channel id
	Finish  bool   // a finish; Scope and Payload are empty
	Scope   string // the payload's scope label
	Payload []byte
}

// OnMain reports whether the event is on the main stream.
func (e Event) OnMain() bool { return e.Stream == MainStream }

// scopes are the scope names a trace may label a payload with.
var scopes = []string{
	"begin.channel_request", "begin.response", "begin.registered",
	"enqueue.request", "enqueue.response",
	"legacy.enqueue.request", "legacy.enqueue.response",
	"dequeue.request", "dequeue.response",
	"secrets.values", "secrets.declaration", "secrets.feed_response",
	"postgres.request", "errors.error", "mcpcontent.block", "begin.chunk",
	begin.ScopeOpaque,
}

// Scopes lists the scope names a trace may carry: every scope the library
// decodes, and "opaque". The slice is the caller's.
func Scopes() []string { return slices.Clone(scopes) }

// KnownScope reports whether name is one of Scopes.
func KnownScope(name string) bool { return slices.Contains(scopes, name) }
