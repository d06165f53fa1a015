package provider_test

import (
	"context"
	"encoding/binary"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/trace"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func fr(typ byte, scope, channel uint32, payload string) []byte {
	b := []byte{typ}
	b = binary.BigEndian.AppendUint32(b, scope)
	b = binary.BigEndian.AppendUint32(b, channel)
	return append(b, payload...)
}

// rawServer is a container proxy written by hand: script reads and writes
// frames as bytes on the WebSocket.
type rawServer struct {
	t  *testing.T
	ws *websocket.Conn
}

func (s *rawServer) expect(want []byte) {
	s.t.Helper()
	_, got, err := s.ws.Read(context.Background())
	if assert.NoError(s.t, err) {
		assert.Equal(s.t, string(want), string(got))
	}
}

func (s *rawServer) write(msgs ...[]byte) {
	for _, m := range msgs {
		assert.NoError(s.t, s.ws.Write(context.Background(), websocket.MessageBinary, m))
	}
}

// dialScripted runs script as the proxy and returns the provider's client.
func dialScripted(t *testing.T, opts *provider.Options, script func(s *rawServer)) *provider.Client {
	t.Helper()
	scripted := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		defer close(scripted)
		script(&rawServer{t: t, ws: ws})
	}))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	c, err := provider.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/", opts)
	require.NoError(t, err)
	t.Cleanup(func() {
		select {
		case <-scripted: // the script ran to its end before the close
		case <-time.After(10 * time.Second):
			t.Error("the script did not end")
		}
		_ = c.Close()
		srv.Close()
	})
	return c
}

func ctx10(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// The worked example from the provider's side: the exact bytes it writes
// for the begin and the enqueue, and the fate it reads.
func TestWorkedExample(t *testing.T) {
	var log strings.Builder
	var mu sync.Mutex
	rec := trace.NewRecorder(lockedWriter{&mu, &log}, trace.WithChecking())
	c := dialScripted(t, &provider.Options{Tap: rec}, func(s *rawServer) {
		s.expect(fr(1, 1, 0, "\x00{\"arguments\":{\"a\":1}}"))
		s.write(fr(2, 1, 0, "\x00{}"))
		s.expect(fr(4, 1, 1, "\x02{\"key\":\"k\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}"))
		s.write(fr(2, 1, 0, "\x03"), fr(2, 1, 0, "\x02{\"type\":\"user_text_content\",\"key\":\"k\",\"text\":\"hi\"}"), fr(5, 1, 1, "\x00"), fr(6, 1, 1, ""), fr(2, 1, 0, "\x04{}"))
		s.expect(fr(4, 1, 2, "\x03{\"key\":\"k\"}"))
		s.write(fr(5, 1, 2, "\x01"), fr(6, 1, 2, ""))
	})
	ctx := ctx10(t)
	var args wire.Raw
	_ = args.DecodeJSON([]byte(`{"a":1}`))
	b, err := c.Begin(ctx, args)
	require.NoError(t, err)
	assert.Equal(t, uint32(1), b.Scope())
	r, err := b.Enqueue(ctx, enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "hi"}}})
	require.NoError(t, err)
	assert.Equal(t, enqueue.Delivered, r.Outcome)
	resp, err := b.Recv(ctx)
	require.NoError(t, err)
	assert.IsType(t, &begin.Active{}, resp)
	resp, err = b.Recv(ctx)
	require.NoError(t, err)
	require.IsType(t, &begin.Chunk{}, resp)
	assert.Equal(t, "user_text_content", resp.(*begin.Chunk).Chunk.Type())
	resp, err = b.Recv(ctx)
	require.NoError(t, err)
	assert.IsType(t, &begin.Inactive{}, resp)
	d, err := b.Dequeue(ctx, "k")
	require.NoError(t, err)
	assert.Equal(t, dequeue.Empty, d.Outcome)
	<-c.Done() // the script ended, and every frame it wrote was read
	require.NoError(t, rec.Err())
	mu.Lock()
	defer mu.Unlock()
	// In wire order: Active before Delivered.
	assert.Equal(t, "main begin.response 007b7d\n"+
		"c1 begin.channel_request 027b226b6579223a226b222c22636f6e74656e74223a5b7b2274797065223a2274657874222c2274657874223a226869227d5d7d\n"+
		"main begin.response 03\nmain begin.response 027b2274797065223a22757365725f746578745f636f6e74656e74222c226b6579223a226b222c2274657874223a226869227d\nc1 enqueue.response 00\nc1 finish\nmain begin.response 047b7d\n"+
		"c2 begin.channel_request 037b226b6579223a226b227d\nc2 dequeue.response 01\nc2 finish\n", log.String())
}

