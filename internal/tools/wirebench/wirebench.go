// Package wirebench holds the workloads of `make bench-wire` and of the
// proxy's benchmarks: the container proxy's relay path and an enqueue's
// round trip, each beside coder/websocket alone doing the same over the
// same kind of loopback connection.
package wirebench

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Workload is one side of a comparison, set up and ready: Run does n
// frames (or round trips) and says how long they took.
type Workload interface {
	Run(n int) (time.Duration, error)
	Close()
}

// ChunkJSON is an assistant_text_content chunk whose text is text, as the
// agent's server would write it.
func ChunkJSON(text string) []byte {
	b, _ := chunk.EncodeJSON(nil, &chunk.AssistantTextContent{Content: mcpcontent.Text{Text: text}})
	return b
}

// Message is the whole WebSocket message the proxy writes for body: the
// frame's header, the chunk tag, body.
func Message(body []byte) []byte {
	return frame.AppendFrame(nil, frame.Header{Type: frame.TypeResponse, Scope: 1}, begin.AppendChunk(nil, body))
}

// wsPair is a loopback WebSocket, as Dial and Handler make it.
type wsPair struct {
	srv            *httptest.Server
	server, client *websocket.Conn
	quit           chan struct{}
}

func newPair() (*wsPair, error) {
	p := &wsPair{quit: make(chan struct{})}
	accepted := make(chan *websocket.Conn, 1)
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		ws.SetReadLimit(frame.MaxMessage)
		accepted <- ws
		<-p.quit
	}))
	ws, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(p.srv.URL, "http"), nil)
	if err != nil {
		close(p.quit)
		p.srv.Close()
		return nil, err
	}
	ws.SetReadLimit(frame.MaxMessage)
	p.client, p.server = ws, <-accepted
	return p, nil
}

func (p *wsPair) Close() {
	_ = p.client.CloseNow()
	_ = p.server.CloseNow()
	close(p.quit)
	p.srv.Close()
}

// LibraryStream is coder/websocket alone sending msg one way: the server's
// end writes, the client's end reads each message whole, both with a
// context that cannot end (with one that can, the library pays a
// context.AfterFunc on every message: the fastest way to use it is the
// one compared).
func LibraryStream(msg []byte) (Workload, error) {
	p, err := newPair()
	if err != nil {
		return nil, err
	}
	return &libraryStream{wsPair: p, msg: msg}, nil
}

type libraryStream struct {
	*wsPair
	msg     []byte
	reuse   bool   // read into buf, not with Conn.Read
	copyOut bool   // then copy each message out into a new slice, out
	handOff bool   // read and copy in a goroutine of their own, which hands each to Run's
	buf     []byte // a byte longer than msg, for the read that finds its end
	out     []byte
}

func (l *libraryStream) Run(n int) (time.Duration, error) {
	ctx := context.Background()
	read := func() error {
		_, _, err := l.client.Read(ctx)
		return err
	}
	if l.reuse {
		read = func() error { return l.readInto(ctx) }
	}
	if l.handOff {
		msgs := make(chan []byte, handDepth)
		failed := make(chan error, 1)
		go func() {
			defer close(msgs)
			for range n {
				if err := l.readInto(ctx); err != nil {
					failed <- err
					return
				}
				msgs <- l.out
			}
		}()
		read = func() error {
			if _, ok := <-msgs; !ok {
				return <-failed
			}
			return nil
		}
	}
	return oneWay(n, func() error {
		return l.server.Write(ctx, websocket.MessageBinary, l.msg)
	}, read)
}

// LibraryStreamReused is LibraryStream at the library's fastest: the client
// reads each message with Conn.Reader into one buffer, reused and never
// copied out, so a read allocates nothing and the message is not kept.
func LibraryStreamReused(msg []byte) (Workload, error) {
	p, err := newPair()
	if err != nil {
		return nil, err
	}
	return &libraryStream{wsPair: p, msg: msg, reuse: true, buf: make([]byte, len(msg)+1)}, nil
}

