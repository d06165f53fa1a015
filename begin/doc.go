// Package begin holds the frames of an agent container's begin (revision
// 2.3.0): the Response stream the proxy sends on the begin's main stream, and
// the ChannelRequest a server sends to open each channel.
//
// The main stream is exactly one Begun, then zero or more loops, then the
// finish; or exactly one Error and the finish. A loop is Active (the byte 3
// alone), the agent's Chunks in order, then Inactive carrying the rotating
// secrets, or, when those cannot be collected, one Error and the finish.
// Only the proxy says Active and Inactive; everything the agent's server
// produces rides under the Chunk tag, so no chunk is ever read as either.
// A Chunk holds one of the fourteen kinds of package chunk.
//
// Channels reach into the container: Postgres, Info, Enqueue, Dequeue and
// Secrets. Each is one request, then at most one answer, then the finish (a
// Postgres channel carries a byte stream instead).
//
// Every variant of Response and ChannelRequest is a pointer (*Active,
// *Chunk, *Enqueue, ...), so read them with a type switch on the pointer
// types. A provider builds a channel request around its body and encodes
// it, tag first: &Enqueue{Request: enqueue.Request{...}}, &Dequeue{Request:
// dequeue.Request{...}}, &Secrets{Values: ...}, &Info{} or &Postgres{...};
// Encode (or EncodeChannelRequest) appends the payload. A proxy that decoded
// one reads the body back from the same field. The answers are
// enqueue.Response, dequeue.Response and secrets.FeedResponse, each with an
// Outcome.
//
// Response keeps the protocol's word for a main-stream payload: the Rust
// crate's begin/server/response Frame, and the specification's "response"
// (an answer on a channel is a "channel response" there). The package name
// tells the two apart: begin.Response is one frame of the main stream, a
// sealed interface (DecodeResponse, EncodeResponse); enqueue.Response and
// its kin are a channel's one answer, a struct. Each of this package's two
// families has its FrameError: ResponseFrameError (kinds ResponseErrorKind)
// and ChannelRequestFrameError (kinds ChannelRequestErrorKind).
//
// Frames that decode can still break these rules; package session's
// Checker, given a session one event at a time, reports the first rule
// broken.
//
// Decoding takes the bytes of one payload; the transport that carries
// payloads and finishes is the caller's.
package begin
