package frame

import (
	"bufio"
	"context"
	"io"
	"net"
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
	assert.Equal(t, http.StatusUpgradeRequired, resp.StatusCode, "a plain GET is not upgraded")
	c, err := Dial(tctx(t), wsURL(srv))
	require.NoError(t, err, "a failed upgrade does not keep the handler busy")
	go drainConn(c)
	require.NoError(t, c.Close())

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

// TestLargeMessageFragmented: a message over the frame limit goes out in
// WebSocket frames of at most that size (read here off the raw TCP
// stream), and arrives whole, as one of our frames.
func TestLargeMessageFragmented(t *testing.T) {
	conns := make(chan *Conn, 1)
	done := make(chan struct{})
	srv := httptest.NewServer(&Handler{Serve: func(_ context.Context, c *Conn) {
		conns <- c
		<-done
	}})
	defer srv.Close()
	defer close(done)

	raw, err := net.Dial("tcp", srv.Listener.Addr().String())
	require.NoError(t, err)
	defer raw.Close()
	_, err = io.WriteString(raw, "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
	require.NoError(t, err)
	br := bufio.NewReader(raw)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
	server := <-conns
	server.t.(*wsTransport).maxFrame = 1000

	payload := make([]byte, 2500)
	for i := range payload {
		payload[i] = byte(i)
	}
	go func() { assert.NoError(t, server.WriteFrame(tctx(t), Header{Type: TypeResponse, Scope: 1}, payload)) }()

	// RFC 6455 frames from the server: unmasked, a 16-bit length here.
	var sizes []int
	var msg []byte
	for fin := false; !fin; {
		var head [4]byte
		_, err := io.ReadFull(br, head[:2])
		require.NoError(t, err)
		fin = head[0]&0x80 != 0
		n := int(head[1] & 0x7f)
		if n == 126 {
			_, err = io.ReadFull(br, head[2:4])
			require.NoError(t, err)
			n = int(head[2])<<8 | int(head[3])
		}
		require.Less(t, n, 127*1000, "lengths this test reads")
		part := make([]byte, n)
		_, err = io.ReadFull(br, part)
		require.NoError(t, err)
		if len(sizes) == 0 {
			assert.Equal(t, byte(0x2), head[0]&0x0f, "a binary message")
		} else {
			assert.Equal(t, byte(0x0), head[0]&0x0f, "a continuation")
		}
		sizes = append(sizes, n)
		msg = append(msg, part...)
	}
	assert.Equal(t, []int{1000, 1000, 509, 0}, sizes, "header and payload in frames of at most 1000 bytes, then the final frame")
	assert.Equal(t, AppendFrame(nil, Header{TypeResponse, 1, 0}, payload), msg)
}
