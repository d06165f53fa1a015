// Package session checks a begin session against the protocol's rules: a
// Checker takes the session's Events (each payload and finish of the main
// stream and of every channel, in the order they happened, each payload
// labelled with its scope) and reports the first Rule broken as a
// *Violation. Rules lists the rules; their identifiers ("main.scope",
// "enqueue.delivered-loop", ...) never change.
//
// The scope names (ScopeBeginResponse, ScopeEnqueueResponse, ScopeOpaque,
// ...) are spelled here once, for the trace format, the command-line tool
// and the tests; Scopes lists them.
//
// Check is the one verb of checking: Checker.Check checks one event,
// trace.Check a whole trace read from a file, and a trace.Recorder made
// with trace.WithChecking checks a session as it records it.
//
// No message of this package shows a payload's bytes or a secret's value.
package session