// LibraryStreamHanded is LibraryStreamReused as a reader that serves
// others must use it, and as the SDK's provider does: a goroutine of its
// own reads each message, copies it out into a new slice of its length,
// and hands it to the caller's goroutine through a queue.
func LibraryStreamHanded(msg []byte) (Workload, error) {
	p, err := newPair()
	if err != nil {
		return nil, err
	}
	return &libraryStream{wsPair: p, msg: msg, reuse: true, copyOut: true, handOff: true, buf: make([]byte, len(msg)+1)}, nil
}

// handDepth is how many messages LibraryStreamHanded's queue holds, as the
// frame layer's streams hold frame.DefaultDepth.
const handDepth = 16

// readInto reads one message into l.buf, and copies it out when asked.
func (l *libraryStream) readInto(ctx context.Context) error {
	_, r, err := l.client.Reader(ctx)
	if err != nil {
		return err
	}
	n := 0
	for {
		k, err := r.Read(l.buf[n:])
		n += k
		if err == io.EOF {
			break
		} else if err != nil {
			return err
		}
	}
	if l.copyOut {
		l.out = append([]byte(nil), l.buf[:n]...)
	}
	return nil
}

// oneWay times n frames written by write, in a goroutine of its own, and
// read by read. After a failed read, the writer ends with the workload's
// Close.
func oneWay(n int, write, read func() error) (time.Duration, error) {
	wrote := make(chan error, 1)
	start := time.Now()
	go func() {
		for range n {
			if err := write(); err != nil {
				wrote <- err
				return
			}
		}
		wrote <- nil
	}()
	for range n {
		if err := read(); err != nil {
			return 0, err
		}
	}
	d := time.Since(start)
	return d, <-wrote
}

// LibraryEcho is coder/websocket alone in round trips: the client's end
// writes msg, the server's end reads it and writes it back, the client
// reads it.
func LibraryEcho(msg []byte) (Workload, error) {
	p, err := newPair()
	if err != nil {
		return nil, err
	}
	e := &libraryEcho{wsPair: p, msg: msg, done: make(chan struct{})}
	go e.echo()
	return e, nil
}

type libraryEcho struct {
	*wsPair
	msg  []byte
	done chan struct{}
}

func (e *libraryEcho) echo() {
	defer close(e.done)
	ctx := context.Background()
	for {
		typ, m, err := e.server.Read(ctx)
		if err != nil || e.server.Write(ctx, typ, m) != nil {
			return
		}
	}
}

func (e *libraryEcho) Run(n int) (time.Duration, error) {
	ctx := context.Background()
	start := time.Now()
	for range n {
		if err := e.client.Write(ctx, websocket.MessageBinary, e.msg); err != nil {
			return 0, err
		}
		if _, _, err := e.client.Read(ctx); err != nil {
			return 0, err
		}
	}
	return time.Since(start), nil
}

func (e *libraryEcho) Close() {
	e.wsPair.Close()
	<-e.done
}

// lender is a program whose one loop lends itself out until Close.
type lender struct {
	proxytest.Program
	loops chan *proxy.Loop
	back  chan struct{}
}

func (l *lender) Run(ctx context.Context, loop *proxy.Loop) error {
	l.loops <- loop
	select {
	case <-l.back:
	case <-ctx.Done():
	}
	return nil
}

// session is a proxy.Server on a loopback WebSocket and a provider that
// has begun.
type session struct {
	c      *provider.Client
	b      *provider.Begin
	srv    *httptest.Server
	served chan error
	cancel context.CancelFunc
}

func newSession(prog proxy.Program, opts proxy.Options) (*session, error) {
	ctx, cancel := context.WithCancel(context.Background())
	s := &session{served: make(chan error, 1), cancel: cancel}
	ps := &proxy.Server{Program: prog, Options: opts}
	s.srv = httptest.NewServer(ps.Handler(ctx, func(err error) { s.served <- err }))
	c, err := provider.Dial(ctx, "ws"+strings.TrimPrefix(s.srv.URL, "http")+"/", nil)
	if err != nil {
		s.srv.Close()
		cancel()
		return nil, err
	}
	s.c = c
	if s.b, err = c.Begin(ctx, wire.Raw{}); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *session) Close() {
	_ = s.c.Close()
	<-s.served
	s.srv.Close()
	s.cancel()
}

// RelayStream is the proxy's relay path one way: a loop relays body with
// Loop.Relay (TrustRelay: the bytes unread), and the provider reads each
// payload with RecvPayload.
func RelayStream(body []byte) (Workload, error) {
	return newLoopStream(body, nil)
}

