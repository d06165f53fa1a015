package frame

import (
	"context"
	"io"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func each(t *testing.T, test func(t *testing.T, transport string)) {
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) { test(t, tr) })
	}
}

// TestClientMainStream: a Request's bytes, the Responses in order, then
// the finish; a second scope is numbered 2 while 1 is open.
func TestClientMainStream(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, conn, peer := startClient(t, tr, nil)
		s1 := open(t, c, peer, "\x00{\"arguments\":null}", 1)
		s2 := open(t, c, peer, "\x01", 2)

		peer.send(t, fr(TypeResponse, 1, 0, "\x00{}"))
		peer.send(t, fr(TypeResponse, 2, 0, "two"))
		peer.send(t, fr(TypeResponse, 1, 0, ""))
		peer.send(t, fr(TypeResponseFinish, 1, 0, ""))
		assert.Equal(t, "\x00{}", recv(t, s1.Stream))
		assert.Equal(t, "", recv(t, s1.Stream), "an empty Response is an answer")
		for range 2 {
			_, err := s1.Recv(tctx(t))
			require.ErrorIs(t, err, ErrFinished)
			require.NotErrorIs(t, err, ErrNotServed)
		}
		assert.Equal(t, "two", recv(t, s2.Stream))
		select {
		case <-s1.Done():
		case <-time.After(wait):
			t.Fatal("the finish did not end the scope")
		}
		assert.Equal(t, Stats{}, conn.Stats())
	})
}

// TestClientNotServed: a finish with nothing before it.
func TestClientNotServed(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, _, peer := startClient(t, tr, nil)
		s := open(t, c, peer, "\x09", 1)
		peer.send(t, fr(TypeResponseFinish, 1, 0, ""))
		_, err := s.Recv(tctx(t))
		require.ErrorIs(t, err, ErrNotServed)
		require.ErrorIs(t, err, ErrFinished)
		_, err = s.Recv(tctx(t))
		require.ErrorIs(t, err, ErrNotServed)
	})
}

// TestClientNumbering: a scope number is not reused while open, 0 is
// never used, and the numbers wrap.
func TestClientNumbering(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, _, peer := startClient(t, tr, nil)
		open(t, c, peer, "a", 1)
		c.ep.mu.Lock()
		c.ep.next = math.MaxUint32
		c.ep.mu.Unlock()
		last := open(t, c, peer, "b", math.MaxUint32)
		open(t, c, peer, "c", 2) // 0 skipped, 1 still open

		peer.send(t, fr(TypeResponseFinish, math.MaxUint32, 0, ""))
		_, err := last.Recv(tctx(t))
		require.ErrorIs(t, err, ErrNotServed)
		c.ep.mu.Lock()
		c.ep.next = math.MaxUint32
		c.ep.mu.Unlock()
		open(t, c, peer, "d", math.MaxUint32) // free again after its finish
	})
}

// TestClientDiscards: every frame the wire says to discard is discarded
// and counted, and the connection goes on.
func TestClientDiscards(t *testing.T) {
	tests := []struct {
		name string
		msg  []byte
		text bool
		want Stats
	}{
		{"text", []byte("hello"), true, Stats{Skipped: 1}},
		{"empty message", []byte{}, false, Stats{Short: 1}},
		{"eight bytes", fr(TypeResponse, 1, 0, "")[:8], false, Stats{Short: 1}},
		{"type 7", fr(Type(7), 1, 0, "x"), false, Stats{Undefined: 1}},
		{"type 255", fr(Type(255), 1, 0, "x"), false, Stats{Undefined: 1}},
		{"a Request from the server", fr(TypeRequest, 1, 0, "x"), false, Stats{Undefined: 1}},
		{"Response for a scope never opened", fr(TypeResponse, 99, 0, "x"), false, Stats{NotOpen: 1}},
		{"finish for a scope never opened", fr(TypeResponseFinish, 99, 0, ""), false, Stats{NotOpen: 1}},
		{"ChannelRequest in a scope never opened", fr(TypeChannelRequest, 99, 1, "x"), false, Stats{NotOpen: 1}},
		{"ChannelResponse for a channel never opened", fr(TypeChannelResponse, 1, 5, "x"), false, Stats{NotOpen: 1}},
		{"channel finish for a channel never opened", fr(TypeChannelResponseFinish, 1, 5, ""), false, Stats{NotOpen: 1}},
		{"ChannelResponse on channel 0", fr(TypeChannelResponse, 1, 0, "x"), false, Stats{NotOpen: 1}},
		{"ChannelRequest for channel 0", fr(TypeChannelRequest, 1, 0, "x"), false, Stats{Duplicate: 1}},
	}
	each(t, func(t *testing.T, tr string) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				c, conn, peer := startClient(t, tr, nil)
				s := open(t, c, peer, "r", 1)
				if tt.text {
					peer.sendText(t, string(tt.msg))
				} else {
					peer.send(t, tt.msg)
				}
				peer.send(t, fr(TypeResponse, 1, 0, "after"))
				assert.Equal(t, "after", recv(t, s.Stream), "the connection goes on")
				assert.Equal(t, tt.want, conn.Stats())
				assert.NoError(t, c.Err())
			})
		}
	})
}

