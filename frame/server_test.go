package frame

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// accept has the server accept the next scope.
func accept(t *testing.T, s *Server) *ServerScope {
	t.Helper()
	sc, err := s.Accept(tctx(t))
	require.NoError(t, err)
	return sc
}

// TestServerScope: a Request opens a scope (its channel field ignored);
// the server's Responses and its finish, as bytes.
func TestServerScope(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		s, conn, peer := startServer(t, tr, nil)
		raw := fr(TypeRequest, 5, 0, "\x00{\"arguments\":null}")
		raw[8] = 9 // garbage in the unused channel field
		peer.send(t, raw)
		sc := accept(t, s)
		assert.Equal(t, uint32(5), sc.Number())
		assert.Equal(t, "\x00{\"arguments\":null}", string(sc.Request()))
		require.NoError(t, sc.Send(tctx(t), []byte("\x00{}")))
		require.Equal(t, unhex(t, "02 00000005 00000000", "\x00{}"), peer.recv(t))
		require.NoError(t, sc.Finish(tctx(t)))
		require.Equal(t, unhex(t, "03 00000005 00000000", ""), peer.recv(t))
		require.ErrorIs(t, sc.Send(tctx(t), []byte("x")), ErrFinished)
		require.ErrorIs(t, sc.Finish(tctx(t)), ErrFinished)
		select {
		case <-sc.Done():
		case <-time.After(wait):
			t.Fatal("the finish did not end the scope")
		}
		assert.Equal(t, Stats{}, conn.Stats())
	})
}

// TestServerDuplicateRequest: a Request for an open scope is discarded;
// after the finish the client may use the number again.
func TestServerDuplicateRequest(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		s, conn, peer := startServer(t, tr, nil)
		peer.send(t, fr(TypeRequest, 1, 0, "first"))
		peer.send(t, fr(TypeRequest, 1, 0, "again"))
		peer.send(t, fr(TypeRequest, 2, 0, "sync"))
		first := accept(t, s)
		assert.Equal(t, "first", string(first.Request()))
		assert.Equal(t, "sync", string(accept(t, s).Request()))
		assert.Equal(t, Stats{Duplicate: 1}, conn.Stats())

		require.NoError(t, first.Finish(tctx(t)))
		require.Equal(t, fr(TypeResponseFinish, 1, 0, ""), peer.recv(t))
		peer.send(t, fr(TypeRequest, 1, 0, "reused"))
		again := accept(t, s)
		assert.Equal(t, uint32(1), again.Number())
		assert.Equal(t, "reused", string(again.Request()))
	})
}

// TestServerDiscards: what the client may not send, and frames for
// scopes or channels not open.
func TestServerDiscards(t *testing.T) {
	tests := []struct {
		name string
		msg  []byte
		want Stats
	}{
		{"a Response from the client", fr(TypeResponse, 1, 0, "x"), Stats{Undefined: 1}},
		{"a ResponseFinish from the client", fr(TypeResponseFinish, 1, 0, ""), Stats{Undefined: 1}},
		{"type 9", fr(Type(9), 1, 0, ""), Stats{Undefined: 1}},
		{"short", []byte{1, 0, 0, 0, 1}, Stats{Short: 1}},
		{"ChannelRequest in a scope not open", fr(TypeChannelRequest, 7, 1, "x"), Stats{NotOpen: 1}},
		{"ChannelResponse for a channel not open", fr(TypeChannelResponse, 1, 1, "x"), Stats{NotOpen: 1}},
		{"channel finish for a channel not open", fr(TypeChannelResponseFinish, 1, 1, ""), Stats{NotOpen: 1}},
		{"ChannelRequest for channel 0", fr(TypeChannelRequest, 1, 0, "x"), Stats{Duplicate: 1}},
	}
	each(t, func(t *testing.T, tr string) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				s, conn, peer := startServer(t, tr, nil)
				peer.send(t, fr(TypeRequest, 1, 0, "r"))
				accept(t, s)
				peer.send(t, tt.msg)
				peer.send(t, fr(TypeRequest, 2, 0, "sync"))
				assert.Equal(t, "sync", string(accept(t, s).Request()), "the connection goes on")
				assert.Equal(t, tt.want, conn.Stats())
			})
		}
	})
}

