package frame

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteContext: a write whose ctx has ended writes nothing and leaves
// the connection as it was; one whose ctx ends while it waits on a peer
// that does not read ends the connection, with ctx's error; and writes
// that share a context share one watch on it, let go when the connection
// ends.
func TestWriteContext(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		conn, peer := connect(t, tr, RoleClient)
		t.Cleanup(peer.close)
		h := Header{Type: TypeRequest, Scope: 1}

		ended, cancel := context.WithCancel(context.Background())
		cancel()
		assert.ErrorIs(t, conn.WriteFrame(ended, h, []byte("x")), context.Canceled)
		assert.Nil(t, conn.watched.Load(), "nothing watched for a write that did not start")

		ctx := tctx(t)
		require.NoError(t, conn.WriteFrame(ctx, h, []byte("a")))
		w := conn.watched.Load()
		require.NotNil(t, w)
		require.NoError(t, conn.WriteFrame(ctx, h, []byte("b")))
		assert.Same(t, w, conn.watched.Load(), "a second write on the same context")
		assert.Equal(t, []byte("\x01\x00\x00\x00\x01\x00\x00\x00\x00a"), peer.recv(t))
		assert.Equal(t, []byte("\x01\x00\x00\x00\x01\x00\x00\x00\x00b"), peer.recv(t))

		// The peer reads no more: writes go on until one waits (the
		// pipe's buffer, or the socket's, is full), then its context
		// ends.
		stuck, cancel := context.WithCancel(context.Background())
		var wrote atomic.Int64
		errc := make(chan error, 1)
		go func() {
			big := make([]byte, 1<<20)
			for {
				if err := conn.WriteFrame(stuck, h, big); err != nil {
					errc <- err
					return
				}
				wrote.Add(1)
			}
		}()
		for last := int64(-1); wrote.Load() != last; time.Sleep(100 * time.Millisecond) {
			last = wrote.Load()
		}
		cancel()
		select {
		case err := <-errc:
			assert.ErrorIs(t, err, context.Canceled)
		case <-time.After(wait):
			t.Fatal("the write did not end with its context")
		}
		assert.ErrorIs(t, conn.WriteFrame(tctx(t), h, []byte("c")), ErrConnEnded, "the connection ended with the write")
		assert.Nil(t, conn.watched.Load(), "the watch let go with the connection")
	})
}

// TestFinishEndedContext: a Finish or Send whose ctx has ended writes
// nothing and leaves the stream as it was: a later Finish writes the
// finish.
func TestFinishEndedContext(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		s, _, peer := startServer(t, tr, nil)
		peer.send(t, fr(TypeRequest, 1, 0, "r"))
		sc := accept(t, s)
		ended, cancel := context.WithCancel(context.Background())
		cancel()
		for range 20 { // the turns are free: each call takes them first
			assert.ErrorIs(t, sc.Send(ended, []byte("x")), context.Canceled)
			assert.ErrorIs(t, sc.Finish(ended), context.Canceled)
		}
		require.NoError(t, sc.Send(tctx(t), []byte("a")))
		require.NoError(t, sc.Finish(tctx(t)))
		assert.Equal(t, fr(TypeResponse, 1, 0, "a"), peer.recv(t))
		assert.Equal(t, fr(TypeResponseFinish, 1, 0, ""), peer.recv(t))
	})
}