// TestClientUnusedFieldsIgnored: a Response's channel field is ignored.
func TestClientUnusedFieldsIgnored(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, conn, peer := startClient(t, tr, nil)
		s := open(t, c, peer, "r", 1)
		peer.send(t, fr(TypeResponse, 1, 7, "x")[:9:9])
		msg := fr(TypeResponse, 1, 0, "y")
		msg[5], msg[8] = 0xff, 0x07 // the channel field holds garbage
		peer.send(t, msg)
		raw := fr(TypeResponseFinish, 1, 0, "")
		raw[6] = 1
		peer.send(t, raw)
		assert.Equal(t, "", recv(t, s.Stream))
		assert.Equal(t, "y", recv(t, s.Stream))
		_, err := s.Recv(tctx(t))
		require.ErrorIs(t, err, ErrFinished)
		assert.Equal(t, Stats{}, conn.Stats())
	})
}

// TestClientLateFrames: after the finish, nothing bears the scope.
func TestClientLateFrames(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, conn, peer := startClient(t, tr, nil)
		s1 := open(t, c, peer, "r", 1)
		s2 := open(t, c, peer, "r", 2)
		ch, err := s1.OpenChannel(tctx(t), []byte("q"))
		require.NoError(t, err)
		require.Equal(t, fr(TypeChannelRequest, 1, 1, "q"), peer.recv(t))
		peer.send(t, fr(TypeResponseFinish, 1, 0, ""))
		peer.send(t, fr(TypeResponse, 1, 0, "late"))
		peer.send(t, fr(TypeResponseFinish, 1, 0, ""))
		peer.send(t, fr(TypeChannelResponse, 1, 1, "late"))
		peer.send(t, fr(TypeChannelRequest, 1, 1, "late"))
		peer.send(t, fr(TypeResponse, 2, 0, "sync"))
		assert.Equal(t, "sync", recv(t, s2.Stream))
		assert.Equal(t, Stats{NotOpen: 4}, conn.Stats())
		_, err = ch.Recv(tctx(t))
		require.ErrorIs(t, err, ErrScopeEnded)
		_, err = s1.Recv(tctx(t))
		require.ErrorIs(t, err, ErrNotServed)
	})
}

