// Package provider is the provider's server's side of the container proxy's
// connection: it dials the proxy (ws://host:14979/), begins the agents
// begin with the container's arguments, and then speaks the begin's
// channels as typed calls — Feed, Enqueue, Dequeue, Info, Postgres — while
// the begin's main stream comes back as typed responses (begin.Response:
// Begun, Error, Chunk with its chunk.Chunk, Active, Inactive), or as the
// bytes it came in (RecvPayload), for a provider that relays them. The older
// /agent/enqueue is EnqueueLegacy.
//
// One goroutine reads the connection and hands each frame to its stream in
// the order the frames came, so a Tap (a trace.Recorder, say) sees the
// session exactly as the wire carried it. Answers wait for their callers,
// up to Options.MaxUnread bytes a stream (64 MiB unless set); past that the
// reader waits for the caller, and every stream of the connection waits
// with it: read the main stream (Recv) as it comes, and every channel you
// open, or Abandon it (a call whose ctx ends abandons its channel). What a
// client holds unread is so at most MaxUnread plus one message
// (frame.MaxMessage) for each begin and each channel open. Channels the
// proxy opens are handed to Options.Channel, or finished unanswered.
//
// Nothing times out; every call takes a context. A channel's call that
// gives up (its ctx ends) leaves the channel open: its answer, when it
// comes, is dropped.
package provider
