package proxy_test

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/proxy"
)

// rawPeer is a provider written by hand: frames as bytes on a real
// loopback WebSocket, as a Rust peer writes and reads them.
type rawPeer struct {
	t    *testing.T
	ws   *websocket.Conn
	ctx  context.Context
	srv  *httptest.Server
	done chan error
}

// serveRaw serves prog on a loopback HTTP server and dials it by hand.
func serveRaw(t *testing.T, prog proxy.Program, opts proxy.Options) *rawPeer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	s := &proxy.Server{Program: prog, Options: opts}
	p := &rawPeer{t: t, ctx: ctx, done: make(chan error, 1)}
	p.srv = httptest.NewServer(s.Handler(ctx, func(err error) { p.done <- err }))
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(p.srv.URL, "http")+"/", nil)
	require.NoError(t, err)
	ws.SetReadLimit(1 << 20)
	p.ws = ws
	t.Cleanup(func() {
		_ = ws.Close(websocket.StatusNormalClosure, "")
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
			t.Error("the proxy did not end its connection")
		}
		p.srv.Close()
		cancel()
	})
	return p
}

// frameBytes builds a frame: type, scope, channel, payload.
func frameBytes(typ byte, scope, channel uint32, payload string) []byte {
	b := []byte{typ}
	b = binary.BigEndian.AppendUint32(b, scope)
	b = binary.BigEndian.AppendUint32(b, channel)
	return append(b, payload...)
}

// send writes one frame.
func (p *rawPeer) send(typ byte, scope, channel uint32, payload string) {
	p.t.Helper()
	require.NoError(p.t, p.ws.Write(p.ctx, websocket.MessageBinary, frameBytes(typ, scope, channel, payload)))
}

// read reads the next binary message.
func (p *rawPeer) read() []byte {
	p.t.Helper()
	for {
		typ, msg, err := p.ws.Read(p.ctx)
		require.NoError(p.t, err)
		if typ == websocket.MessageBinary {
			return msg
		}
	}
}

// readN reads n messages, as hex with the header split off: "tt ssssssss
// cccccccc payload-hex".
func (p *rawPeer) readN(n int) []string {
	p.t.Helper()
	out := make([]string, n)
	for i := range out {
		out[i] = show(p.read())
	}
	return out
}

// show writes a frame as "tt ssssssss cccccccc" and its payload, quoted.
func show(msg []byte) string {
	if len(msg) < 9 {
		return "short " + hex.EncodeToString(msg)
	}
	s := hex.EncodeToString(msg[:1]) + " " + hex.EncodeToString(msg[1:5]) + " " + hex.EncodeToString(msg[5:9])
	if len(msg) > 9 {
		s += " " + string(msg[9:])
	}
	return s
}

// hdr is how show writes a header and payload, for expectations.
func hdr(typ byte, scope, channel uint32, payload string) string {
	return show(frameBytes(typ, scope, channel, payload))
}

// mainOf and chanOf split frames into the main stream's and one channel's,
// each in wire order.
func split(frames []string, scope uint32) (main []string, chans map[uint32][]string) {
	chans = map[uint32][]string{}
	for _, f := range frames {
		b, _ := hex.DecodeString(strings.ReplaceAll(f[:20], " ", ""))
		if len(b) < 9 || binary.BigEndian.Uint32(b[1:5]) != scope {
			continue
		}
		switch b[0] {
		case 2, 3:
			main = append(main, f)
		default:
			c := binary.BigEndian.Uint32(b[5:9])
			chans[c] = append(chans[c], f)
		}
	}
	return main, chans
}

// index is the place of want among frames, or -1.
func index(frames []string, want string) int {
	for i, f := range frames {
		if f == want {
			return i
		}
	}
	return -1
}
