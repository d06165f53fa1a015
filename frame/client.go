package frame

import (
	"context"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Client is the client's frame-level core (the provider's server): it
// opens scopes, reads their main streams, and opens and accepts channels in
// them. It carries payloads as bytes and knows nothing of the scope kinds.
type Client struct{ ep *endpoint }

// NewClient starts the client core on conn, which must be the client's end
// (Dial, or the first end of Pipe). One goroutine reads the connection
// until it ends: Close, the peer's close or the end of the stream, an Auth
// frame, a failed read or write, or ctx ending. The core owns conn from
// here on: nothing else may read it.
func NewClient(ctx context.Context, conn *Conn, opts *Options) (*Client, error) {
	ep, err := newEndpoint(ctx, conn, RoleClient, opts)
	if err != nil {
		return nil, err
	}
	return &Client{ep: ep}, nil
}

// ClientScope is a scope the client opened: its main stream (Recv) and its
// channels.
type ClientScope struct {
	Scope
	*Stream
}

// Open sends a Request with the next free scope number (from 1; a number
// is reused only after its ResponseFinish) and returns the scope. Its main
// stream's Recv returns ErrFinished (or ErrNotServed) at the
// ResponseFinish, which also ends every channel in the scope.
func (c *Client) Open(ctx context.Context, request []byte) (*ClientScope, error) {
	if c == nil || c.ep == nil {
		return nil, wire.ErrNil
	}
	ep := c.ep
	ep.mu.Lock()
	if ep.err != nil {
		ep.mu.Unlock()
		return nil, ep.err
	}
	num := mint(&ep.next, func(n uint32) bool { _, used := ep.scopes[n]; return used })
	sc := ep.newScope(num)
	sc.stream = newStream(ep, sc, 0)
	ep.scopes[num] = sc
	ep.mu.Unlock()

	started, err := ep.conn.writeFrame(ctx, Header{Type: TypeRequest, Scope: num}, request, nil)
	if err != nil {
		if !started {
			ep.mu.Lock()
			if ep.scopes[num] == sc {
				delete(ep.scopes, num)
			}
			ep.mu.Unlock()
		}
		return nil, ep.writeErr(started, err)
	}
	return &ClientScope{Scope: Scope{ep: ep, sc: sc}, Stream: sc.stream}, nil
}

// Close ends the connection cleanly and waits until every scope and
// channel on it has ended and the reading goroutine is gone. On a
// WebSocket the close handshake waits a few seconds at most for the peer's
// answer. Every later
// call on the core returns a *ConnEndedError caused by ErrClosed.
func (c *Client) Close() error {
	if c == nil || c.ep == nil {
		return wire.ErrNil
	}
	return c.ep.shutdown()
}

// Done is closed when the connection has ended and every stream on it was
// told.
func (c *Client) Done() <-chan struct{} {
	if c == nil || c.ep == nil {
		return nil
	}
	return c.ep.done
}

// Err is nil while the connection is open, then the *ConnEndedError that
// ended it.
func (c *Client) Err() error {
	if c == nil || c.ep == nil {
		return wire.ErrNil
	}
	return c.ep.ended()
}
