package frame

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
)

// legacyServer serves handler at LegacyEnqueuePath and returns the base URL.
func legacyServer(t *testing.T, handler http.Handler) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle(LegacyEnqueuePath, handler)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

// rawLegacy is a proxy written against the raw WebSocket: it checks the
// request's bytes and then does what act says.
func rawLegacy(t *testing.T, act func(ws *websocket.Conn)) string {
	t.Helper()
	return legacyServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		typ, msg, err := ws.Read(r.Context())
		if !assert.NoError(t, err) {
			return
		}
		assert.Equal(t, websocket.MessageBinary, typ)
		assert.Equal(t, `{"prompt":"hi"}`, string(msg), "the untagged JSON, no frame header")
		act(ws)
	}))
}

func TestEnqueueLegacyAnswers(t *testing.T) {
	for _, tag := range []byte{0, 1, 2} {
		base := rawLegacy(t, func(ws *websocket.Conn) {
			ctx := tctx(t)
			_ = ws.Write(ctx, websocket.MessageText, []byte("skipped"))
			_ = ws.Write(ctx, websocket.MessageBinary, []byte{tag})
			_ = ws.Close(websocket.StatusNormalClosure, "")
		})
		resp, err := EnqueueLegacy(tctx(t), base, &legacy.Request{Prompt: "hi"})
		require.NoError(t, err)
		assert.Equal(t, legacy.Delivered+legacy.Outcome(tag), resp.Outcome)
	}
}

// TestEnqueueLegacyEnds: a clean close with no answer is not served (with
// a status or with none); an abrupt end is a failure with the fate not
// received.
func TestEnqueueLegacyEnds(t *testing.T) {
	tests := []struct {
		name  string
		act   func(ws *websocket.Conn)
		check func(t *testing.T, resp *legacy.Response, err error)
	}{
		{"clean close", func(ws *websocket.Conn) { _ = ws.Close(websocket.StatusNormalClosure, "") },
			func(t *testing.T, resp *legacy.Response, err error) {
				require.ErrorIs(t, err, ErrNotServed)
				assert.Nil(t, resp)
			}},
		{"close with no status", func(ws *websocket.Conn) { _ = ws.Close(websocket.StatusNoStatusRcvd, "") },
			func(t *testing.T, resp *legacy.Response, err error) {
				require.ErrorIs(t, err, ErrNotServed)
			}},
		{"abrupt end", func(ws *websocket.Conn) { _ = ws.CloseNow() },
			func(t *testing.T, resp *legacy.Response, err error) {
				require.ErrorIs(t, err, ErrConnEnded)
				require.NotErrorIs(t, err, ErrNotServed)
				require.NotNil(t, resp)
				assert.Equal(t, legacy.NotReceived, resp.Outcome)
			}},
		{"close with an error status", func(ws *websocket.Conn) { _ = ws.Close(websocket.StatusInternalError, "") },
			func(t *testing.T, resp *legacy.Response, err error) {
				require.ErrorIs(t, err, ErrConnEnded)
				assert.Equal(t, legacy.NotReceived, resp.Outcome)
			}},
		{"an answer that does not decode", func(ws *websocket.Conn) {
			_ = ws.Write(tctx(t), websocket.MessageBinary, []byte{9})
			_ = ws.Close(websocket.StatusNormalClosure, "")
		}, func(t *testing.T, resp *legacy.Response, err error) {
			var fe *legacy.FrameError
			require.ErrorAs(t, err, &fe)
			assert.Nil(t, resp)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := EnqueueLegacy(tctx(t), rawLegacy(t, tt.act), &legacy.Request{Prompt: "hi"})
			tt.check(t, resp, err)
		})
	}
}