type lockedWriter struct {
	mu *sync.Mutex
	b  *strings.Builder
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// Every answer a channel can get, and the bare finish.
func TestAnswers(t *testing.T) {
	c := dialScripted(t, nil, func(s *rawServer) {
		s.expect(fr(1, 1, 0, "\x00{\"arguments\":null}"))
		s.write(fr(2, 1, 0, "\x00{\"secrets\":{\"t\":\"fixed\"}}"))
		s.expect(fr(4, 1, 1, "\x04{\"t\":\"v\"}"))
		s.write(fr(5, 1, 1, "\x01{\"kind\":\"program\",\"error\":\"no\"}"), fr(6, 1, 1, ""))
		s.expect(fr(4, 1, 2, "\x02{\"key\":\"k\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}]}"))
		s.write(fr(6, 1, 2, ""))
		s.expect(fr(4, 1, 3, "\x01"))
		s.write(fr(5, 1, 3, "# docs"), fr(6, 1, 3, ""))
		s.expect(fr(4, 1, 4, "\x01"))
		s.write(fr(6, 1, 4, ""))
		s.expect(fr(4, 1, 5, "\x00\x00\x00\x00\x07"))
		s.write(fr(5, 1, 5, "ab"), fr(5, 1, 5, "cd"), fr(6, 1, 5, ""))
		s.expect(fr(4, 1, 6, "\x03{\"key\":\"q\"}"))
		s.write(fr(6, 1, 6, ""))
	})
	ctx := ctx10(t)
	b, err := c.Begin(ctx, wire.Raw{})
	require.NoError(t, err)
	mode, ok := b.Registered.Secrets.Get("t")
	require.True(t, ok)
	assert.Equal(t, secrets.Fixed, mode)

	values := secrets.NewValues()
	v, _ := wire.NewRawString("v")
	values.Set("t", v)
	f, err := b.Feed(ctx, values)
	require.NoError(t, err)
	assert.Equal(t, secrets.Error, f.Outcome)
	text, _ := f.Error.Text()
	assert.Equal(t, "no", text)

	e, err := b.Enqueue(ctx, enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "x"}}})
	require.NoError(t, err)
	assert.Equal(t, enqueue.NotServed, e.Outcome)

	info, err := b.Info(ctx)
	require.NoError(t, err)
	assert.Equal(t, "# docs", string(info))
	_, err = b.Info(ctx)
	assert.ErrorIs(t, err, provider.ErrNotServed)

	pg, err := b.Postgres(ctx, 7)
	require.NoError(t, err)
	var got []string
	for {
		p, err := pg.Recv(ctx)
		if err != nil {
			assert.ErrorIs(t, err, provider.ErrFinished)
			assert.NotErrorIs(t, err, provider.ErrNotServed)
			break
		}
		got = append(got, string(p))
	}
	assert.Equal(t, []string{"ab", "cd"}, got)

	d, err := b.Dequeue(ctx, "q")
	require.NoError(t, err)
	assert.Equal(t, dequeue.NotServed, d.Outcome)
}