// TestClientChannels: channels the client opens (its numbers) and those
// the server opens (the server's numbers) in one scope, with the same
// number, told apart by direction and type.
func TestClientChannels(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, conn, peer := startClient(t, tr, nil)
		s := open(t, c, peer, "r", 1)
		enq, err := s.OpenChannel(tctx(t), []byte("\x02{\"key\":\"k\",\"content\":[]}"))
		require.NoError(t, err)
		assert.Equal(t, uint32(1), enq.Channel())
		require.Equal(t, unhex(t, "04 00000001 00000001", "\x02{\"key\":\"k\",\"content\":[]}"), peer.recv(t))
		second, err := s.OpenChannel(tctx(t), []byte("q2"))
		require.NoError(t, err)
		require.Equal(t, fr(TypeChannelRequest, 1, 2, "q2"), peer.recv(t))

		// The server opens its own channel 1.
		peer.send(t, fr(TypeChannelRequest, 1, 1, "theirs"))
		in, err := s.AcceptChannel(tctx(t))
		require.NoError(t, err)
		assert.Equal(t, "theirs", string(in.Request()))
		assert.Equal(t, uint32(1), in.Channel())

		// A ChannelResponse from the server answers the client's channel 1.
		peer.send(t, unhex(t, "05 00000001 00000001 00", ""))
		peer.send(t, unhex(t, "06 00000001 00000001", ""))
		assert.Equal(t, "\x00", recv(t, enq))
		_, err = enq.Recv(tctx(t))
		require.ErrorIs(t, err, ErrFinished)

		// The client's answers go to the server's channel 1.
		require.NoError(t, in.Send(tctx(t), []byte("ans")))
		require.Equal(t, fr(TypeChannelResponse, 1, 1, "ans"), peer.recv(t))
		require.NoError(t, in.Finish(tctx(t)))
		require.Equal(t, unhex(t, "06 00000001 00000001", ""), peer.recv(t))
		require.ErrorIs(t, in.Finish(tctx(t)), ErrFinished)
		require.ErrorIs(t, in.Send(tctx(t), []byte("x")), ErrFinished)

		// Channel 1 of the client is free again; 2 is still open.
		s.Scope.sc.next = 1
		again, err := s.OpenChannel(tctx(t), []byte("q3"))
		require.NoError(t, err)
		assert.Equal(t, uint32(1), again.Channel())
		require.Equal(t, fr(TypeChannelRequest, 1, 1, "q3"), peer.recv(t))
		third, err := s.OpenChannel(tctx(t), []byte("q4"))
		require.NoError(t, err)
		assert.Equal(t, uint32(3), third.Channel(), "2 is open")
		require.Equal(t, fr(TypeChannelRequest, 1, 3, "q4"), peer.recv(t))

		// A second request for the server's open channel is discarded; after
		// its finish the number is the server's to use again.
		peer.send(t, fr(TypeChannelRequest, 1, 2, "x"))
		peer.send(t, fr(TypeChannelRequest, 1, 2, "dup"))
		peer.send(t, fr(TypeChannelRequest, 1, 1, "reused"))
		in2, err := s.AcceptChannel(tctx(t))
		require.NoError(t, err)
		assert.Equal(t, "x", string(in2.Request()))
		in1, err := s.AcceptChannel(tctx(t))
		require.NoError(t, err)
		assert.Equal(t, "reused", string(in1.Request()))
		assert.Equal(t, Stats{Duplicate: 1}, conn.Stats())

		// A channel finish with nothing before it: not served.
		peer.send(t, fr(TypeChannelResponseFinish, 1, 2, ""))
		_, err = second.Recv(tctx(t))
		require.ErrorIs(t, err, ErrNotServed)
	})
}

// TestClientScopeEndEndsChannels: the ResponseFinish ends every channel in
// the scope, both ways.
func TestClientScopeEndEndsChannels(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, _, peer := startClient(t, tr, nil)
		s := open(t, c, peer, "r", 1)
		ours, err := s.OpenChannel(tctx(t), []byte("q"))
		require.NoError(t, err)
		peer.recv(t)
		peer.send(t, fr(TypeChannelRequest, 1, 1, "theirs"))
		theirs, err := s.AcceptChannel(tctx(t))
		require.NoError(t, err)
		peer.send(t, fr(TypeChannelResponse, 1, 1, "queued"))
		peer.send(t, fr(TypeChannelRequest, 1, 2, "never accepted"))
		peer.send(t, fr(TypeResponseFinish, 1, 0, ""))
		_, err = s.Recv(tctx(t))
		require.ErrorIs(t, err, ErrNotServed)

		assert.Equal(t, "queued", recv(t, ours), "what came before the end is read first")
		_, err = ours.Recv(tctx(t))
		require.ErrorIs(t, err, ErrScopeEnded)
		require.ErrorIs(t, theirs.Send(tctx(t), []byte("x")), ErrScopeEnded)
		require.ErrorIs(t, theirs.Finish(tctx(t)), ErrScopeEnded)
		_, err = s.OpenChannel(tctx(t), []byte("q"))
		require.ErrorIs(t, err, ErrScopeEnded)
		_, err = s.AcceptChannel(tctx(t))
		require.ErrorIs(t, err, ErrScopeEnded, "a channel not accepted before the end is dropped")
	})
}

