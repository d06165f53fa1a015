// Package proxy is a container proxy's server: the server's side of the one
// WebSocket a provider's server dials (ws://host:14979/), serving the agents
// begin of revision 2.3.0 on top of package frame, with a Program behind it.
//
// # What the server owns, and what the Program does
//
// A Program registers the container's arguments and answers its
// declaration, takes a secrets feed, runs a loop as a stream of chunks with
// the seams of its choosing, hands back its rotating secrets after each
// loop, and answers Info. Everything the wire orders is the server's, so no
// Program can break it:
//
//   - Begun (or Error, then the finish) is the begin's first payload, and
//     no channel is served before it;
//   - a Fed answer is on the wire before the gate it opens lets a loop
//     start;
//   - Active comes before a loop's first chunk, and the user parts of the
//     messages it started on (one chunk per content block, carrying the
//     message's key) come right after it; messages taken at a seam show
//     their user parts at that point of the stream;
//   - a chunk the Program sends outside its loop is refused (ErrLoopEnded),
//     whether typed (Loop.Send) or its agent's JSON relayed as it came
//     (Loop.Relay, checked unless Options.TrustRelay);
//   - a failed loop (an error or a panic from Run) says so in a fatal
//     notification chunk; then the server collects the rotating secrets
//     and writes the Inactive with exactly the names declared rotating, or,
//     when one is missing, an Error naming it (never its value) and the
//     finish;
//   - a second agents begin on the connection gets an Error and its
//     finish, and the first goes on; a Request the proxy cannot read, or a
//     scope it does not serve (tools, the file system), gets a bare finish.
//
// # Channels
//
// Channel requests are taken in the order they arrive on the connection:
// an Enqueue is submitted to the session's queue (package queue) and a
// Dequeue withdraws from it before the next channel is read, however long
// any answer then takes. Each Enqueue gets exactly one answer: Delivered,
// Dequeued or Error, even when the Program fails. A malformed request gets
// a bare finish. A Postgres request is served only by a Program that
// implements PostgresProgram; otherwise it gets a bare finish.
//
// A Program takes every message it is handed: each is Delivered at its
// loop's start or at the seam that took it. The errors the server writes
// follow the container proxy's convention, with the kinds "proxy" (its own
// refusals, and a Program that panicked: never the panic's text), "closed"
// (the begin ended before a loop could start on a message) and "secrets"
// (the rotating secrets a loop did not hand back, by name). A feed must
// name exactly the declared secrets in declared order; a feed the Program
// took while a loop ended is answered Error (the Program holds no values
// after an Inactive, so the gate stays shut: feed again); a refusal whose
// words hold a fed value is replaced by words of the server's.
//
// # Recording
//
// Options.Tap sees every payload and finish of the begin, in the order the
// server writes and reads them, with each channel's id: "c<n>" for the
// provider's channel n. A trace.Recorder is a Tap; so is package wiretap's,
// which can leave secret values out of its file.
//
// # Ends
//
// Nothing times out. A session ends with its connection (or with the Error
// that ends the begin): the queue is closed, which answers every waiting
// message Error, the Program's contexts are cancelled, and ServeConn
// returns once every goroutine it started is gone. A Program's Run must
// return once its ctx ends.
package proxy
