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