// TestServerChannels: the client's channels and the server's, both
// numbered from 1 in one scope; the server's finish ends them all.
func TestServerChannels(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		s, conn, peer := startServer(t, tr, nil)
		peer.send(t, fr(TypeRequest, 1, 0, "begin"))
		sc := accept(t, s)

		// The client's enqueue on its channel 1, answered Delivered.
		peer.send(t, unhex(t, "04 00000001 00000001", "\x02{\"key\":\"k\",\"content\":[]}"))
		in, err := sc.AcceptChannel(tctx(t))
		require.NoError(t, err)
		assert.Equal(t, "\x02{\"key\":\"k\",\"content\":[]}", string(in.Request()))
		require.NoError(t, in.Send(tctx(t), []byte{0}))
		require.Equal(t, unhex(t, "05 00000001 00000001 00", ""), peer.recv(t))
		require.NoError(t, in.Finish(tctx(t)))
		require.Equal(t, unhex(t, "06 00000001 00000001", ""), peer.recv(t))

		// The server's own channel 1, answered by the client.
		out, err := sc.OpenChannel(tctx(t), []byte("mine"))
		require.NoError(t, err)
		require.Equal(t, fr(TypeChannelRequest, 1, 1, "mine"), peer.recv(t))
		peer.send(t, fr(TypeChannelResponse, 1, 1, "answer"))
		assert.Equal(t, "answer", recv(t, out))

		// The client's channel 2, still open at the scope's finish.
		peer.send(t, fr(TypeChannelRequest, 1, 2, "open"))
		in2, err := sc.AcceptChannel(tctx(t))
		require.NoError(t, err)

		require.NoError(t, sc.Finish(tctx(t)))
		require.Equal(t, fr(TypeResponseFinish, 1, 0, ""), peer.recv(t))
		_, err = out.Recv(tctx(t))
		require.ErrorIs(t, err, ErrScopeEnded)
		require.ErrorIs(t, in2.Send(tctx(t), []byte("x")), ErrScopeEnded)
		_, err = sc.OpenChannel(tctx(t), nil)
		require.ErrorIs(t, err, ErrScopeEnded)

		// Late frames for the ended scope are discarded.
		peer.send(t, fr(TypeChannelResponse, 1, 1, "late"))
		peer.send(t, fr(TypeChannelRequest, 1, 3, "late"))
		peer.send(t, fr(TypeRequest, 2, 0, "sync"))
		accept(t, s)
		assert.Equal(t, Stats{NotOpen: 2}, conn.Stats())
	})
}

// TestServerFinishRace: the client may reuse a scope's number the moment
// it reads the finish, even before the server's write of it returns; the
// new Request must not be taken for a duplicate.
func TestServerFinishRace(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		s, conn, peer := startServer(t, tr, nil)
		for i := range 50 {
			peer.send(t, fr(TypeRequest, 1, 0, "r"))
			sc := accept(t, s)
			done := make(chan error, 1)
			go func() { done <- sc.Finish(tctx(t)) }()
			require.Equal(t, fr(TypeResponseFinish, 1, 0, ""), peer.recv(t), "round %d", i)
			require.NoError(t, <-done)
		}
		peer.send(t, fr(TypeRequest, 1, 0, "last"))
		assert.Equal(t, "last", string(accept(t, s).Request()))
		assert.Equal(t, Stats{}, conn.Stats())
	})
}

// TestServerConnEnd: the client's close ends every scope; Accept and every
// other wait are told.
func TestServerConnEnd(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		s, _, peer := startServer(t, tr, nil)
		peer.send(t, fr(TypeRequest, 1, 0, "r"))
		sc := accept(t, s)
		out, err := sc.OpenChannel(tctx(t), []byte("q"))
		require.NoError(t, err)
		peer.recv(t)
		errs := make(chan error, 3)
		go func() { _, err := s.Accept(tctx(t)); errs <- err }()
		go func() { _, err := out.Recv(tctx(t)); errs <- err }()
		go func() { _, err := sc.AcceptChannel(tctx(t)); errs <- err }()
		peer.close()
		for range 3 {
			err := <-errs
			require.ErrorIs(t, err, ErrConnEnded)
			require.ErrorIs(t, err, io.EOF)
		}
		<-s.Done()
		require.ErrorIs(t, s.Err(), io.EOF)
		require.ErrorIs(t, sc.Send(tctx(t), []byte("x")), ErrConnEnded)
		require.ErrorIs(t, sc.Finish(tctx(t)), ErrConnEnded)
		_, err = s.Accept(tctx(t))
		require.ErrorIs(t, err, ErrConnEnded)
	})
}

