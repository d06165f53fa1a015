package frame

import (
	"context"
	"net/http"
	"net/url"

	"github.com/coder/websocket"

	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// LegacyEnqueuePath is the path of the older enqueue endpoint (seed 000),
// served on the same port as the connection.
const LegacyEnqueuePath = "/agent/enqueue"

// EnqueueLegacy makes one call to the older /agent/enqueue endpoint: its
// own WebSocket at that path of base (ws://host:14979), no frame header,
// the request as one binary message, the fate as one binary message back,
// then the proxy's clean close. It waits as long as the fate takes, or
// until ctx ends.
//
// It returns the answer; ErrNotServed when the proxy closed cleanly with no
// answer; or, when the connection ended abruptly (ctx included), an answer
// with Outcome legacy.NotReceived together with a *ConnEndedError: the
// message has a fate this call did not learn, and nobody retries it. An
// answer that does not decode is the codec's *legacy.FrameError, and an
// upgrade the proxy refused a *DialError.
func EnqueueLegacy(ctx context.Context, base string, req *legacy.Request) (*legacy.Response, error) {
	if ctx == nil || req == nil {
		return nil, wire.ErrNil
	}
	body, err := req.EncodeJSON(nil)
	if err != nil {
		return nil, err
	}
	u, err := url.Parse(base)
	if err != nil {
		return nil, &DialError{Err: err}
	}
	u.Path = LegacyEnqueuePath
	ws, resp, err := websocket.Dial(ctx, u.String(), nil)
	if err != nil {
		de := &DialError{Err: err}
		if resp != nil {
			de.Status = resp.StatusCode
		}
		return nil, de
	}
	defer func() { _ = ws.CloseNow() }()
	ws.SetReadLimit(MaxMessage)
	if err := ws.Write(ctx, websocket.MessageBinary, body); err != nil {
		return &legacy.Response{Outcome: legacy.NotReceived}, &ConnEndedError{Cause: err}
	}
	for {
		typ, msg, err := ws.Read(ctx)
		switch {
		case err != nil && cleanClose(err):
			return nil, ErrNotServed
		case err != nil:
			return &legacy.Response{Outcome: legacy.NotReceived}, &ConnEndedError{Cause: err}
		case typ != websocket.MessageBinary:
			continue
		}
		var answer legacy.Response
		if err := answer.Decode(msg); err != nil {
			return nil, err
		}
		// The fate is known; the proxy closes next, and our close answers
		// its close.
		_ = ws.Close(websocket.StatusNormalClosure, "")
		return &answer, nil
	}
}

// LegacyEnqueueHandler is the proxy's side of /agent/enqueue: each request
// is its own WebSocket, and each gets at most one answer, then a clean
// close. Mount it at LegacyEnqueuePath.
type LegacyEnqueueHandler struct {
	// Enqueue learns the message's fate, however long that takes; ctx ends
	// when the caller goes away. An answer is sent and the connection
	// closed cleanly; a nil answer or an error closes it cleanly with no
	// answer ("not served"), as does a request that does not decode. A nil
	// Enqueue refuses every upgrade with 503.
	Enqueue func(ctx context.Context, req *legacy.Request) (*legacy.Response, error)
}

// ServeHTTP upgrades the request and serves the one call.
func (h *LegacyEnqueueHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.Enqueue == nil {
		http.Error(w, "no enqueue", http.StatusServiceUnavailable)
		return
	}
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered the request
	}
	defer func() { _ = ws.CloseNow() }()
	ws.SetReadLimit(MaxMessage)
	ctx := r.Context()
	var msg []byte
	for typ := websocket.MessageText; typ != websocket.MessageBinary; {
		if typ, msg, err = ws.Read(ctx); err != nil {
			return
		}
	}
	var req legacy.Request
	if err := req.DecodeJSON(msg); err != nil {
		_ = ws.Close(websocket.StatusNormalClosure, "")
		return
	}
	ctx = ws.CloseRead(ctx) // ends when the caller goes away
	answer, err := h.Enqueue(ctx, &req)
	if err != nil || answer == nil {
		_ = ws.Close(websocket.StatusNormalClosure, "")
		return
	}
	out, err := answer.Encode(nil)
	if err != nil {
		_ = ws.Close(websocket.StatusNormalClosure, "")
		return
	}
	if err := ws.Write(ctx, websocket.MessageBinary, out); err != nil {
		return
	}
	_ = ws.Close(websocket.StatusNormalClosure, "")
}
