package frame

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// failWrite is a transport whose reads come from in and whose writes all
// fail, as a socket that broke under a write does.
type failWrite struct {
	in     chan []byte
	once   sync.Once
	closed chan struct{}
}

var errBroken = errors.New("broken socket")

func (f *failWrite) read(ctx context.Context) (bool, []byte, error) {
	select {
	case m := <-f.in:
		return true, m, nil
	case <-f.closed:
		return false, nil, errBroken
	}
}
func (f *failWrite) write(context.Context, []byte) error { return errBroken }
func (f *failWrite) close() error                        { f.abort(); return nil }
func (f *failWrite) abort()                              { f.once.Do(func() { close(f.closed) }) }

// TestFinishWriteFails is the regression test of a deadlock FuzzRouting
// found: a Finish whose write failed after it started held the core's lock
// while asking for it again. Every write that fails after it started ends
// the connection and is a *ConnEndedError.
func TestFinishWriteFails(t *testing.T) {
	for _, channel := range []bool{false, true} {
		tr := &failWrite{in: make(chan []byte, 2), closed: make(chan struct{})}
		s, err := NewServer(context.Background(), newConn(tr, RoleServer), nil)
		require.NoError(t, err)
		tr.in <- fr(TypeRequest, 1, 0, "r")
		sc := accept(t, s)
		r := sc.Responder
		if channel {
			tr.in <- fr(TypeChannelRequest, 1, 1, "c")
			r, err = sc.AcceptChannel(tctx(t))
			require.NoError(t, err)
		}
		done := make(chan error, 1)
		go func() { done <- r.Finish(tctx(t)) }()
		select {
		case err := <-done:
			require.ErrorIs(t, err, ErrConnEnded)
		case <-time.After(wait):
			t.Fatal("Finish hangs")
		}
		<-s.Done()
		require.ErrorIs(t, r.Send(tctx(t), []byte("x")), ErrConnEnded)
		require.NoError(t, s.Close())
	}
}

// gated is a pipe end whose write of a frame of type typ, once the message
// is on its way, waits for gate: the time between a finish reaching the
// peer and the writer learning it did.
type gated struct {
	*pipeEnd
	typ  Type
	gate chan struct{}
}

func (g gated) write(ctx context.Context, msg []byte) error {
	err := g.pipeEnd.write(ctx, msg)
	if len(msg) > 0 && Type(msg[0]) == g.typ {
		<-g.gate
	}
	return err
}

// TestRequestWhileFinishing: a client that reads the finish may reuse the
// scope's number before the server's write of the finish returns; that
// Request opens a new scope and is not taken for a duplicate.
func TestRequestWhileFinishing(t *testing.T) {
	c, s := Pipe()
	g := gated{pipeEnd: s.t.(*pipeEnd), typ: TypeResponseFinish, gate: make(chan struct{})}
	s.t = g
	srv, err := NewServer(context.Background(), s, nil)
	require.NoError(t, err)
	defer srv.Close()
	peer := &pipePeer{c: c}
	defer peer.close()

	peer.send(t, fr(TypeRequest, 1, 0, "first"))
	first := accept(t, srv)
	done := make(chan error, 1)
	go func() { done <- first.Finish(tctx(t)) }()
	require.Equal(t, fr(TypeResponseFinish, 1, 0, ""), peer.recv(t))
	peer.send(t, fr(TypeRequest, 1, 0, "second"))
	second := accept(t, srv)
	require.Equal(t, "second", string(second.Request()))
	close(g.gate)
	require.NoError(t, <-done)
	require.Equal(t, Stats{}, s.Stats())

	// The first scope's end does not end the second.
	require.NoError(t, second.Send(tctx(t), []byte("x")))
	require.Equal(t, fr(TypeResponse, 1, 0, "x"), peer.recv(t))
}

// TestChannelRequestWhileFinishing: the same for a channel the peer opened
// and the responder finished.
func TestChannelRequestWhileFinishing(t *testing.T) {
	c, s := Pipe()
	g := gated{pipeEnd: s.t.(*pipeEnd), typ: TypeChannelResponseFinish, gate: make(chan struct{})}
	s.t = g
	srv, err := NewServer(context.Background(), s, nil)
	require.NoError(t, err)
	defer srv.Close()
	peer := &pipePeer{c: c}
	defer peer.close()

	peer.send(t, fr(TypeRequest, 1, 0, "scope"))
	sc := accept(t, srv)
	peer.send(t, fr(TypeChannelRequest, 1, 1, "first"))
	first, err := sc.AcceptChannel(tctx(t))
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { done <- first.Finish(tctx(t)) }()
	require.Equal(t, fr(TypeChannelResponseFinish, 1, 1, ""), peer.recv(t))
	peer.send(t, fr(TypeChannelRequest, 1, 1, "second"))
	second, err := sc.AcceptChannel(tctx(t))
	require.NoError(t, err)
	require.Equal(t, "second", string(second.Request()))
	close(g.gate)
	require.NoError(t, <-done)
	require.Equal(t, Stats{}, s.Stats())
	require.NoError(t, second.Send(tctx(t), []byte("x")))
	require.Equal(t, fr(TypeChannelResponse, 1, 1, "x"), peer.recv(t))
	require.NoError(t, second.Finish(tctx(t)))
	require.Equal(t, fr(TypeChannelResponseFinish, 1, 1, ""), peer.recv(t))
}
