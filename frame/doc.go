// Package frame is the transport of the diverge container-proxy protocol
// (the crates' wire layer): one WebSocket between the provider's server
// (the client, which dials ws://host:14979/) and the container proxy (the
// server), carrying one frame per binary message. It holds the header
// codec, the connection, the frame-level cores of both roles, and the
// older /agent/enqueue endpoint's one-call transport.
//
// # Frames
//
// A frame is a 9-byte header, [type u8][scope u32 BE][channel u32 BE], then
// the payload to the end of the message (no length field). AppendHeader,
// Header's Decode and Frame's Encode and Decode read and write it; header
// fields a type does not use are written 0 and read as 0. The payloads are
// the frame families' (package begin and the rest); this package carries
// them as bytes.
//
// # Scopes and channels
//
// The client opens a scope with a Request (Client.Open) and numbers it
// (from 1; a number is reused only after its finish). The server answers
// any number of Responses and exactly one ResponseFinish
// (ServerScope.Send, Finish), which ends the scope and every channel in it.
// Inside an open scope either side opens channels (Scope.OpenChannel),
// each numbering its own from 1 (channel 0 is the main stream); the other
// side accepts them (Scope.AcceptChannel) and answers, and only it, the
// responder, finishes a channel. A finish with nothing before it means the
// request was not served (Recv returns ErrNotServed).
//
// What the wire says to discard is discarded and counted (Conn.Stats): a
// text message, a message shorter than 9 bytes, a type undefined for its
// direction, a Request for a scope already open, a ChannelRequest for a
// channel already open (or for channel 0), and any frame for a scope or
// channel that is not open. An Auth frame, never sent on this wire, ends
// the connection.
//
// # Memory and backpressure
//
// One goroutine reads the connection and routes each frame to its stream.
// Each stream queues at most Options.Depth frames (DefaultDepth, 16), and
// so does each queue of scopes or channels waiting to be accepted; a
// message is at most MaxMessage bytes (64 MiB) on a WebSocket from Dial or
// Handler. When a queue is full the reader waits, and the connection is not
// read until the stream is read, abandoned (Stream.Abandon) or ended: a
// slow reader slows the peer (TCP backpressure) instead of growing memory.
// So a caller reads every stream it opens, or abandons it, and accepts the
// scopes and channels its peer opens. Besides the queues, a Conn keeps one
// buffer to assemble the frame it writes and, on a WebSocket, one to read
// a message into, each at most 1 MiB between messages: a frame costs one
// copy of its payload each way and one allocation, the received message.
//
// # Ends
//
// Nothing times out and the protocol has no keepalive. Every wait takes a
// context, and a context that ends leaves the stream as it was, except
// during a WebSocket write already under way, which it ends with the
// connection (half a frame cannot be taken back). The
// connection ends on Close, on the peer's close or the end of the stream,
// on an Auth frame, on a failed read or write, or when the context the core
// was started with ends; then every scope and channel on it ends, every
// waiting call returns a *ConnEndedError (errors.Is(err, ErrConnEnded)),
// and Close returns once the reading goroutine is gone.
//
// # Why github.com/coder/websocket
//
// It is maintained and takes a context on every read, write and dial,
// where gorilla/websocket's API predates context (deadlines instead) and
// leaves concurrent writers to the caller's own lock. It writes a whole
// message in one call under its own lock, answers pings itself,
// negotiates no extension unless asked (compression stays off, as the wire
// wants), and brings no dependency of its own. Pipe gives the same
// semantics with no socket, for tests.
package frame