// TypedStream is the typed path one way, for comparison with the relay
// path: a loop sends c with Loop.Send (encoded each time), and the
// provider reads each payload decoded, with Recv.
func TypedStream(c chunk.Chunk) (Workload, error) {
	return newLoopStream(nil, c)
}

// newLoopStream is a begin whose one loop is lent out, its Active and user
// part read: it relays body, or sends c when c is not nil.
func newLoopStream(body []byte, c chunk.Chunk) (*loopStream, error) {
	prog := &lender{loops: make(chan *proxy.Loop, 1), back: make(chan struct{})}
	s, err := newSession(prog, proxy.Options{TrustRelay: true})
	if err != nil {
		return nil, err
	}
	r := &loopStream{session: s, prog: prog, body: body, chunk: c}
	ctx := context.Background()
	if _, err := s.b.SendEnqueue(ctx, enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "go"}}}); err != nil {
		r.Close()
		return nil, err
	}
	r.loop = <-prog.loops
	for range 2 { // Active and the user part
		if _, err := s.b.RecvPayload(ctx); err != nil {
			r.Close()
			return nil, err
		}
	}
	return r, nil
}

type loopStream struct {
	*session
	prog  *lender
	loop  *proxy.Loop
	body  []byte
	chunk chunk.Chunk
}

func (r *loopStream) Run(n int) (time.Duration, error) {
	ctx := context.Background()
	if r.chunk != nil {
		return oneWay(n, func() error {
			return r.loop.Send(ctx, r.chunk)
		}, func() error {
			resp, err := r.b.Recv(ctx)
			if _, ok := resp.(*begin.Chunk); err == nil && !ok {
				err = errUnexpected
			}
			return err
		})
	}
	return oneWay(n, func() error {
		return r.loop.Relay(ctx, r.body)
	}, func() error {
		p, err := r.b.RecvPayload(ctx)
		if err == nil && len(p) != 1+len(r.body) {
			err = errUnexpected
		}
		return err
	})
}

func (r *loopStream) Close() {
	close(r.prog.back)
	r.session.Close()
}

var errUnexpected = errors.New("wirebench: a payload that is not the chunk sent")

// sink is a program whose loops take seams until one takes nothing.
type sink struct{ proxytest.Program }

func (*sink) Run(ctx context.Context, l *proxy.Loop) error {
	for len(l.Seam(ctx)) > 0 {
	}
	return nil
}

// EnqueueRoundTrip is one enqueue at a time through the proxy: the
// channel's request, its Delivered and finish, with a loop started and
// ended on the main stream, which a goroutine reads.
func EnqueueRoundTrip() (Workload, error) {
	s, err := newSession(&sink{}, proxy.Options{})
	if err != nil {
		return nil, err
	}
	e := &enqueueTrip{session: s, drained: make(chan struct{})}
	go func() {
		defer close(e.drained)
		for {
			if _, err := s.b.RecvPayload(context.Background()); err != nil {
				return
			}
		}
	}()
	return e, nil
}

type enqueueTrip struct {
	*session
	drained chan struct{}
}

// EnqueueRequest is the message each round trip enqueues.
var EnqueueRequest = enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "m"}}}

// EnqueueMessage is the whole WebSocket message of an enqueue of
// EnqueueRequest, for the library's echo to send.
func EnqueueMessage() []byte {
	p, _ := begin.EncodeChannelRequest(nil, &begin.Enqueue{Request: EnqueueRequest})
	return frame.AppendFrame(nil, frame.Header{Type: frame.TypeChannelRequest, Scope: 1, Channel: 1}, p)
}

var errNotDelivered = errors.New("wirebench: an enqueue not delivered")

func (e *enqueueTrip) Run(n int) (time.Duration, error) {
	ctx := context.Background()
	start := time.Now()
	for range n {
		r, err := e.b.Enqueue(ctx, EnqueueRequest)
		if err != nil {
			return 0, err
		}
		if r.Outcome != enqueue.Delivered {
			return 0, errNotDelivered
		}
	}
	return time.Since(start), nil
}

func (e *enqueueTrip) Close() {
	e.session.Close()
	<-e.drained
}
