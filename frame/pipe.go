package frame

import (
	"context"
	"io"
	"net"
	"sync"
)

// Pipe returns the two ends of an in-memory connection, the client's and
// the server's, with a WebSocket's semantics and no socket: a message is
// handed over whole when the other end reads it (so a writer waits for a
// reader, as a full socket makes it), and closing either end ends both
// (the other end reads io.EOF, as after a clean close).
func Pipe() (client, server *Conn) {
	p := &pipe{closed: make(chan struct{})}
	toServer := make(chan pipeMsg, pipeBuffer)
	toClient := make(chan pipeMsg, pipeBuffer)
	client = newConn(&pipeEnd{p: p, in: toClient, out: toServer}, RoleClient)
	server = newConn(&pipeEnd{p: p, in: toServer, out: toClient}, RoleServer)
	return client, server
}

// pipeBuffer is how many messages each direction of a Pipe holds unread.
const pipeBuffer = 16

type pipe struct {
	once   sync.Once
	closed chan struct{}
}

func (p *pipe) close() { p.once.Do(func() { close(p.closed) }) }

type pipeMsg struct {
	binary bool
	data   []byte
}

type pipeEnd struct {
	p       *pipe
	in, out chan pipeMsg
}

func (e *pipeEnd) read(ctx context.Context) (bool, []byte, error) {
	select {
	case m := <-e.in:
		return m.binary, m.data, nil
	default:
	}
	select {
	case m := <-e.in:
		return m.binary, m.data, nil
	case <-e.p.closed:
		select { // what was sent before the close comes first
		case m := <-e.in:
			return m.binary, m.data, nil
		default:
		}
		return false, nil, io.EOF
	case <-ctx.Done():
		return false, nil, ctx.Err()
	}
}

func (e *pipeEnd) write(ctx context.Context, msg []byte) error {
	return e.send(ctx, pipeMsg{binary: true, data: append([]byte(nil), msg...)})
}

// send hands m over; a text message is only ever sent by tests.
func (e *pipeEnd) send(ctx context.Context, m pipeMsg) error {
	select {
	case <-e.p.closed:
		return net.ErrClosed
	default:
	}
	select {
	case e.out <- m:
		return nil
	case <-e.p.closed:
		return net.ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (e *pipeEnd) close() error { e.p.close(); return nil }
func (e *pipeEnd) abort()       { e.p.close() }
