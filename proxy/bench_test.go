package proxy_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// streamer is a program whose one loop sends n chunks of one text.
type streamer struct {
	proxytest.Program
	n    int
	text string
}

func (s *streamer) Run(ctx context.Context, l *proxy.Loop) error {
	c := &chunk.AssistantTextContent{Content: mcpcontent.Text{Text: s.text}}
	for range s.n {
		if err := l.Send(ctx, c); err != nil {
			return err
		}
	}
	return nil
}

// sizes are the two frame sizes measured: a small chunk, and one of about
// 64 KiB.
var sizes = []struct {
	name string
	text string
}{
	{"small", "hello"},
	{"64KiB", strings.Repeat("x", 64<<10)},
}

// BenchmarkStream measures frames per second one way, server to client,
// over a loopback WebSocket: the proxy's main stream (a loop's chunks,
// written by the server, read and decoded by the provider) beside
// coder/websocket alone writing messages of the same size and reading them
// back as bytes. Compare the frames/s of the pairs.
func BenchmarkStream(b *testing.B) {
	for _, size := range sizes {
		payload, err := begin.EncodeResponse(nil, &begin.Chunk{Chunk: &chunk.AssistantTextContent{Content: mcpcontent.Text{Text: size.text}}})
		require.NoError(b, err)
		b.Run("websocket/"+size.name, func(b *testing.B) {
			msg := make([]byte, 9+len(payload))
			copy(msg[9:], payload)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				ws, err := websocket.Accept(w, r, nil)
				if err != nil {
					return
				}
				defer ws.CloseNow()
				ctx := r.Context()
				for range b.N {
					if ws.Write(ctx, websocket.MessageBinary, msg) != nil {
						return
					}
				}
				_ = ws.Close(websocket.StatusNormalClosure, "")
			}))
			defer srv.Close()
			ctx := context.Background()
			ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
			require.NoError(b, err)
			defer ws.CloseNow()
			ws.SetReadLimit(1 << 20)
			b.SetBytes(int64(len(msg)))
			b.ResetTimer()
			for range b.N {
				if _, _, err := ws.Read(ctx); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		})
		b.Run("proxy/"+size.name, func(b *testing.B) {
			prog := &streamer{n: b.N, text: size.text}
			c, stop := loopback(b, prog, proxy.Options{})
			defer stop()
			ctx := context.Background()
			bg, err := c.Begin(ctx, wire.Raw{})
			require.NoError(b, err)
			b.SetBytes(int64(9 + len(payload)))
			b.ResetTimer()
			fate, err := bg.SendEnqueue(ctx, enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "go"}}})
			require.NoError(b, err)
			got := 0
			for got < b.N {
				r, err := bg.Recv(ctx)
				if err != nil {
					b.Fatal(err)
				}
				if c, ok := r.(*begin.Chunk); ok {
					if _, ok := c.Chunk.(*chunk.AssistantTextContent); ok {
						got++
					}
				}
			}
			b.StopTimer()
			_, _ = fate.Wait(ctx)
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		})
	}
}

// BenchmarkRoundTrip measures one request and its answer at a time over a
// loopback WebSocket: an enqueue through the proxy (the channel's request,
// its Delivered and finish, with a loop started and ended on the main
// stream) beside coder/websocket echoing a message of the same size.
func BenchmarkRoundTrip(b *testing.B) {
	req := enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "m"}}}
	payload, err := begin.EncodeChannelRequest(nil, &begin.Enqueue{Request: req})
	require.NoError(b, err)
	b.Run("websocket", func(b *testing.B) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ws, err := websocket.Accept(w, r, nil)
			if err != nil {
				return
			}
			defer ws.CloseNow()
			for {
				typ, m, err := ws.Read(r.Context())
				if err != nil || ws.Write(r.Context(), typ, m) != nil {
					return
				}
			}
		}))
		defer srv.Close()
		ctx := context.Background()
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
		require.NoError(b, err)
		defer ws.CloseNow()
		msg := make([]byte, 9+len(payload))
		copy(msg[9:], payload)
		b.ResetTimer()
		for range b.N {
			if err := ws.Write(ctx, websocket.MessageBinary, msg); err != nil {
				b.Fatal(err)
			}
			if _, _, err := ws.Read(ctx); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "round-trips/s")
	})
	b.Run("proxy", func(b *testing.B) {
		c, stop := loopback(b, &sink{}, proxy.Options{})
		defer stop()
		ctx := context.Background()
		bg, err := c.Begin(ctx, wire.Raw{})
		require.NoError(b, err)
		go func() {
			for {
				if _, err := bg.Recv(ctx); err != nil {
					return
				}
			}
		}()
		b.ResetTimer()
		for range b.N {
			r, err := bg.Enqueue(ctx, req)
			if err != nil || r.Outcome != enqueue.Delivered {
				b.Fatal(err, r.Outcome)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "round-trips/s")
	})
}
