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
//	answer             the one shape of the four answer frames: Response, its ErrorKind and FrameError, WireTag
//	mcpcontent         one MCP content block, as rmcp writes it
//	mcpcontent/mcpsdk  conversion to and from go-sdk's mcp.Content (the one package that links go-sdk)
//	secrets            the secret declarations and values (ordered) and a feed's answer
//	enqueue            the enqueue request {key, content} and its answer: Delivered, Dequeued or Error
//	enqueue/legacy     the older /agent/enqueue endpoint's request and answer
//	dequeue            the dequeue request {key} and its answer: Dequeued, Empty or Error
//	begin              the begin: its channel requests and its response stream
//	session            checking a begin session: the Checker, its Rules, the Violation it reports, the scope names
//	chunk              the agentic loop chunk a begin's Chunk carries, one Go type per kind
//	frame              the transport: frame headers over one WebSocket, the client and server cores, Dial
//	proxy              a container proxy server: the agents begin behind a small Program interface
//	provider           a provider's client: Dial, Begin, then Feed, Enqueue, Dequeue, Info, Postgres
//	proxytest          a scripted Program and a proxy over an in-memory pipe, for users' tests
//	queue              a ready-made enqueue/dequeue queue for a container proxy, with the secrets gate
//	trace              the trace format of a recorded session, Check for a whole trace, and a Recorder that checks it live
//	wiretap            a tap for either side that records a session into a trace and checks it live
//	cmd/divergewire    decode, check and draw frames and traces; answer the Rust oracle's conform protocol
//
// The codec packages (all but frame, proxy, provider, proxytest,
// mcpcontent/mcpsdk and the command)
// import only the standard library, github.com/wk8/go-ordered-map/v2 and one
// another, so a proxy or a server that uses them links no HTTP or MCP stack.
//
// # Where to start
//
// A container proxy runs proxy.Server with its Program (register the
// arguments, run a loop as a stream of chunks with its seams, take a feed,
// hand back the rotating secrets, answer Info); the server owns every
// ordering rule of the main stream and answers every channel. Lower down,
// frame.Handler and frame.NewServer carry the frames and queue.New does the
// enqueue and dequeue semantics and the secrets gate.
//
// A provider's server dials with provider.Dial, begins, and makes typed
// calls (Feed, Enqueue, Dequeue, Info, Postgres) while it reads the main
// stream as begin.Response values, chunks as chunk types. proxytest gives
// both sides a scripted peer for their tests.
//
// Either side can record what it saw (wiretap, or a trace.Recorder), checking the
// session's rules as it goes (session.Rule lists them); "divergewire check"
// and "divergewire view" read the recording afterwards.
//
// README.md has an example for each side and the two commands to start
// with; docs/ has the longer documents (the real wire, checking a session,
// the JSON engine, hardening, testing) and PERFORMANCE.md the timings.
package divergesdk