// TestClientConnEnd: the peer's clean close ends every scope and channel,
// and every waiting caller is told.
func TestClientConnEnd(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, _, peer := startClient(t, tr, nil)
		s := open(t, c, peer, "r", 1)
		ch, err := s.OpenChannel(tctx(t), []byte("q"))
		require.NoError(t, err)
		peer.recv(t)
		errs := make(chan error, 3)
		go func() { _, err := s.Recv(tctx(t)); errs <- err }()
		go func() { _, err := ch.Recv(tctx(t)); errs <- err }()
		go func() { _, err := s.AcceptChannel(tctx(t)); errs <- err }()
		peer.close()
		for range 3 {
			err := <-errs
			var ce *ConnEndedError
			require.ErrorAs(t, err, &ce)
			assert.ErrorIs(t, err, ErrConnEnded)
			assert.ErrorIs(t, err, io.EOF)
		}
		<-c.Done()
		require.ErrorIs(t, c.Err(), io.EOF)
		_, err = c.Open(tctx(t), []byte("x"))
		require.ErrorIs(t, err, ErrConnEnded)
		_, err = s.OpenChannel(tctx(t), []byte("x"))
		require.ErrorIs(t, err, ErrConnEnded)
	})
}

// TestClientAuthEnds: an Auth frame, whatever its fields, ends the
// connection.
func TestClientAuthEnds(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, _, peer := startClient(t, tr, nil)
		s := open(t, c, peer, "r", 1)
		peer.send(t, fr(TypeAuth, 1, 1, "token"))
		_, err := s.Recv(tctx(t))
		require.ErrorIs(t, err, ErrConnEnded)
		require.ErrorIs(t, err, ErrAuth)
		<-c.Done()
		require.ErrorIs(t, c.Err(), ErrAuth)
	})
}

// TestClientContextEnds: the context the core started with ends the
// connection.
func TestClientContextEnds(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		conn, peer := connect(t, tr, RoleClient)
		t.Cleanup(peer.close)
		ctx, cancel := context.WithCancel(context.Background())
		c, err := NewClient(ctx, conn, nil)
		require.NoError(t, err)
		s := open(t, c, peer, "r", 1)
		go drain(peer)
		cancel()
		_, err = s.Recv(tctx(t))
		require.ErrorIs(t, err, ErrConnEnded)
		require.ErrorIs(t, err, context.Canceled)
		<-c.Done()
		require.NoError(t, c.Close())
	})
}

// drain reads a peer until its connection ends, so the core's close
// handshake is answered.
func drain(peer rawPeer) {
	switch p := peer.(type) {
	case *wsPeer:
		for {
			if _, _, err := p.ws.Read(context.Background()); err != nil {
				return
			}
		}
	case *pipePeer:
		for {
			if _, _, err := p.c.t.read(context.Background()); err != nil {
				return
			}
		}
	}
}

// TestClientCloseEnds: Close ends the connection from this side.
func TestClientCloseEnds(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, _, peer := startClient(t, tr, nil)
		s := open(t, c, peer, "r", 1)
		go drain(peer)
		require.NoError(t, c.Close())
		_, err := s.Recv(tctx(t))
		require.ErrorIs(t, err, ErrClosed)
		require.ErrorIs(t, c.Err(), ErrClosed)
		require.NoError(t, c.Close(), "a second Close")
	})
}