// A begin refused with Error, or not served; a stream that ends; the
// channel calls after the finish.
func TestBeginEnds(t *testing.T) {
	c := dialScripted(t, nil, func(s *rawServer) {
		s.expect(fr(1, 1, 0, "\x00{\"arguments\":null}"))
		s.write(fr(2, 1, 0, "\x01{\"kind\":\"program\",\"error\":\"bad arguments\"}"), fr(3, 1, 0, ""))
		s.expect(fr(1, 2, 0, "\x00{\"arguments\":null}")) // the next number
		s.write(fr(3, 2, 0, ""))
		s.expect(fr(1, 3, 0, "\x00{\"arguments\":null}"))
		s.write(fr(2, 3, 0, "\x00{}"), fr(2, 3, 0, "\x03"),
			fr(2, 3, 0, "\x02{\"type\":\"usage\",\"completion_tokens\":1,\"prompt_tokens\":2,\"total_tokens\":3}"),
			fr(2, 3, 0, "\x02{"), fr(3, 3, 0, ""))
	})
	ctx := ctx10(t)
	_, err := c.Begin(ctx, wire.Raw{})
	var be *provider.BeginError
	require.ErrorAs(t, err, &be)
	text, _ := be.Err.Text()
	assert.Equal(t, "bad arguments", text)

	_, err = c.Begin(ctx, wire.Raw{})
	assert.ErrorIs(t, err, provider.ErrNotServed)

	b, err := c.Begin(ctx, wire.Raw{})
	require.NoError(t, err)
	r, err := b.Recv(ctx)
	require.NoError(t, err)
	assert.IsType(t, &begin.Active{}, r)
	r, err = b.Recv(ctx)
	require.NoError(t, err)
	assert.IsType(t, &chunk.Usage{}, r.(*begin.Chunk).Chunk)
	_, err = b.Recv(ctx)
	var re *begin.ResponseFrameError
	assert.ErrorAs(t, err, &re, "a payload that does not decode")
	_, err = b.Recv(ctx)
	assert.ErrorIs(t, err, provider.ErrFinished)
	// The script has ended and its connection with it: the begin is still
	// finished, not cut off by the connection's end.
	select {
	case <-c.Done():
	case <-ctx.Done():
		t.Fatal("the connection did not end")
	}
	_, err = b.Enqueue(ctx, enqueue.Request{Key: "k"})
	assert.ErrorIs(t, err, provider.ErrFinished)
	_, err = b.Recv(ctx)
	assert.ErrorIs(t, err, provider.ErrFinished)
}

// RecvPayload hands the main stream's payloads over as the wire carried
// them, tag first, a chunk that does not decode included, and ends as
// Recv does.
func TestRecvPayload(t *testing.T) {
	payloads := []string{"\x03", "\x02{\"type\":\"usage\",\"completion_tokens\":1,\"prompt_tokens\":2,\"total_tokens\":3}", "\x02{", "\x04{}"}
	c := dialScripted(t, nil, func(s *rawServer) {
		s.expect(fr(1, 1, 0, "\x00{\"arguments\":null}"))
		s.write(fr(2, 1, 0, "\x00{}"))
		for _, p := range payloads {
			s.write(fr(2, 1, 0, p))
		}
		s.write(fr(3, 1, 0, ""))
	})
	ctx := ctx10(t)
	b, err := c.Begin(ctx, wire.Raw{})
	require.NoError(t, err)
	for _, want := range payloads {
		got, err := b.RecvPayload(ctx)
		require.NoError(t, err)
		assert.Equal(t, want, string(got))
	}
	_, err = b.RecvPayload(ctx)
	assert.ErrorIs(t, err, provider.ErrFinished)
	var nilBegin *provider.Begin
	_, err = nilBegin.RecvPayload(ctx)
	assert.ErrorIs(t, err, wire.ErrNil)
}

// Channels the proxy opens: finished unanswered with no handler, or handed
// to it.
func TestProxyChannels(t *testing.T) {
	tests := []struct {
		name    string
		handler func(ctx context.Context, ch *provider.Channel)
		want    [][]byte
	}{
		{"no handler", nil, [][]byte{fr(6, 1, 1, "")}},
		{"handler", func(ctx context.Context, ch *provider.Channel) {
			assert.Equal(t, uint32(1), ch.Number())
			assert.NoError(t, ch.Send(ctx, append([]byte("re:"), ch.Request()...)))
			assert.NoError(t, ch.Finish(ctx))
			assert.ErrorIs(t, ch.Finish(ctx), provider.ErrFinished)
			assert.ErrorIs(t, ch.Send(ctx, nil), provider.ErrFinished)
		}, [][]byte{fr(5, 1, 1, "re:\x07x"), fr(6, 1, 1, "")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := dialScripted(t, &provider.Options{Channel: tt.handler}, func(s *rawServer) {
				s.expect(fr(1, 1, 0, "\x00{\"arguments\":null}"))
				s.write(fr(2, 1, 0, "\x00{}"), fr(4, 1, 1, "\x07x"))
				for _, w := range tt.want {
					s.expect(w)
				}
			})
			_, err := c.Begin(ctx10(t), wire.Raw{})
			require.NoError(t, err)
		})
	}
}

