package frame

import (
	"context"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Server is the server's frame-level core (the container proxy): it
// accepts scopes and answers them, and opens and accepts channels in them.
// It carries payloads as bytes and knows nothing of the scope kinds.
type Server struct{ ep *endpoint }

// NewServer starts the server core on conn, which must be the server's end
// (from Handler, or the second end of Pipe). One goroutine reads the
// connection until it ends, as for NewClient, and owns conn from here
// on.
func NewServer(ctx context.Context, conn *Conn, opts *Options) (*Server, error) {
	ep, err := newEndpoint(ctx, conn, RoleServer, opts)
	if err != nil {
		return nil, err
	}
	return &Server{ep: ep}, nil
}

// ServerScope is a scope the client opened: its request, the main stream
// the server answers (Send, then exactly one Finish, which ends the scope
// and every channel in it), and its channels.
type ServerScope struct {
	Scope
	*Responder
}

// Accept returns the next scope the client opened. Scopes wait for it,
// Depth of them at most, after which the connection stops being read. Once
// the connection ended it is a *ConnEndedError.
func (s *Server) Accept(ctx context.Context) (*ServerScope, error) {
	if s == nil || s.ep == nil {
		return nil, wire.ErrNil
	}
	select {
	case <-s.ep.done:
		return nil, s.ep.ended()
	default:
	}
	select {
	case sc := <-s.ep.accept:
		return sc, nil
	case <-s.ep.done:
		return nil, s.ep.ended()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Close ends the connection cleanly and waits until every scope and
// channel on it has ended and the reading goroutine is gone. On a
// WebSocket the close handshake waits a few seconds at most for the peer's
// answer.
func (s *Server) Close() error {
	if s == nil || s.ep == nil {
		return wire.ErrNil
	}
	return s.ep.shutdown()
}

// Done is closed when the connection has ended and every stream on it was
// told.
func (s *Server) Done() <-chan struct{} {
	if s == nil || s.ep == nil {
		return nil
	}
	return s.ep.done
}

// Err is nil while the connection is open, then the *ConnEndedError that
// ended it.
func (s *Server) Err() error {
	if s == nil || s.ep == nil {
		return wire.ErrNil
	}
	return s.ep.ended()
}
