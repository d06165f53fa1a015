package frame

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync/atomic"

	"github.com/coder/websocket"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Port is the TCP port the container proxy listens on; the provider's
// server dials ws://host:14979/.
const Port = 14979

// MaxMessage is the largest message Dial and Handler read: 64 MiB, the
// default limit of tungstenite (the usual Rust WebSocket library; which one
// the crates use is not known here). A larger message ends the connection
// (the library closes it with status 1009).
const MaxMessage = 64 << 20

// wsTransport is a WebSocket (github.com/coder/websocket).
type wsTransport struct {
	c        *websocket.Conn
	rbuf     []byte // the message being read; reused from one read to the next
	maxFrame int    // 0: MaxFrame; a test's smaller limit otherwise
}

// read reads a whole message into the reused buffer and returns a copy of
// exactly its length: one allocation per message, where the library's own
// Read (io.ReadAll) grows its slice from 512 bytes, a dozen allocations and
// copies for a 64 KiB message.
func (w *wsTransport) read(ctx context.Context) (bool, []byte, error) {
	typ, r, err := w.c.Reader(ctx)
	if err != nil {
		if cleanClose(err) {
			return false, nil, io.EOF
		}
		return false, nil, err
	}
	buf := w.rbuf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return false, nil, err
		}
	}
	msg := make([]byte, len(buf))
	copy(msg, buf)
	if cap(buf) <= keepReadBuf {
		w.rbuf = buf
	}
	return typ == websocket.MessageBinary, msg, nil
}

// keepReadBuf is the largest read buffer a WebSocket keeps for its next
// message; a larger one is dropped after its read.
const keepReadBuf = 1 << 20

// cleanClose reports whether err is the peer's close frame saying the
// connection ended normally: 1000, 1001, or no status at all (1005, what a
// close frame with an empty body reads as, as tungstenite's close(None)
// sends).
func cleanClose(err error) bool {
	switch websocket.CloseStatus(err) {
	case websocket.StatusNormalClosure, websocket.StatusGoingAway, websocket.StatusNoStatusRcvd:
		return true
	}
	return false
}

// MaxFrame is the largest WebSocket frame a message is written in: 16 MiB,
// tungstenite's default limit on one frame (a peer with that default
// refuses a larger one). A longer message goes out in fragments of this
// size, still one message.
const MaxFrame = 16 << 20

func (w *wsTransport) write(ctx context.Context, msg []byte) error {
	maxFrame := MaxFrame
	if w.maxFrame > 0 {
		maxFrame = w.maxFrame // a test's
	}
	if len(msg) <= maxFrame {
		return w.c.Write(ctx, websocket.MessageBinary, msg)
	}
	// Each Write of the message's writer is one fragment.
	wr, err := w.c.Writer(ctx, websocket.MessageBinary)
	if err != nil {
		return err
	}
	for len(msg) > 0 {
		n := min(len(msg), maxFrame)
		if _, err := wr.Write(msg[:n]); err != nil {
			return err
		}
		msg = msg[n:]
	}
	return wr.Close()
}

func (w *wsTransport) close() error {
	err := w.c.Close(websocket.StatusNormalClosure, "")
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

func (w *wsTransport) abort() { _ = w.c.CloseNow() }

// NewConn wraps a WebSocket accepted or dialled elsewhere, to play role.
// The WebSocket's read limit is left as its owner set it (the library's
// default is 32 KiB; Dial and Handler set MaxMessage). The Conn owns ws
// from here on.
func NewConn(ws *websocket.Conn, role Role) (*Conn, error) {
	if ws == nil {
		return nil, wire.ErrNil
	}
	if role != RoleClient && role != RoleServer {
		return nil, ErrRole
	}
	return newConn(&wsTransport{c: ws}, role), nil
}

// Dial opens the connection to a container proxy as the client: url is
// ws://host:14979/ (http:// works too). ctx bounds the upgrade only. A
// refused upgrade is a *DialError carrying the HTTP status; the proxy's 409
// (it already has a connection) matches ErrBusy.
func Dial(ctx context.Context, url string) (*Conn, error) {
	ws, resp, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		de := &DialError{Err: err}
		if resp != nil {
			de.Status = resp.StatusCode
		}
		return nil, de
	}
	ws.SetReadLimit(MaxMessage)
	return newConn(&wsTransport{c: ws}, RoleClient), nil
}

// Handler is the container proxy's side of the connection: it serves the
// root path only (404 elsewhere), upgrades one WebSocket at a time and
// answers an upgrade that comes while one is open with HTTP 409. Serve runs
// for each connection, as the server, and the connection is closed when it
// returns; a new upgrade is accepted after that. An upgraded connection is
// no longer the http.Server's: its Shutdown does not end Serve, so give
// Serve a way to end (its core's context or Close).
type Handler struct {
	// Serve runs the connection; ctx is the upgrade request's. Typically
	// it calls NewServer and Accepts scopes until the connection ends. A
	// nil Serve refuses every upgrade with 503.
	Serve func(ctx context.Context, conn *Conn)

	busy atomic.Bool
}

// ServeHTTP upgrades the request, or refuses it.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/" {
		http.NotFound(w, r)
		return
	}
	if h.Serve == nil {
		http.Error(w, "no server", http.StatusServiceUnavailable)
		return
	}
	if !h.busy.CompareAndSwap(false, true) {
		http.Error(w, "a connection is already open", http.StatusConflict)
		return
	}
	defer h.busy.Store(false)
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered the request
	}
	ws.SetReadLimit(MaxMessage)
	conn := newConn(&wsTransport{c: ws}, RoleServer)
	defer conn.Close()
	h.Serve(r.Context(), conn)
}
