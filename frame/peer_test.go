package frame

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// wait bounds every wait in these tests: a test that would hang fails.
const wait = 5 * time.Second

// rawPeer is the other end of a connection as a Rust peer sees it: whole
// messages, written and read as bytes.
type rawPeer interface {
	send(t testing.TB, msg []byte)
	sendText(t testing.TB, msg string)
	// recv returns the next binary message.
	recv(t testing.TB) []byte
	// close ends the connection cleanly.
	close()
}

// transports are the two ways every routing test runs.
var transports = []string{"pipe", "websocket"}

// connect returns the core's end of a connection in role, and the raw
// peer at the other end, over transport. Everything is closed when the test
// ends.
func connect(t *testing.T, transport string, role Role) (*Conn, rawPeer) {
	t.Helper()
	if transport == "pipe" {
		c, s := Pipe()
		if role == RoleClient {
			return c, &pipePeer{c: s}
		}
		return s, &pipePeer{c: c}
	}
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	if role == RoleServer {
		conns := make(chan *Conn, 1)
		srv := httptest.NewServer(&Handler{Serve: func(_ context.Context, conn *Conn) {
			conns <- conn
			<-done
		}})
		t.Cleanup(srv.Close)
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/", nil)
		require.NoError(t, err)
		p := &wsPeer{ws: ws}
		t.Cleanup(p.close)
		return <-conns, p
	}
	peers := make(chan *websocket.Conn, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		peers <- ws
		<-done
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	conn, err := Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/")
	require.NoError(t, err)
	p := &wsPeer{ws: <-peers}
	t.Cleanup(p.close)
	return conn, p
}

type pipePeer struct{ c *Conn }

func (p *pipePeer) send(t testing.TB, msg []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	require.NoError(t, p.c.WriteMessage(ctx, msg))
}

func (p *pipePeer) sendText(t testing.TB, msg string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	require.NoError(t, p.c.t.(*pipeEnd).send(ctx, pipeMsg{data: []byte(msg)}))
}

func (p *pipePeer) recv(t testing.TB) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for {
		binary, msg, err := p.c.t.read(ctx)
		require.NoError(t, err)
		if binary {
			return msg
		}
	}
}

func (p *pipePeer) close() { _ = p.c.Close() }

type wsPeer struct{ ws *websocket.Conn }

func (p *wsPeer) send(t testing.TB, msg []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	require.NoError(t, p.ws.Write(ctx, websocket.MessageBinary, msg))
}

func (p *wsPeer) sendText(t testing.TB, msg string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	require.NoError(t, p.ws.Write(ctx, websocket.MessageText, []byte(msg)))
}

func (p *wsPeer) recv(t testing.TB) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	typ, msg, err := p.ws.Read(ctx)
	require.NoError(t, err)
	require.Equal(t, websocket.MessageBinary, typ, "every frame is one binary message")
	return msg
}

// close ends the WebSocket cleanly. It reads the answer to its close
// itself, and the core's reader answers it.
func (p *wsPeer) close() { _ = p.ws.Close(websocket.StatusNormalClosure, "") }

// fr is one frame's bytes.
func fr(typ Type, scope, channel uint32, payload string) []byte {
	return AppendFrame(nil, Header{typ, scope, channel}, []byte(payload))
}

func tctx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	t.Cleanup(cancel)
	return ctx
}

// startClient runs a client core on the client's end of transport.
func startClient(t *testing.T, transport string, opts *Options) (*Client, *Conn, rawPeer) {
	t.Helper()
	conn, peer := connect(t, transport, RoleClient)
	c, err := NewClient(context.Background(), conn, opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	t.Cleanup(peer.close) // first: the core's reader answers its close
	return c, conn, peer
}

// startServer runs a server core on the server's end of transport.
func startServer(t *testing.T, transport string, opts *Options) (*Server, *Conn, rawPeer) {
	t.Helper()
	conn, peer := connect(t, transport, RoleServer)
	s, err := NewServer(context.Background(), conn, opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	t.Cleanup(peer.close) // first: the core's reader answers its close
	return s, conn, peer
}

// open has the client open a scope and checks the Request's bytes.
func open(t *testing.T, c *Client, peer rawPeer, request string, want uint32) *ClientScope {
	t.Helper()
	sc, err := c.Open(tctx(t), []byte(request))
	require.NoError(t, err)
	require.Equal(t, want, sc.Number())
	require.Equal(t, fr(TypeRequest, want, 0, request), peer.recv(t))
	return sc
}

// recv reads one answer of a stream.
func recv(t *testing.T, s *Stream) string {
	t.Helper()
	p, err := s.Recv(tctx(t))
	require.NoError(t, err)
	return string(p)
}