// TestServerAcceptContext: Accept waits on its context.
func TestServerAcceptContext(t *testing.T) {
	s, _, _ := startServer(t, "pipe", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err := s.Accept(ctx)
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

// TestBothCores runs the worked example between the two cores.
func TestBothCores(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		var cc, sc *Conn
		if tr == "pipe" {
			cc, sc = Pipe()
		} else {
			cc, sc = wsPair(t)
		}
		srv, err := NewServer(context.Background(), sc, nil)
		require.NoError(t, err)
		cli, err := NewClient(context.Background(), cc, nil)
		require.NoError(t, err)

		served := make(chan error, 1)
		go func() {
			served <- func() error {
				scope, err := srv.Accept(tctx(t))
				if err != nil {
					return err
				}
				if err := scope.Send(tctx(t), []byte("\x00{}")); err != nil {
					return err
				}
				ch, err := scope.AcceptChannel(tctx(t))
				if err != nil {
					return err
				}
				if string(ch.Request()) != "\x02{}" {
					return io.ErrUnexpectedEOF
				}
				if err := ch.Send(tctx(t), []byte{0}); err != nil {
					return err
				}
				if err := ch.Finish(tctx(t)); err != nil {
					return err
				}
				return scope.Finish(tctx(t))
			}()
		}()
		scope, err := cli.Open(tctx(t), []byte("\x00{\"arguments\":null}"))
		require.NoError(t, err)
		assert.Equal(t, "\x00{}", recv(t, scope.Stream))
		enq, err := scope.OpenChannel(tctx(t), []byte("\x02{}"))
		require.NoError(t, err)
		assert.Equal(t, "\x00", recv(t, enq))
		_, err = enq.Recv(tctx(t))
		require.ErrorIs(t, err, ErrFinished)
		_, err = scope.Recv(tctx(t))
		require.ErrorIs(t, err, ErrFinished)
		require.NoError(t, <-served)

		require.NoError(t, cli.Close())
		<-srv.Done()
		require.ErrorIs(t, srv.Err(), io.EOF, "the client's close is the server's clean end")
		require.NoError(t, srv.Close())
	})
}

// TestNothingFollowsTheFinish: answers on the scope's channels racing the
// server's finish never reach the wire after it; a Send that loses the
// race is ErrScopeEnded.
func TestNothingFollowsTheFinish(t *testing.T) {
	each(t, func(t *testing.T, tr string) {
		s, _, peer := startServer(t, tr, nil)
		for round := range 20 {
			peer.send(t, fr(TypeRequest, 1, 0, "r"))
			sc := accept(t, s)
			peer.send(t, fr(TypeRequest, 2, 0, "marker"))
			marker := accept(t, s)
			var senders []*Responder
			for ch := uint32(1); ch <= 4; ch++ {
				peer.send(t, fr(TypeChannelRequest, 1, ch, "c"))
				r, err := sc.AcceptChannel(tctx(t))
				require.NoError(t, err)
				senders = append(senders, r)
			}
			errs := make(chan error, len(senders))
			for _, r := range senders {
				go func() {
					for {
						if err := r.Send(tctx(t), []byte("x")); err != nil {
							errs <- err
							return
						}
					}
				}()
			}
			readDone := make(chan error, 1)
			go func() {
				finished := false
				for {
					msg := peer.recv(t)
					h, err := parseHeader(msg)
					if err != nil {
						readDone <- err
						return
					}
					switch {
					case h.Scope == 2:
						readDone <- nil
						return
					case finished:
						readDone <- errors.New(h.Type.String() + " of scope 1 after its finish")
						return
					case h.Type == TypeResponseFinish:
						finished = true
					}
				}
			}()
			require.NoError(t, sc.Finish(tctx(t)))
			for range senders {
				require.ErrorIs(t, <-errs, ErrScopeEnded)
			}
			require.NoError(t, marker.Finish(tctx(t)))
			require.NoError(t, <-readDone, "round %d", round)
		}
	})
}