// TestRecvContext: a Recv whose ctx ends leaves the stream as it was.
func TestRecvContext(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, _, peer := startClient(t, tr, nil)
		s := open(t, c, peer, "r", 1)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		_, err := s.Recv(ctx)
		require.ErrorIs(t, err, context.DeadlineExceeded)
		peer.send(t, fr(TypeResponse, 1, 0, "x"))
		assert.Equal(t, "x", recv(t, s.Stream))
	})
}

// TestBackpressure: a full stream stops the reader, so other streams wait
// too; reading it, or abandoning it, lets the connection go on.
func TestBackpressure(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		c, conn, peer := startClient(t, tr, &Options{Depth: 2})
		full := open(t, c, peer, "r", 1)
		other := open(t, c, peer, "r", 2)
		sent := make(chan struct{})
		go func() {
			defer close(sent)
			for i := range 5 {
				peer.send(t, fr(TypeResponse, 1, 0, string(rune('a'+i))))
			}
			peer.send(t, fr(TypeResponse, 2, 0, "other"))
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		_, err := other.Recv(ctx)
		require.ErrorIs(t, err, context.DeadlineExceeded, "the reader waits for the full stream")
		assert.Equal(t, "a", recv(t, full.Stream))
		full.Abandon()
		assert.Equal(t, "other", recv(t, other.Stream))
		<-sent
		_, err = full.Recv(tctx(t))
		require.ErrorIs(t, err, ErrAbandoned)
		assert.Positive(t, conn.Stats().Dropped)

		// The abandoned scope's number stays taken until its finish.
		c.ep.mu.Lock()
		c.ep.next = 1
		c.ep.mu.Unlock()
		open(t, c, peer, "r", 3)
		peer.send(t, fr(TypeResponseFinish, 1, 0, ""))
		peer.send(t, fr(TypeResponse, 2, 0, "sync"))
		assert.Equal(t, "sync", recv(t, other.Stream))
		c.ep.mu.Lock()
		c.ep.next = 1
		c.ep.mu.Unlock()
		open(t, c, peer, "r", 1)
	})
}

func TestNewRefuses(t *testing.T) {
	c, s := Pipe()
	defer c.Close()
	_, err := NewClient(context.Background(), s, nil)
	require.ErrorIs(t, err, ErrRole)
	_, err = NewServer(context.Background(), c, nil)
	require.ErrorIs(t, err, ErrRole)
	_, err = NewClient(context.Background(), nil, nil)
	require.Error(t, err)
	_, err = NewClient(context.Background(), c, &Options{Depth: -1})
	require.ErrorIs(t, err, ErrDepth)

	var nc *Client
	_, err = nc.Open(context.Background(), nil)
	require.Error(t, err)
	require.Error(t, nc.Close())
	var st *Stream
	_, err = st.Recv(context.Background())
	require.Error(t, err)
	var r *Responder
	require.Error(t, r.Send(context.Background(), nil))
	require.Error(t, r.Finish(context.Background()))
	var sc *Scope
	_, err = sc.OpenChannel(context.Background(), nil)
	require.Error(t, err)
	_, err = sc.AcceptChannel(context.Background())
	require.Error(t, err)
}

// TestPingSkipped: a WebSocket ping from the peer is answered by the
// library and is no frame: nothing is counted and the frames go on.
func TestPingSkipped(t *testing.T) {
	c, conn, peer := startClient(t, "websocket", nil)
	s := open(t, c, peer, "r", 1)
	ws := peer.(*wsPeer).ws
	pinged := make(chan error, 1)
	go func() { pinged <- ws.Ping(tctx(t)) }()
	got := make(chan []byte, 1)
	go func() { got <- peer.recv(t) }() // reads the pong for Ping
	require.NoError(t, <-pinged)
	_, err := s.OpenChannel(tctx(t), []byte("after the ping"))
	require.NoError(t, err)
	assert.Equal(t, fr(TypeChannelRequest, 1, 1, "after the ping"), <-got)
	peer.send(t, fr(TypeResponse, 1, 0, "x"))
	assert.Equal(t, "x", recv(t, s.Stream))
	assert.Equal(t, Stats{}, conn.Stats())
}
