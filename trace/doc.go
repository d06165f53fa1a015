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
// comments. The hex "-" is the empty payload. The scope is one of
// session.Scopes, "opaque" among them for a payload this library does not
// read (a Postgres channel's bytes, an Info channel's answer).
//
// A short session, with the payloads' JSON in comments: a loop starts on
// the message enqueued and shows its user part first (package chunk's
// UserParts: one chunk per content block, under the message's key), and a
// refusal is an error in the container proxy's convention (package errors).
//
//	# Begun: no dependency, no secret.
//	main begin.response 007b7d
//	# msg-1 is enqueued: {"key":"msg-1","content":[{"type":"text","text":"hi"}]}
//	e1 begin.channel_request 027b226b6579223a226d73672d31222c22636f6e74656e74223a5b7b2274797065223a2274657874222c2274657874223a226869227d5d7d
//	# The loop it starts: Active, then its user part, one chunk per block:
//	# {"type":"user_text_content","key":"msg-1","text":"hi"}
//	main begin.response 03
//	main begin.response 027b2274797065223a22757365725f746578745f636f6e74656e74222c226b6579223a226d73672d31222c2274657874223a226869227d
//	e1 enqueue.response 00
//	e1 finish
//	# The agent's reply, {"type":"assistant_text_content","text":"Hello."}, and the Inactive.
//	main begin.response 027b2274797065223a22617373697374616e745f746578745f636f6e74656e74222c2274657874223a2248656c6c6f2e227d
//	main begin.response 047b7d
//	# msg-2 has no block; the answer is an Error in the proxy's convention:
//	# {"kind":"no_content","error":"the message has no content block"}
//	e2 begin.channel_request 027b226b6579223a226d73672d32222c22636f6e74656e74223a5b5d7d
//	e2 enqueue.response 027b226b696e64223a226e6f5f636f6e74656e74222c226572726f72223a22746865206d65737361676520686173206e6f20636f6e74656e7420626c6f636b227d
//	e2 finish
//	main finish
//
// A Reader reads a trace line by line, each event a session.Event, and
// keeps every line as it was, so that a Writer gives back the same bytes.
// A Recorder writes a trace as a proxy or a provider server sees its
// session, and checks it as it goes with WithChecking. Check checks a whole
// trace with a session.Checker, which tests the scope labels too.
//
// No error of this package shows a payload's bytes.
package trace
