package frame

import (
	"context"
	"errors"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// ErrAbandoned is what Recv returns after Abandon.
var ErrAbandoned = errors.New("frame: stream abandoned by its caller")

// item is one queued frame of a stream: an answer, or the finish.
type item struct {
	payload []byte
	finish  bool
}

// Stream is the requester's end of a scope's main stream or of a channel:
// the answers, then the finish. It holds at most the core's Depth answers
// not yet received; while it is full the connection is not read.
type Stream struct {
	ep      *endpoint
	sc      *scope
	channel uint32
	q       chan item
	gone    chan struct{}
	goneMu  sync.Once

	mu       sync.Mutex
	served   bool // an answer was received
	finished bool // the finish was received
}

func newStream(ep *endpoint, sc *scope, channel uint32) *Stream {
	return &Stream{ep: ep, sc: sc, channel: channel, q: make(chan item, ep.depth), gone: make(chan struct{})}
}

// Channel is the stream's channel number in its opener's space; 0 is a
// scope's main stream.
func (s *Stream) Channel() uint32 {
	if s == nil {
		return 0
	}
	return s.channel
}

// Recv returns the next answer's payload. After the last answer it
// returns ErrFinished, or ErrNotServed when the finish came with nothing
// before it; both match errors.Is(err, ErrFinished), and every later call
// returns the same. A channel whose scope ended first returns
// ErrScopeEnded, and any stream on a connection that ended a
// *ConnEndedError, once the answers already received are read. A ctx that
// ends returns its error and leaves the stream as it was. Answers come in
// the order the responder sent them.
func (s *Stream) Recv(ctx context.Context) ([]byte, error) {
	if s == nil {
		return nil, wire.ErrNil
	}
	if err := s.state(); err != nil {
		return nil, err
	}
	select {
	case it := <-s.q:
		return s.take(it)
	default:
	}
	select {
	case it := <-s.q:
		return s.take(it)
	case <-s.gone:
		return nil, ErrAbandoned
	case <-s.sc.ended:
		// Everything queued before the end is in q by now: the reader
		// queues a stream's frames before it ends the scope.
		select {
		case it := <-s.q:
			return s.take(it)
		default:
		}
		return nil, s.sc.endErr
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *Stream) state() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.finished && s.served:
		return ErrFinished
	case s.finished:
		return ErrNotServed
	}
	select {
	case <-s.gone:
		return ErrAbandoned
	default:
	}
	return nil
}

func (s *Stream) take(it item) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.finished {
		return nil, ErrFinished // a second finish cannot be queued; defensive
	}
	if it.finish {
		s.finished = true
		if !s.served {
			return nil, ErrNotServed
		}
		return nil, ErrFinished
	}
	s.served = true
	return it.payload, nil
}

// Abandon tells the core the caller will not read this stream again: its
// queued answers are dropped, so are those still to come (counted in
// Stats.Dropped), and Recv returns ErrAbandoned. Nothing is sent: no frame
// lets a requester end a stream, so its number stays taken until the
// responder's finish.
func (s *Stream) Abandon() {
	if s == nil {
		return
	}
	s.goneMu.Do(func() { close(s.gone) })
	for {
		select {
		case <-s.q:
		default:
			return
		}
	}
}

// Responder is the responder's end of a scope's main stream (the server's)
// or of a channel the peer opened: the request, then the answers and
// exactly one finish, which only the responder can send. Its Send and
// Finish may be called from any goroutine; they go out in the order they
// were called.
type Responder struct {
	ep      *endpoint
	sc      *scope
	channel uint32 // 0: the main stream of a server's scope
	req     []byte
	turn    chan struct{}

	// Under ep.mu.
	finishing bool // the finish is being written, or failed half-written
	finished  bool // the finish was written
}

func newResponder(ep *endpoint, sc *scope, channel uint32, req []byte) *Responder {
	return &Responder{ep: ep, sc: sc, channel: channel, req: req, turn: make(chan struct{}, 1)}
}

// Request is the payload of the frame that opened the stream. It is the
// message's own memory: nothing else holds it.
func (r *Responder) Request() []byte {
	if r == nil {
		return nil
	}
	return r.req
}

// Channel is the channel's number in the peer's space, or 0 for a scope's
// main stream.
func (r *Responder) Channel() uint32 {
	if r == nil {
		return 0
	}
	return r.channel
}

func (r *Responder) header(finish bool) Header {
	h := Header{Scope: r.sc.num, Channel: r.channel}
	switch {
	case r.channel == 0 && finish:
		h.Type = TypeResponseFinish
	case r.channel == 0:
		h.Type = TypeResponse
	case finish:
		h.Type = TypeChannelResponseFinish
	default:
		h.Type = TypeChannelResponse
	}
	return h
}

func (r *Responder) acquire(ctx context.Context) error {
	select {
	case r.turn <- struct{}{}: // a free turn, without a full select
		return nil
	default:
	}
	select {
	case r.turn <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (r *Responder) release() { <-r.turn }

// allowSend says why nothing more may be sent, run once the write's turn
// has come (so what it checks holds for the order on the wire).
func (r *Responder) allowSend() error { return r.allow(false) }

// allowFinish is allowSend for the finish, which it marks as being
// written.
func (r *Responder) allowFinish() error { return r.allow(true) }

func (r *Responder) allow(finish bool) error {
	r.ep.mu.Lock()
	defer r.ep.mu.Unlock()
	switch {
	case r.finished || r.finishing:
		return ErrFinished
	case r.ep.err != nil:
		return r.ep.err
	case r.sc.isEnded:
		return r.sc.endErr
	case r != r.sc.main && r.sc.closedTo() != nil:
		return r.sc.closedTo()
	}
	// While finishing, a request for this number from the peer means our
	// finish reached it: the reader lets the number be opened again.
	r.finishing = finish
	return nil
}

// Send writes one answer (a Response or a ChannelResponse). After Finish
// it is ErrFinished; once the scope ended, ErrScopeEnded (the peer would
// discard the frame); once the connection ended, a *ConnEndedError.
// Cancelling ctx while the frame is being written ends the connection, as
// half a frame cannot be taken back; while it waits for its turn it does
// not.
func (r *Responder) Send(ctx context.Context, payload []byte) error {
	if r == nil {
		return wire.ErrNil
	}
	if err := r.acquire(ctx); err != nil {
		return err
	}
	defer r.release()
	started, err := r.ep.conn.writeFrame(ctx, r.header(false), payload, r.allowSend)
	return r.ep.writeErr(started, err)
}

// Finish writes the finish, which ends the stream; for a server's scope it
// ends the scope and every channel in it. A finish with no answer before
// it tells the peer the request was not served. A second Finish is
// ErrFinished.
func (r *Responder) Finish(ctx context.Context) error {
	if r == nil {
		return wire.ErrNil
	}
	if err := r.acquire(ctx); err != nil {
		return err
	}
	defer r.release()
	ep := r.ep
	started, err := ep.conn.writeFrame(ctx, r.header(true), nil, r.allowFinish)
	if err != nil {
		return ep.writeErr(started, err) // takes ep.mu itself
	}

	ep.mu.Lock()
	defer ep.mu.Unlock()
	r.finished = true
	if r.channel == 0 {
		if ep.scopes[r.sc.num] == r.sc {
			delete(ep.scopes, r.sc.num)
		}
		ep.endScope(r.sc, ErrScopeEnded)
	} else if r.sc.in[r.channel] == r {
		delete(r.sc.in, r.channel)
	}
	return nil
}