// Nil and bad input are errors, never panics.
func TestNilInput(t *testing.T) {
	var nilCtx context.Context
	_, err := provider.Dial(nilCtx, "ws://127.0.0.1:1/", nil)
	assert.ErrorIs(t, err, wire.ErrNil)
	_, err = provider.NewClient(nil, nil)
	assert.ErrorIs(t, err, wire.ErrNil)
	_, server := frame.Pipe()
	_, err = provider.NewClient(server, nil)
	assert.ErrorIs(t, err, frame.ErrRole)
	_ = server.Close()
	var b *provider.Begin
	_, err = b.Recv(context.Background())
	assert.ErrorIs(t, err, wire.ErrNil)
	_, err = b.Enqueue(context.Background(), enqueue.Request{})
	assert.ErrorIs(t, err, wire.ErrNil)
	_, err = b.Info(context.Background())
	assert.ErrorIs(t, err, wire.ErrNil)
	var f *provider.Fate
	_, err = f.Wait(context.Background())
	assert.ErrorIs(t, err, wire.ErrNil)
	var c *provider.Client
	assert.ErrorIs(t, c.Close(), wire.ErrNil)
	_, err = c.Begin(context.Background(), wire.Raw{})
	assert.ErrorIs(t, err, wire.ErrNil)
	_, err = provider.Dial(context.Background(), "ws://127.0.0.1:1/", nil)
	var de *frame.DialError
	assert.ErrorAs(t, err, &de)
}

// The older /agent/enqueue, client and server: a prompt into the begin
// being served, and not served with no begin.
func TestLegacyEnqueue(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	prog := &proxytest.Program{Reply: proxytest.Echo}
	s := &proxy.Server{Program: prog}
	done := make(chan error, 1)
	srv := httptest.NewServer(s.Handler(ctx, func(err error) { done <- err }))
	defer srv.Close()
	base := "ws" + strings.TrimPrefix(srv.URL, "http")

	_, err := provider.EnqueueLegacy(ctx, base, &legacy.Request{Prompt: "early"})
	assert.ErrorIs(t, err, provider.ErrNotServed, "no begin yet")

	c, err := provider.Dial(ctx, base+"/", nil)
	require.NoError(t, err)
	b, err := c.Begin(ctx, wire.Raw{})
	require.NoError(t, err)
	r, err := provider.EnqueueLegacy(ctx, base, &legacy.Request{Prompt: "hello"})
	require.NoError(t, err)
	assert.Equal(t, legacy.Delivered, r.Outcome)
	var texts []string
	for len(texts) < 2 {
		resp, err := b.Recv(ctx)
		require.NoError(t, err)
		if ch, ok := resp.(*begin.Chunk); ok {
			switch ch := ch.Chunk.(type) {
			case *chunk.UserTextContent:
				texts = append(texts, ch.Content.Text)
			case *chunk.AssistantTextContent:
				texts = append(texts, ch.Content.Text)
			}
		}
	}
	assert.Equal(t, []string{"hello", "echo: hello"}, texts)
	require.NoError(t, c.Close())
	assert.NoError(t, <-done)
}

// bigChunk is the i-th Chunk payload of a flood: a text chunk of about
// 1000 bytes, its number first.
func bigChunk(i int) string {
	return "\x02{\"type\":\"assistant_text_content\",\"text\":\"" + strconv.Itoa(i) + strings.Repeat("x", 1000) + "\"}"
}

// countingTap counts the main stream's payloads the client has read off
// the connection.
type countingTap struct {
	provider.Tap
	main atomic.Int64
}

func (t *countingTap) Main([]byte) error { t.main.Add(1); return nil }
func (*countingTap) MainFinish() error   { return nil }

// A caller that falls behind on the main stream stops the client reading
// past Options.MaxUnread: what it holds stays bounded while the proxy has
// written far more, every payload still comes in order once read, Close
// ends a reader that waits, and Abandon lets it read on, dropping the rest.
func TestMaxUnread(t *testing.T) {
	const frames, size, limit = 40, 1000, 4000
	for _, mode := range []string{"read after", "closed while waiting", "abandoned"} {
		t.Run(mode, func(t *testing.T) {
			wrote := make(chan struct{})
			tap := &countingTap{}
			c := dialScripted(t, &provider.Options{MaxUnread: limit, Tap: tap}, func(s *rawServer) {
				s.expect(fr(1, 1, 0, "\x00{\"arguments\":null}"))
				s.write(fr(2, 1, 0, "\x00{}"))
				for i := range frames {
					s.write(fr(2, 1, 0, bigChunk(i)))
				}
				close(wrote)
			})
			ctx := ctx10(t)
			b, err := c.Begin(ctx, wire.Raw{})
			require.NoError(t, err)
			<-wrote
			time.Sleep(50 * time.Millisecond) // time for a reader that would not wait to read on
			// Begun, then chunks up to the one that crossed the limit.
			assert.LessOrEqual(t, tap.main.Load(), int64(1+limit/size+1))
			switch mode {
			case "closed while waiting":
				return // the cleanup's Close ends the waiting reader; goleak checks it
			case "abandoned":
				b.Abandon()
				require.Eventually(t, func() bool { return tap.main.Load() == 1+frames }, 5*time.Second, time.Millisecond)
				_, err := b.RecvPayload(ctx)
				assert.ErrorIs(t, err, provider.ErrAbandoned)
				return
			}
			for i := range frames {
				p, err := b.RecvPayload(ctx)
				require.NoError(t, err)
				require.Equal(t, bigChunk(i), string(p))
			}
			assert.Equal(t, int64(1+frames), tap.main.Load())
		})
	}
}

