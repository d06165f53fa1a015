package frame

import (
	"context"
	"errors"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// DefaultDepth is how many frames a stream, and each queue of requests not
// yet accepted, holds when Options does not say.
const DefaultDepth = 16

// ErrDepth is a negative Options.Depth.
var ErrDepth = errors.New("frame: negative queue depth")

// Options tune a core. The zero Options is the default.
type Options struct {
	// Depth is how many frames each stream queues before the connection's
	// reader waits for it to be read (and how many scopes or channels wait
	// to be accepted); 0 means DefaultDepth.
	Depth int
}

// endpoint is what the two cores share: the reader, the table of open
// scopes and the end of the connection.
type endpoint struct {
	conn  *Conn
	role  Role
	depth int

	mu     sync.Mutex
	scopes map[uint32]*scope
	next   uint32 // the client's next scope number to try
	err    error  // a *ConnEndedError once the connection is ending

	accept chan *ServerScope // the server's scopes not yet accepted

	closeOnce  sync.Once
	closing    chan struct{} // closed when this side ends the connection
	closeErr   error
	done       chan struct{} // closed once every stream was told
	readerDone chan struct{}
	stop       func() bool
}

func newEndpoint(ctx context.Context, conn *Conn, role Role, opts *Options) (*endpoint, error) {
	if ctx == nil || conn == nil {
		return nil, wire.ErrNil
	}
	if conn.role != role {
		return nil, ErrRole
	}
	depth := DefaultDepth
	if opts != nil {
		if opts.Depth < 0 {
			return nil, ErrDepth
		}
		if opts.Depth > 0 {
			depth = opts.Depth
		}
	}
	ep := &endpoint{
		conn: conn, role: role, depth: depth,
		scopes:     map[uint32]*scope{},
		next:       1,
		closing:    make(chan struct{}),
		done:       make(chan struct{}),
		readerDone: make(chan struct{}),
	}
	if role == RoleServer {
		ep.accept = make(chan *ServerScope, depth)
	}
	ep.stop = context.AfterFunc(ctx, func() { _ = ep.close(context.Cause(ctx)) })
	go ep.run()
	return ep, nil
}

// scope is one open scope, as either side tracks it.
type scope struct {
	num      uint32
	ended    chan struct{}
	endErr   error                 // set before ended is closed
	isEnded  bool                  // under ep.mu
	out      map[uint32]*Stream    // channels this side opened
	in       map[uint32]*Responder // channels the peer opened
	next     uint32                // this side's next channel number to try
	incoming chan *Responder       // the peer's channels not yet accepted
	main     *Responder            // the server's main stream; nil on the client
	stream   *Stream               // the client's main stream; nil on the server
}

func (ep *endpoint) newScope(num uint32) *scope {
	return &scope{
		num: num, ended: make(chan struct{}),
		out: map[uint32]*Stream{}, in: map[uint32]*Responder{},
		next: 1, incoming: make(chan *Responder, ep.depth),
	}
}

// endScope ends sc with err, telling every stream in it; under ep.mu.
func (ep *endpoint) endScope(sc *scope, err error) {
	if sc.isEnded {
		return
	}
	sc.isEnded = true
	sc.endErr = err
	close(sc.ended)
}

// closedTo says why this side may no longer write in sc: the connection
// or the scope ended, or the server's finish of it is being written (so
// nothing of the scope follows the finish on the wire); nil while it may.
// Under ep.mu.
func (sc *scope) closedTo() error {
	switch {
	case sc.isEnded:
		return sc.endErr
	case sc.main != nil && sc.main.finishing:
		return ErrScopeEnded
	}
	return nil
}

// mint returns the next number from *next not in use and not 0, and
// advances *next past it.
func mint(next *uint32, used func(uint32) bool) uint32 {
	for {
		n := *next
		*next++
		if *next == 0 {
			*next = 1
		}
		if n != 0 && !used(n) {
			return n
		}
	}
}

// writeErr turns a failed write into what the caller is told: the
// connection's end once a frame was started (the connection is gone),
// otherwise the cause (ctx, or the connection already closed).
func (ep *endpoint) writeErr(started bool, err error) error {
	if err == nil {
		return nil
	}
	if !started {
		return err
	}
	ep.mu.Lock()
	defer ep.mu.Unlock()
	if ep.err != nil {
		return ep.err
	}
	return &ConnEndedError{Cause: err}
}

// run reads and routes frames until the connection ends.
func (ep *endpoint) run() {
	defer close(ep.readerDone)
	for {
		f, err := ep.conn.ReadFrame(context.Background())
		if err != nil {
			ep.end(err)
			return
		}
		if !ep.route(f) {
			ep.end(ErrClosed)
			return
		}
	}
}

// end ends the connection and every scope and channel on it.
func (ep *endpoint) end(cause error) {
	ep.stop() // ctx has nothing left to end
	ep.conn.abort()
	ep.mu.Lock()
	if ep.err == nil {
		ep.err = &ConnEndedError{Cause: cause}
	}
	for _, sc := range ep.scopes {
		ep.endScope(sc, ep.err)
	}
	ep.mu.Unlock()
	close(ep.done)
}

// close ends the connection from this side and waits for the reader.
func (ep *endpoint) close(cause error) error {
	ep.closeOnce.Do(func() {
		ep.mu.Lock()
		if ep.err == nil {
			ep.err = &ConnEndedError{Cause: cause}
		}
		ep.mu.Unlock()
		// The clean close first: the reader's end must not abort the
		// connection under the close handshake.
		ep.closeErr = ep.conn.Close()
		close(ep.closing)
	})
	<-ep.readerDone
	return ep.closeErr
}

func (ep *endpoint) shutdown() error {
	ep.stop()
	return ep.close(ErrClosed)
}

func (ep *endpoint) ended() error {
	ep.mu.Lock()
	defer ep.mu.Unlock()
	return ep.err
}

// put queues v, unless gone closes first (counted as dropped) or this side
// closes the connection (false).
func put[T any](ep *endpoint, q chan T, v T, gone <-chan struct{}) bool {
	select {
	case <-gone:
		ep.conn.stats.dropped.Add(1)
		return true
	default:
	}
	select {
	case q <- v:
	case <-gone:
		ep.conn.stats.dropped.Add(1)
	case <-ep.closing:
		return false
	}
	return true
}

// route delivers one frame; false when this side is closing.
func (ep *endpoint) route(f Frame) bool {
	switch f.Type {
	case TypeRequest:
		return ep.routeRequest(f)
	case TypeResponse, TypeResponseFinish:
		return ep.routeResponse(f)
	case TypeChannelRequest:
		return ep.routeChannelRequest(f)
	case TypeChannelResponse, TypeChannelResponseFinish:
		return ep.routeChannelResponse(f)
	}
	return true // ReadFrame returns no other type
}

func (ep *endpoint) notOpen() bool   { ep.conn.stats.notOpen.Add(1); return true }
func (ep *endpoint) duplicate() bool { ep.conn.stats.duplicate.Add(1); return true }

// routeRequest opens a scope on the server.
func (ep *endpoint) routeRequest(f Frame) bool {
	ep.mu.Lock()
	if old := ep.scopes[f.Scope]; old != nil {
		if !old.main.finishing {
			ep.mu.Unlock()
			return ep.duplicate()
		}
		// Our finish of the old scope reached the client, which reused
		// the number before our write returned.
		ep.endScope(old, ErrScopeEnded)
	}
	sc := ep.newScope(f.Scope)
	sc.main = newResponder(ep, sc, 0, f.Payload)
	ep.scopes[f.Scope] = sc
	ep.mu.Unlock()
	return put(ep, ep.accept, &ServerScope{Scope: Scope{ep: ep, sc: sc}, Responder: sc.main}, nil)
}

// routeResponse feeds a scope's main stream on the client; the finish ends
// the scope after it is queued.
func (ep *endpoint) routeResponse(f Frame) bool {
	ep.mu.Lock()
	sc := ep.scopes[f.Scope]
	ep.mu.Unlock()
	if sc == nil {
		return ep.notOpen()
	}
	st := sc.stream
	finish := f.Type == TypeResponseFinish
	if !put(ep, st.q, item{payload: f.Payload, finish: finish}, st.gone) {
		return false
	}
	if finish {
		ep.mu.Lock()
		if ep.scopes[f.Scope] == sc {
			delete(ep.scopes, f.Scope)
		}
		ep.endScope(sc, ErrScopeEnded)
		ep.mu.Unlock()
	}
	return true
}

// routeChannelRequest opens a channel the peer numbered.
func (ep *endpoint) routeChannelRequest(f Frame) bool {
	ep.mu.Lock()
	sc := ep.scopes[f.Scope]
	if sc == nil || sc.isEnded {
		ep.mu.Unlock()
		return ep.notOpen()
	}
	if old := sc.in[f.Channel]; f.Channel == 0 || (old != nil && !old.finishing) {
		ep.mu.Unlock()
		return ep.duplicate()
	}
	r := newResponder(ep, sc, f.Channel, f.Payload)
	sc.in[f.Channel] = r
	ep.mu.Unlock()
	return put(ep, sc.incoming, r, sc.ended)
}

// routeChannelResponse feeds a channel this side opened; its finish frees
// the number.
func (ep *endpoint) routeChannelResponse(f Frame) bool {
	ep.mu.Lock()
	sc := ep.scopes[f.Scope]
	var st *Stream
	if sc != nil && f.Channel != 0 {
		st = sc.out[f.Channel]
	}
	if st == nil {
		ep.mu.Unlock()
		return ep.notOpen()
	}
	finish := f.Type == TypeChannelResponseFinish
	if finish {
		delete(sc.out, f.Channel)
	}
	ep.mu.Unlock()
	return put(ep, st.q, item{payload: f.Payload, finish: finish}, st.gone)
}

// Scope is what both sides do inside an open scope: open channels of their
// own and accept the peer's.
type Scope struct {
	ep *endpoint
	sc *scope
}

// Number is the scope's number, as the client gave it.
func (s *Scope) Number() uint32 {
	if s == nil || s.sc == nil {
		return 0
	}
	return s.sc.num
}

// Done is closed when the scope ends: the server's ResponseFinish, or the
// end of the connection.
func (s *Scope) Done() <-chan struct{} {
	if s == nil || s.sc == nil {
		return nil
	}
	return s.sc.ended
}

// OpenChannel sends a ChannelRequest with the next free channel number in
// this side's space (from 1; a number is reused only after its finish) and
// returns the stream its answers come on. Once the scope ended it is
// ErrScopeEnded; once the connection ended, a *ConnEndedError.
func (s *Scope) OpenChannel(ctx context.Context, request []byte) (*Stream, error) {
	if s == nil || s.sc == nil {
		return nil, wire.ErrNil
	}
	ep, sc := s.ep, s.sc
	ep.mu.Lock()
	switch {
	case ep.err != nil:
		ep.mu.Unlock()
		return nil, ep.err
	case sc.isEnded:
		ep.mu.Unlock()
		return nil, sc.endErr
	}
	num := mint(&sc.next, func(n uint32) bool { _, used := sc.out[n]; return used })
	st := newStream(ep, sc, num)
	sc.out[num] = st
	ep.mu.Unlock()

	started, err := ep.conn.writeFrame(ctx, Header{Type: TypeChannelRequest, Scope: sc.num, Channel: num}, request, func() error {
		ep.mu.Lock()
		defer ep.mu.Unlock()
		return sc.closedTo()
	})
	if err != nil {
		if !started {
			ep.mu.Lock()
			if sc.out[num] == st {
				delete(sc.out, num)
			}
			ep.mu.Unlock()
		}
		return nil, ep.writeErr(started, err)
	}
	return st, nil
}

// AcceptChannel returns the next channel the peer opened in this scope,
// whose request the caller answers (Send) and must finish (Finish). Once
// the scope ended it is ErrScopeEnded (channels not yet accepted are dropped
// with it); once the connection ended, a *ConnEndedError. Channels the
// peer opens wait for this call, Depth of them at most: a scope whose peer
// opens channels must have them accepted, or the connection stops being
// read.
func (s *Scope) AcceptChannel(ctx context.Context) (*Responder, error) {
	if s == nil || s.sc == nil {
		return nil, wire.ErrNil
	}
	select { // a channel of an ended scope cannot be answered
	case <-s.sc.ended:
		return nil, s.sc.endErr
	default:
	}
	select {
	case r := <-s.sc.incoming:
		return r, nil
	case <-s.sc.ended:
		return nil, s.sc.endErr
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
