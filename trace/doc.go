// Package trace is the trace format: a recording of one begin session, one
// event per line, as the divergewire tool reads and writes it.
//
//	main <scope> <hex>          a payload on the main stream
//	main finish                 the main stream's finish
//	<channel-id> <scope> <hex>  a payload on a channel (its first is the request)
//	<channel-id> finish         a channel's finish
//
// A channel id is any token other than "main". Fields are separated by
// spaces or tabs. Blank lines are skipped and lines starting with # are
// comments. The hex "-" is the empty payload. The scope is one of Scopes,
// or "opaque" for a payload this library does not read (a Postgres
// channel's bytes, an Info channel's answer).
//
// A Reader reads a trace line by line and keeps every line as it was, so
// that a Writer gives back the same bytes. A Recorder writes a trace as a
// proxy or a provider server sees its session, and can check it as it
// goes. A Checker checks the scope labels a trace carries and hands each
// event on to a begin.Checker.
//
// No error of this package shows a payload's bytes.
package trace