func TestEnqueueLegacyRefuses(t *testing.T) {
	_, err := EnqueueLegacy(tctx(t), "ws://127.0.0.1:1", nil)
	require.Error(t, err)
	_, err = EnqueueLegacy(tctx(t), "ws://127.0.0.1:1", &legacy.Request{Prompt: "\xff"})
	require.Error(t, err, "a prompt that is not UTF-8 is not sent")
	_, err = EnqueueLegacy(tctx(t), "::", &legacy.Request{Prompt: "hi"})
	var de *DialError
	require.ErrorAs(t, err, &de)

	base := legacyServer(t, http.NotFoundHandler())
	_, err = EnqueueLegacy(tctx(t), base+"/ignored", &legacy.Request{Prompt: "hi"})
	require.ErrorAs(t, err, &de)
	assert.Equal(t, http.StatusNotFound, de.Status)
}

// TestLegacyHandler: the handler and EnqueueLegacy together.
func TestLegacyHandler(t *testing.T) {
	refused := errors.New("no loop")
	base := legacyServer(t, &LegacyEnqueueHandler{Enqueue: func(_ context.Context, req *legacy.Request) (*legacy.Response, error) {
		switch req.Prompt {
		case "missed":
			return &legacy.Response{Outcome: legacy.Missed}, nil
		case "unset":
			return &legacy.Response{}, nil // does not encode: not served
		case "nil":
			return nil, nil
		}
		return nil, refused
	}})
	resp, err := EnqueueLegacy(tctx(t), base, &legacy.Request{Prompt: "missed"})
	require.NoError(t, err)
	assert.Equal(t, legacy.Missed, resp.Outcome)
	for _, p := range []string{"unset", "nil", "error"} {
		_, err = EnqueueLegacy(tctx(t), base, &legacy.Request{Prompt: p})
		require.ErrorIs(t, err, ErrNotServed, p)
	}
}

// TestLegacyHandlerRaw drives the handler with a raw client: text is
// skipped, a request that does not decode gets a clean close with no
// answer, and a caller that goes away ends Enqueue's context.
func TestLegacyHandlerRaw(t *testing.T) {
	gone := make(chan struct{})
	base := legacyServer(t, &LegacyEnqueueHandler{Enqueue: func(ctx context.Context, req *legacy.Request) (*legacy.Response, error) {
		if req.Prompt == "wait" {
			<-ctx.Done()
			close(gone)
			return nil, ctx.Err()
		}
		return &legacy.Response{Outcome: legacy.Dequeued}, nil
	}})
	dial := func() *websocket.Conn {
		ws, _, err := websocket.Dial(tctx(t), base+LegacyEnqueuePath, nil)
		require.NoError(t, err)
		return ws
	}

	ws := dial()
	require.NoError(t, ws.Write(tctx(t), websocket.MessageText, []byte("skipped")))
	require.NoError(t, ws.Write(tctx(t), websocket.MessageBinary, []byte(`{"prompt":"x"}`)))
	typ, msg, err := ws.Read(tctx(t))
	require.NoError(t, err)
	assert.Equal(t, websocket.MessageBinary, typ)
	assert.Equal(t, []byte{1}, msg, "the tagged fate, no frame header")
	_, _, err = ws.Read(tctx(t))
	assert.Equal(t, websocket.StatusNormalClosure, websocket.CloseStatus(err))
	_ = ws.CloseNow()

	ws = dial()
	require.NoError(t, ws.Write(tctx(t), websocket.MessageBinary, []byte(`{"text":"x"}`)))
	_, _, err = ws.Read(tctx(t))
	assert.Equal(t, websocket.StatusNormalClosure, websocket.CloseStatus(err), "closed with no answer")
	_ = ws.CloseNow()

	ws = dial()
	require.NoError(t, ws.Write(tctx(t), websocket.MessageBinary, []byte(`{"prompt":"wait"}`)))
	_ = ws.CloseNow()
	select {
	case <-gone:
	case <-tctx(t).Done():
		t.Fatal("Enqueue's context did not end when the caller went away")
	}

	none := legacyServer(t, &LegacyEnqueueHandler{})
	_, err = EnqueueLegacy(tctx(t), none, &legacy.Request{Prompt: "hi"})
	var de *DialError
	require.ErrorAs(t, err, &de)
	assert.Equal(t, http.StatusServiceUnavailable, de.Status)
}
