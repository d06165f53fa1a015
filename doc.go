// Package divergesdk is the overview of the Go SDK for the diverge
// container-proxy protocol (revision 2.3.0): the wire between a provider's
// server and the proxy inside an agent container. Every frame it encodes is
// byte for byte what the Rust crates encode, and it decodes exactly what they
// accept and refuses what they refuse. This package holds no code; the
// SDK is in its subpackages.
//
// # Packages
//
//	wire               opaque JSON (Raw, Object), the errors every family returns, Split and AppendTagged
//	errors             the protocol's error: any JSON value, read in the proxy's {kind, status, error} convention
//	mcpcontent         one MCP content block, as rmcp writes it
//	mcpcontent/mcpsdk  conversion to and from go-sdk's mcp.Content (the one package that links go-sdk)
//	secrets            the secret declarations and values (ordered) and a feed's answer
//	enqueue            the enqueue request {key, content} and its answer: Delivered, Dequeued or Error
//	enqueue/legacy     the older /agent/enqueue endpoint's request and answer
//	dequeue            the dequeue request {key} and its answer: Dequeued, Empty or Error
//	begin              the begin: its channel requests, its response stream, and the session Checker
//	chunk              the agentic loop chunk a begin's Chunk carries, one Go type per kind
//	frame              the transport: frame headers over one WebSocket, the client and server cores, Dial
//	queue              a ready-made enqueue/dequeue queue for a container proxy, with the secrets gate
//	trace              the trace format of a recorded session, and a Recorder that checks it live
//	cmd/divergewire    decode, check and draw frames and traces; answer the Rust oracle's conform protocol
//
// The codec packages (all but frame, mcpcontent/mcpsdk and the command)
// import only the standard library, github.com/wk8/go-ordered-map/v2 and one
// another, so a proxy or a server that uses them links no HTTP or MCP stack.
//
// # Where to start
//
// A container proxy serves the wire: frame.Handler accepts the provider's
// WebSocket and frame.NewServer runs it; the begin's main stream is
// begin.Response values (Begun, then per loop Active, Chunks and an Inactive
// handing back the rotating secrets), and the channels' requests decode with
// begin.DecodeChannelRequest. queue.New does the enqueue and dequeue
// semantics, one fate per message, and the secrets gate, so the proxy
// writes only its agent loop.
//
// A provider's server is the client: frame.Dial and frame.NewClient open the
// begin, begin.DecodeResponse reads its stream (chunk for the Chunks), and
// begin.EncodeChannelRequest writes the Enqueue, Dequeue and Secrets
// requests, whose answers decode with enqueue, dequeue and secrets.
//
// Either side can record what it saw with a trace.Recorder, which checks the
// session's rules as it goes (begin.Rule lists them); "divergewire check"
// and "divergewire view" read the recording afterwards. README.md has the
// details, with code.
package divergesdk
