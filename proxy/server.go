package proxy

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/internal/agentsbegin"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/queue"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// DefaultAddr is the address a container proxy listens on: every interface,
// port 14979.
const DefaultAddr = ":14979"

// ErrNoProgram is a Server with no Program.
var ErrNoProgram = errors.New("proxy: no program")

// Options tune a Server. The zero Options is the default.
type Options struct {
	// Frame tunes the connection's core (queue depths).
	Frame *frame.Options
	// Tap, when set, sees every event of each begin (see Tap).
	Tap Tap
	// MaxWaiting bounds the messages waiting in a begin's queue (see
	// queue.WithMaxWaiting); 0 means no bound, as the protocol has it.
	MaxWaiting int
	// TrustRelay has Loop.Relay frame an agent's chunk bytes unread. By
	// default Relay reads them first and refuses a chunk Rust would not
	// take: set it when the bytes come from a producer already trusted
	// to write chunks (the agent's own server, say), and the decode is
	// the cost to save.
	TrustRelay bool
}

// Server serves the container proxy's connection with Program behind it.
// One connection is served at a time (Handler answers a second upgrade
// 409), and each connection has at most one agents begin.
type Server struct {
	Program Program
	Options Options

	cur atomic.Pointer[session] // the begin being served, for /agent/enqueue
}

// ServeConn serves one connection until it ends: the connection's own end
// (nil for the peer's clean close or the end of the stream), ctx ending, or
// a transport failure (a *frame.ConnEndedError). It returns once every
// goroutine it started is gone.
func (s *Server) ServeConn(ctx context.Context, conn *frame.Conn) error {
	if s == nil || s.Program == nil {
		return ErrNoProgram
	}
	if ctx == nil || conn == nil {
		return wire.ErrNil
	}
	core, err := frame.NewServer(ctx, conn, s.Options.Frame)
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	begun := false
	for {
		scope, err := core.Accept(ctx)
		if err != nil {
			break
		}
		args, perr := agentsbegin.Parse(scope.Request())
		switch {
		case perr != nil:
			wg.Go(func() { _ = scope.Finish(ctx) })
		case begun:
			wg.Go(func() {
				e := begin.Error(errSecondBegin)
				if buf, err := e.Encode(nil); err == nil {
					_ = scope.Send(ctx, buf)
				}
				_ = scope.Finish(ctx)
			})
		default:
			begun = true
			sess := s.newSession(ctx, scope)
			wg.Go(func() {
				s.cur.Store(sess)
				defer s.cur.CompareAndSwap(sess, nil)
				sess.run(args)
			})
		}
	}
	_ = core.Close()
	wg.Wait()
	err = core.Err()
	var ended *frame.ConnEndedError
	if errors.As(err, &ended) && (errors.Is(ended.Cause, io.EOF) || errors.Is(ended.Cause, frame.ErrClosed)) {
		return nil
	}
	return err
}

// newSession makes the session of one agents begin.
func (s *Server) newSession(ctx context.Context, scope *frame.ServerScope) *session {
	sctx, cancel := context.WithCancel(ctx)
	sess := &session{
		prog:   s.Program,
		scope:  scope,
		tap:    s.Options.Tap,
		ctx:    sctx,
		cancel: cancel,
		loops:  map[*queue.Loop]*Loop{},

		trustRelay: s.Options.TrustRelay,
	}
	if sess.tap == nil {
		sess.tap = noTap{}
	}
	var opts []queue.Option
	if s.Options.MaxWaiting > 0 {
		opts = append(opts, queue.WithMaxWaiting(s.Options.MaxWaiting))
	}
	sess.q = queue.New(sess, opts...)
	return sess
}

// Handler returns the proxy's HTTP side: the connection at the root path
// (frame.Handler: one at a time, 409 for another) and the older
// /agent/enqueue, which enqueues into the begin being served. Each
// connection is served with ctx (and the upgrade request's context); done,
// when not nil, is called after each connection has been served.
func (s *Server) Handler(ctx context.Context, done func(error)) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", &frame.Handler{Serve: func(rctx context.Context, conn *frame.Conn) {
		cctx, cancel := context.WithCancel(ctx)
		stop := context.AfterFunc(rctx, cancel)
		err := s.ServeConn(cctx, conn)
		stop()
		cancel()
		if done != nil {
			done(err)
		}
	}})
	mux.Handle(frame.LegacyEnqueuePath, &frame.LegacyEnqueueHandler{Enqueue: s.legacyEnqueue})
	return mux
}

// legacyEnqueue serves one /agent/enqueue call: the prompt, as one text
// block under the empty key, into the begin being served. With no begin,
// or one that has ended, the call is not served.
func (s *Server) legacyEnqueue(ctx context.Context, req *legacy.Request) (*legacy.Response, error) {
	sess := s.cur.Load()
	if sess == nil {
		return nil, nil
	}
	resp, err := sess.q.Enqueue(ctx, enqueue.Request{Content: []mcpcontent.Block{&mcpcontent.Text{Text: req.Prompt}}})
	if err != nil {
		return nil, err
	}
	switch resp.Outcome {
	case enqueue.Delivered:
		return &legacy.Response{Outcome: legacy.Delivered}, nil
	case enqueue.Dequeued:
		return &legacy.Response{Outcome: legacy.Dequeued}, nil
	}
	return &legacy.Response{Outcome: legacy.Error, Error: resp.Error}, nil
}

// ServeOne serves HTTP on ln until one connection has been upgraded and
// served, or ctx ends, then shuts the listener down and returns what
// ServeConn returned (ctx's error when it ended first).
func (s *Server) ServeOne(ctx context.Context, ln net.Listener) error {
	if s == nil || s.Program == nil {
		return ErrNoProgram
	}
	if ctx == nil || ln == nil {
		return wire.ErrNil
	}
	served := make(chan error, 1)
	hs := &http.Server{Handler: s.Handler(ctx, func(err error) {
		select {
		case served <- err:
		default:
		}
	})}
	var inflight sync.WaitGroup
	h := hs.Handler
	hs.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		inflight.Add(1)
		defer inflight.Done()
		h.ServeHTTP(w, r)
	})
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	var err error
	select {
	case err = <-served:
	case <-ctx.Done():
		err = ctx.Err()
	}
	_ = hs.Close()
	<-errc
	inflight.Wait()
	return err
}
