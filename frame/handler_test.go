package frame

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wsPair is a client's and a server's Conn over a loopback WebSocket,
// through Dial and Handler.
func wsPair(t *testing.T) (client, server *Conn) {
	t.Helper()
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	conns := make(chan *Conn, 1)
	srv := httptest.NewServer(&Handler{Serve: func(_ context.Context, c *Conn) {
		conns <- c
		<-done
	}})
	t.Cleanup(srv.Close)
	c, err := Dial(tctx(t), wsURL(srv))
	require.NoError(t, err)
	return c, <-conns
}

func wsURL(srv *httptest.Server) string { return "ws" + strings.TrimPrefix(srv.URL, "http") + "/" }

// TestHandlerOneConnection: a second upgrade while one is open is HTTP
// 409; after the first ends, an upgrade is accepted again.
func TestHandlerOneConnection(t *testing.T) {
	served := make(chan *Server, 2)
	srv := httptest.NewServer(&Handler{Serve: func(ctx context.Context, c *Conn) {
		s, err := NewServer(ctx, c, nil)
		if err != nil {
			return
		}
		served <- s
		<-s.Done()
	}})
	defer srv.Close()

	first, err := Dial(tctx(t), wsURL(srv))
	require.NoError(t, err)
	s1 := <-served
	_, err = Dial(tctx(t), wsURL(srv))
	var de *DialError
	require.ErrorAs(t, err, &de)
	assert.Equal(t, http.StatusConflict, de.Status)
	require.ErrorIs(t, err, ErrBusy)

	require.NoError(t, first.Close())
	<-s1.Done()
	require.NoError(t, s1.Close())
	var second *Conn
	require.Eventually(t, func() bool {
		second, err = Dial(tctx(t), wsURL(srv))
		return err == nil
	}, wait, 10e6, "the handler frees the connection when Serve returns")
	s2 := <-served
	require.NoError(t, second.Close())
	<-s2.Done()
	require.NoError(t, s2.Close())
}

func TestHandlerRefuses(t *testing.T) {
	srv := httptest.NewServer(&Handler{Serve: func(context.Context, *Conn) {}})
	defer srv.Close()
	_, err := Dial(tctx(t), wsURL(srv)+"agent")
	var de *DialError
	require.ErrorAs(t, err, &de)
	assert.Equal(t, http.StatusNotFound, de.Status)
	assert.NotErrorIs(t, err, ErrBusy)

	resp, err := http.Get(srv.URL + "/")
	require.NoError(t, err)
	resp.Body.Close()
	assert.NotEqual(t, http.StatusSwitchingProtocols, resp.StatusCode, "a plain GET is not upgraded")

	none := httptest.NewServer(&Handler{})
	defer none.Close()
	_, err = Dial(tctx(t), wsURL(none))
	require.ErrorAs(t, err, &de)
	assert.Equal(t, http.StatusServiceUnavailable, de.Status)
}

// TestDialContextBoundsUpgradeOnly: cancelling Dial's context after it
// returned leaves the connection open.
func TestDialContextBoundsUpgradeOnly(t *testing.T) {
	done := make(chan struct{})
	defer close(done)
	conns := make(chan *Conn, 1)
	srv := httptest.NewServer(&Handler{Serve: func(_ context.Context, c *Conn) {
		conns <- c
		<-done
	}})
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	c, err := Dial(ctx, wsURL(srv))
	require.NoError(t, err)
	s := <-conns
	cancel()
	require.NoError(t, c.WriteFrame(tctx(t), Header{Type: TypeRequest, Scope: 1}, []byte("r")))
	f, err := s.ReadFrame(tctx(t))
	require.NoError(t, err)
	assert.Equal(t, Frame{Header: Header{TypeRequest, 1, 0}, Payload: []byte("r")}, f)
	read := make(chan error, 1)
	go func() { _, err := s.ReadFrame(tctx(t)); read <- err }()
	require.NoError(t, c.Close())
	require.ErrorIs(t, <-read, io.EOF, "a clean close reads as the end of the stream")
}

// TestConnWriteRefuses: a Conn writes only what its role sends.
func TestConnWriteRefuses(t *testing.T) {
	c, s := Pipe()
	defer c.Close()
	require.ErrorIs(t, c.WriteFrame(tctx(t), Header{Type: TypeResponse, Scope: 1}, nil), ErrRole)
	require.ErrorIs(t, s.WriteFrame(tctx(t), Header{Type: TypeRequest, Scope: 1}, nil), ErrRole)
	require.ErrorIs(t, s.WriteFrame(tctx(t), Header{Type: TypeAuth}, nil), ErrRole)
	require.ErrorIs(t, s.WriteFrame(tctx(t), Header{Type: TypeResponseFinish, Scope: 1}, []byte("x")), ErrNoPayload)
	require.NoError(t, c.Close())
	require.ErrorIs(t, c.WriteFrame(tctx(t), Header{Type: TypeRequest, Scope: 1}, nil), ErrConnEnded)
	var nc *Conn
	require.Error(t, nc.WriteMessage(tctx(t), nil))
	_, err := nc.ReadFrame(tctx(t))
	require.Error(t, err)
	assert.Equal(t, Stats{}, nc.Stats())
	_, err = NewConn(nil, RoleClient)
	require.Error(t, err)
}
