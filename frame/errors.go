package frame

import (
	"errors"
	"strconv"
)

// ErrorKind is one way a message fails to be a frame.
type ErrorKind uint8

// The ways a message is not a frame. Either way a reader discards it and
// the connection goes on.
const (
	// ErrorKindShort is a message shorter than the 9-byte header.
	ErrorKindShort ErrorKind = 0
	// ErrorKindUnknownType is a type byte above 6.
	ErrorKindUnknownType ErrorKind = 1
)

// String is the kind's name in snake_case.
func (k ErrorKind) String() string {
	switch k {
	case ErrorKindShort:
		return "short"
	case ErrorKindUnknownType:
		return "unknown_type"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// The causes a *FrameError unwraps to, for errors.Is.
var (
	ErrShort       = errors.New("message shorter than a frame header")
	ErrUnknownType = errors.New("unknown frame type")
)

// FrameError is a message that is not a frame. It never quotes the
// message's bytes.
type FrameError struct {
	Kind ErrorKind
	Type Type // the type byte, for ErrorKindUnknownType
	Len  int  // the message's length
}

// Error says what is wrong with the message.
func (e *FrameError) Error() string {
	if e.Kind == ErrorKindUnknownType {
		return "frame: unknown frame type " + strconv.Itoa(int(e.Type))
	}
	return "frame: message of " + strconv.Itoa(e.Len) + " bytes is shorter than the " +
		strconv.Itoa(HeaderLen) + "-byte header"
}

// Unwrap returns ErrShort or ErrUnknownType.
func (e *FrameError) Unwrap() error {
	if e.Kind == ErrorKindUnknownType {
		return ErrUnknownType
	}
	return ErrShort
}

// Errors of streams and connections, for errors.Is.
var (
	// ErrFinished is what a stream's Recv returns once the responder's
	// finish has been read, and what a Responder returns when asked to
	// send or finish after its finish.
	ErrFinished = errors.New("frame: stream finished")
	// ErrNotServed is what Recv returns when the finish came with nothing
	// before it: the responder did not serve the request, or could not
	// read it. errors.Is(ErrNotServed, ErrFinished) holds.
	ErrNotServed error = notServedError{}
	// ErrScopeEnded is a channel whose scope ended (the server's
	// ResponseFinish) before the channel's own finish: nothing bears the
	// scope any more, on any channel.
	ErrScopeEnded = errors.New("frame: scope ended")
	// ErrConnEnded is the target every *ConnEndedError matches.
	ErrConnEnded = errors.New("frame: connection ended")
	// ErrAuth is the cause of a connection ended by an Auth frame, which is
	// never sent on this wire.
	ErrAuth = errors.New("frame: auth frame received")
	// ErrClosed is the cause of a connection this side closed.
	ErrClosed = errors.New("frame: connection closed by this side")
	// ErrRole is a connection of the wrong role for the core given it
	// (a client core on the server's end), or a frame type that role may
	// not send.
	ErrRole = errors.New("frame: wrong role")
	// ErrBusy is the container proxy's HTTP 409: a connection is already
	// upgraded, and there is one per container.
	ErrBusy = errors.New("frame: proxy already has a connection (HTTP 409)")
)

type notServedError struct{}

func (notServedError) Error() string        { return "frame: finished with nothing before it (not served)" }
func (notServedError) Is(target error) bool { return target == ErrFinished }

// ConnEndedError is every wait on a connection that ended: a close from
// either side, the end of the stream, an Auth frame, a failed read or
// write, or the context the core was started with. Every scope and channel
// on the connection ended with it.
type ConnEndedError struct {
	// Cause is why: io.EOF (the peer closed, or the stream ended),
	// ErrClosed, ErrAuth, a context's error, or the transport's error.
	Cause error
}

// Error says the connection ended and why.
func (e *ConnEndedError) Error() string {
	if e.Cause == nil {
		return ErrConnEnded.Error()
	}
	return ErrConnEnded.Error() + ": " + e.Cause.Error()
}

// Unwrap returns the cause.
func (e *ConnEndedError) Unwrap() error { return e.Cause }

// Is matches ErrConnEnded.
func (e *ConnEndedError) Is(target error) bool { return target == ErrConnEnded }

// DialError is a WebSocket upgrade the server refused or that failed.
type DialError struct {
	Status int   // the HTTP status of the refusal; 0 when there was none
	Err    error // the cause
}

// Error says the dial failed, and with which status.
func (e *DialError) Error() string {
	s := "frame: dial failed"
	if e.Status != 0 {
		s += " with HTTP " + strconv.Itoa(e.Status)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *DialError) Unwrap() error { return e.Err }

// Is matches ErrBusy for a 409.
func (e *DialError) Is(target error) bool { return target == ErrBusy && e.Status == 409 }
