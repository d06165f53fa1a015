package session

import (
	"strconv"
	"unicode"
)

// MainStream is the main stream's name: an Event's Stream, and the first
// field of a trace line.
const MainStream = "main"

// Event is one thing that happened on a begin: a payload or a finish, on
// the main stream or on one channel.
type Event struct {
	Stream string // MainStream, or a channel id
	Finish bool   // a finish; Scope and Payload are empty
	// Scope is the payload's scope label, one of Scopes: begin.response on
	// the main stream, begin.channel_request for a channel's first payload,
	// then the family of its request's answer (ScopeOpaque for Postgres and
	// Info).
	Scope   string
	Payload []byte
}

// OnMain reports whether the event is on the main stream.
func (e Event) OnMain() bool { return e.Stream == MainStream }

// String says where and what, never the payload's bytes: "main finish",
// "channel c1 finish", "channel c1 dequeue.response payload", "main
// payload" (no scope, or a label that has no scope's shape).
func (e Event) String() string { return e.name("") }

// name is String with the payload named by its decoded variant when there
// is one: "main Active", "channel c1 Enqueue".
func (e Event) name(variant string) string {
	where := "main"
	if !e.OnMain() {
		where = "channel " + displayToken(e.Stream)
	}
	switch {
	case e.Finish:
		return where + " finish"
	case variant != "":
		return where + " " + variant
	case KnownScope(e.Scope) || LooksLikeScope(e.Scope):
		return where + " " + e.Scope + " payload"
	}
	return where + " payload"
}

// displayToken shows a channel id bare when it is one plain
// token, else quoted, so a message stays one line.
func displayToken(id string) string {
	if id == "" {
		return `""`
	}
	for _, r := range id {
		if r == unicode.ReplacementChar || unicode.IsSpace(r) || !unicode.IsPrint(r) || r == '"' {
			return strconv.Quote(id)
		}
	}
	return id
}