// A Begin given up before its first answer (its ctx ended) holds nothing
// up: what the proxy then sends on it is dropped, and the next begin on
// the connection goes on however much that is (past MaxUnread).
func TestBeginGivenUp(t *testing.T) {
	gaveUp := make(chan struct{})
	c := dialScripted(t, &provider.Options{MaxUnread: 4000}, func(s *rawServer) {
		s.expect(fr(1, 1, 0, "\x00{\"arguments\":null}"))
		<-gaveUp
		s.write(fr(2, 1, 0, "\x00{}"))
		for i := range 40 {
			s.write(fr(2, 1, 0, bigChunk(i)))
		}
		s.expect(fr(1, 2, 0, "\x00{\"arguments\":null}"))
		s.write(fr(2, 2, 0, "\x00{}"), fr(2, 2, 0, "\x03"))
	})
	short, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := c.Begin(short, wire.Raw{}) // its request is sent; Begun is held back
	require.ErrorIs(t, err, context.DeadlineExceeded)
	close(gaveUp)

	ctx := ctx10(t)
	b, err := c.Begin(ctx, wire.Raw{})
	require.NoError(t, err)
	p, err := b.RecvPayload(ctx)
	require.NoError(t, err)
	assert.Equal(t, "\x03", string(p))
}

// A channel's call given up (its ctx ended) and a Postgres stream
// abandoned hold nothing up: what the proxy sends on them is dropped, and
// the main stream goes on however much that is (past MaxUnread).
func TestChannelGivenUp(t *testing.T) {
	for _, tc := range []struct {
		name string
		// call makes the call and gives up on it; it closes release when
		// the proxy is to send, and waits for flooded where it must.
		call func(ctx context.Context, b *provider.Begin, release chan<- struct{}, flooded <-chan struct{}) error
	}{
		{"info given up", func(ctx context.Context, b *provider.Begin, release chan<- struct{}, _ <-chan struct{}) error {
			short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
			defer cancel()
			_, err := b.Info(short)
			close(release)
			return err
		}},
		{"postgres abandoned", func(ctx context.Context, b *provider.Begin, release chan<- struct{}, flooded <-chan struct{}) error {
			st, err := b.Postgres(ctx, 7)
			close(release)
			if err != nil {
				return err
			}
			<-flooded
			time.Sleep(50 * time.Millisecond) // the reader waits on the full stream
			st.Abandon()
			_, err = st.Recv(ctx)
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			release, flooded := make(chan struct{}), make(chan struct{})
			c := dialScripted(t, &provider.Options{MaxUnread: 4000}, func(s *rawServer) {
				s.expect(fr(1, 1, 0, "\x00{\"arguments\":null}"))
				s.write(fr(2, 1, 0, "\x00{}"))
				_, _, err := s.ws.Read(context.Background()) // the channel's request
				assert.NoError(t, err)
				<-release
				for i := range 40 {
					s.write(fr(5, 1, 1, strconv.Itoa(i)+strings.Repeat("x", 1000)))
				}
				s.write(fr(2, 1, 0, "\x03"))
				close(flooded)
			})
			ctx := ctx10(t)
			b, err := c.Begin(ctx, wire.Raw{})
			require.NoError(t, err)
			err = tc.call(ctx, b, release, flooded)
			require.True(t, errors.Is(err, context.DeadlineExceeded) || errors.Is(err, provider.ErrAbandoned), "%v", err)
			p, err := b.RecvPayload(ctx)
			require.NoError(t, err)
			assert.Equal(t, "\x03", string(p))
		})
	}
}
