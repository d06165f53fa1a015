package provider

import (
	"sync"

	"context"
	"errors"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/internal/agentsbegin"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// BeginError is a begin the proxy answered Error: the container refused
// its arguments, or it has begun already. Err is the container's words.
type BeginError struct {
	Err protoerr.Error
}

// Error says the begin failed, in the container's words.
func (e *BeginError) Error() string { return "provider: begin refused: " + e.Err.Error() }

// Unwrap returns the container's error.
func (e *BeginError) Unwrap() error { return e.Err }

// ErrUnexpected is a begin whose first payload was not Begun or Error.
var ErrUnexpected = errors.New("provider: the begin's first payload is neither Begun nor Error")

// Begin is one agents begin: its main stream and its channels.
type Begin struct {
	c      *Client
	number uint32
	ctx    context.Context // ends with the begin: for the proxy's channels
	cancel context.CancelFunc
	main   *stream

	// Registered is what the program declared, from Begun.
	Registered begin.Registered

	// under c.mu
	finished bool               // the proxy's ResponseFinish came
	chans    map[uint32]*stream // the provider's channels, open
	theirs   map[uint32]bool    // the proxy's channels, seen
	nextCh   uint32
}

// Begin opens an agents begin with the container's arguments (any JSON; a
// zero Raw is sent as null) and waits for its first answer. It returns the
// begin once Begun came; a *BeginError for an Error (the begin is over);
// ErrNotServed for a bare finish.
func (c *Client) Begin(ctx context.Context, arguments wire.Raw) (*Begin, error) {
	if c == nil || ctx == nil {
		return nil, wire.ErrNil
	}
	bctx, cancel := context.WithCancel(c.ctx)
	b := &Begin{c: c, ctx: bctx, cancel: cancel, main: newStream(c.opts.MaxUnread), chans: map[uint32]*stream{}, theirs: map[uint32]bool{}}
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		cancel()
		return nil, err
	}
	for n := c.nextScope + 1; ; n++ {
		if n == 0 {
			continue
		}
		if c.begins[n] == nil {
			b.number, c.nextScope = n, n
			break
		}
	}
	c.begins[b.number] = b
	c.mu.Unlock()
	if err := c.conn.WriteFrame(ctx, frame.Header{Type: frame.TypeRequest, Scope: b.number}, agentsbegin.Append(nil, arguments)); err != nil {
		b.end(err)
		return nil, err
	}
	if err := b.first(ctx); err != nil {
		// No caller will read this begin: what the proxy still sends on
		// it is dropped, so it never holds the connection up.
		b.main.abandon()
		return nil, err
	}
	return b, nil
}

// first reads the begin's first answer: Begun, or why there is no begin.
func (b *Begin) first(ctx context.Context) error {
	p, err := b.main.recv(ctx)
	if err != nil {
		return err
	}
	r, err := begin.DecodeResponse(p)
	if err != nil {
		return err
	}
	switch r := r.(type) {
	case *begin.Begun:
		b.Registered = begin.Registered(*r)
		return nil
	case *begin.Error:
		return &BeginError{Err: protoerr.Error(*r)}
	}
	return ErrUnexpected
}

// end ends the begin and its channels with err.
func (b *Begin) end(err error) {
	b.main.fail(err)
	b.c.mu.Lock()
	b.endChannels(err)
	b.c.mu.Unlock()
}

// endChannels ends every open channel; the caller holds c.mu.
func (b *Begin) endChannels(err error) {
	for n, s := range b.chans {
		s.fail(err)
		delete(b.chans, n)
	}
	b.cancel()
}

// Scope is the begin's scope number.
func (b *Begin) Scope() uint32 { return b.number }

// Recv returns the main stream's next payload after Begun, decoded: a
// *begin.Chunk (its Chunk one of package chunk's kinds), *begin.Active,
// *begin.Inactive or *begin.Error. After the finish it is ErrFinished; once
// the connection ended, a *frame.ConnEndedError. A payload that does not
// decode is a *begin.ResponseFrameError, and the stream goes on.
func (b *Begin) Recv(ctx context.Context) (begin.Response, error) {
	if b == nil || ctx == nil {
		return nil, wire.ErrNil
	}
	p, err := b.RecvPayload(ctx)
	if err != nil {
		return nil, err
	}
	return begin.DecodeResponse(p)
}

// RecvPayload is Recv without the decoding: the main stream's next payload
// as the wire carried it, its tag byte first (wire.Split splits it,
// begin.DecodeResponse reads it), for a provider that relays chunks on
// unread. The payload is the message's own memory, the caller's to keep;
// nothing else holds it. It ends as Recv does.
func (b *Begin) RecvPayload(ctx context.Context) ([]byte, error) {
	if b == nil || ctx == nil {
		return nil, wire.ErrNil
	}
	return b.main.recv(ctx)
}

// Abandon tells the client the caller will not read the main stream
// again: what waits on it and what comes later is dropped, so it never
// holds up the connection's other streams (Options.MaxUnread), and Recv
// returns ErrAbandoned. The begin goes on, as only the proxy ends it, and
// so do its channels.
func (b *Begin) Abandon() {
	if b != nil {
		b.main.abandon()
	}
}

// open opens a channel with request and returns the stream its answers
// come on.
func (b *Begin) open(ctx context.Context, request []byte) (*stream, error) {
	c := b.c
	s := newStream(c.opts.MaxUnread)
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.mu.Lock()
	if c.begins[b.number] != b {
		finished, err := b.finished, c.err
		c.mu.Unlock()
		if finished || err == nil {
			return nil, ErrFinished
		}
		return nil, err
	}
	var n uint32
	for n = b.nextCh + 1; n == 0 || b.chans[n] != nil; n++ {
	}
	b.nextCh = n
	b.chans[n] = s
	_ = c.tapOf().Channel(chanID("c", n), request)
	c.mu.Unlock()
	if err := c.conn.WriteFrame(ctx, frame.Header{Type: frame.TypeChannelRequest, Scope: b.number, Channel: n}, request); err != nil {
		return nil, err
	}
	return s, nil
}

// ask opens a channel and waits for its one answer (nil for a bare finish).
func (b *Begin) ask(ctx context.Context, req begin.ChannelRequest) ([]byte, error) {
	if b == nil || ctx == nil {
		return nil, wire.ErrNil
	}
	payload, err := begin.EncodeChannelRequest(nil, req)
	if err != nil {
		return nil, err
	}
	s, err := b.open(ctx, payload)
	if err != nil {
		return nil, err
	}
	a, err := s.recv(ctx)
	if errors.Is(err, ErrNotServed) {
		return nil, nil
	}
	if err != nil && ctx.Err() != nil {
		s.abandon() // the answer, when it comes, is dropped
	}
	return a, err
}

// Feed feeds the program its secrets (every declared name, in declared
// order) and returns the answer: Fed, Error with the program's words, or
// the Outcome NotServed for a bare finish.
func (b *Begin) Feed(ctx context.Context, values secrets.Values) (secrets.FeedResponse, error) {
	a, err := b.ask(ctx, &begin.Secrets{Values: values})
	if err != nil || a == nil {
		return secrets.FeedResponse{Outcome: secrets.NotServed}, err
	}
	var r secrets.FeedResponse
	err = r.Decode(a)
	return r, err
}

// Enqueue sends a message and returns its fate, however long it takes:
// Delivered, Dequeued, Error with the container's words, or NotServed for a
// bare finish.
func (b *Begin) Enqueue(ctx context.Context, req enqueue.Request) (enqueue.Response, error) {
	a, err := b.ask(ctx, &begin.Enqueue{Request: req})
	if err != nil || a == nil {
		return enqueue.Response{Outcome: enqueue.NotServed}, err
	}
	var r enqueue.Response
	err = r.Decode(a)
	return r, err
}

// Dequeue withdraws every message still waiting under key: Dequeued if
// one waited, Empty if none, or NotServed for a bare finish.
func (b *Begin) Dequeue(ctx context.Context, key string) (dequeue.Response, error) {
	a, err := b.ask(ctx, &begin.Dequeue{Request: dequeue.Request{Key: key}})
	if err != nil || a == nil {
		return dequeue.Response{Outcome: dequeue.NotServed}, err
	}
	var r dequeue.Response
	err = r.Decode(a)
	return r, err
}

// Info asks what the arguments may be, and returns the proxy's opaque
// answer; ErrNotServed for a bare finish.
func (b *Begin) Info(ctx context.Context) ([]byte, error) {
	a, err := b.ask(ctx, &begin.Info{})
	if err == nil && a == nil {
		return nil, ErrNotServed
	}
	return a, err
}

// Stream is a channel's answers, one payload at a time: a Postgres
// channel's byte stream.
type Stream struct{ s *stream }

// Recv returns the next payload; ErrFinished after the finish (ErrNotServed
// when nothing came before it).
func (s *Stream) Recv(ctx context.Context) ([]byte, error) {
	if s == nil || ctx == nil {
		return nil, wire.ErrNil
	}
	return s.s.recv(ctx)
}

// Abandon tells the client the caller will not read the stream again:
// what waits on it and what comes later is dropped, so it never holds up
// the connection's other streams (Options.MaxUnread), and Recv returns
// ErrAbandoned. The channel stays open until the proxy finishes it.
func (s *Stream) Abandon() {
	if s != nil {
		s.s.abandon()
	}
}

// Postgres asks for the server's half of the database connection connID,
// and returns the channel's byte stream.
func (b *Begin) Postgres(ctx context.Context, connID uint32) (*Stream, error) {
	if b == nil || ctx == nil {
		return nil, wire.ErrNil
	}
	payload, err := (&begin.Postgres{ConnID: connID}).Encode(nil)
	if err != nil {
		return nil, err
	}
	s, err := b.open(ctx, payload)
	if err != nil {
		return nil, err
	}
	return &Stream{s: s}, nil
}

// Channel is a channel the proxy opened, handed to Options.Channel: its
// request, the answers and exactly one finish.
type Channel struct {
	b       *Begin
	number  uint32
	id      string
	request []byte
	mu      sync.Mutex
	done    bool
}

// Request is the channel's request payload.
func (ch *Channel) Request() []byte { return ch.request }

// Number is the channel's number, in the proxy's space.
func (ch *Channel) Number() uint32 { return ch.number }

// Send writes one answer. After Finish it is ErrFinished.
func (ch *Channel) Send(ctx context.Context, payload []byte) error {
	return ch.write(ctx, frame.TypeChannelResponse, payload)
}

// Finish writes the channel's finish; a second is ErrFinished.
func (ch *Channel) Finish(ctx context.Context) error {
	return ch.write(ctx, frame.TypeChannelResponseFinish, nil)
}

func (ch *Channel) write(ctx context.Context, t frame.Type, payload []byte) error {
	if ch == nil || ctx == nil {
		return wire.ErrNil
	}
	ch.mu.Lock()
	defer ch.mu.Unlock()
	if ch.done {
		return ErrFinished
	}
	c := ch.b.c
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.mu.Lock()
	if t == frame.TypeChannelResponseFinish {
		ch.done = true
		delete(ch.b.theirs, ch.number)
		_ = c.tapOf().ChannelFinish(ch.id)
	} else {
		_ = c.tapOf().Channel(ch.id, payload)
	}
	c.mu.Unlock()
	return c.conn.WriteFrame(ctx, frame.Header{Type: t, Scope: ch.b.number, Channel: ch.number}, payload)
}

// EnqueueLegacy makes one call to the older /agent/enqueue of the proxy at
// base (ws://host:14979): see frame.EnqueueLegacy.
func EnqueueLegacy(ctx context.Context, base string, req *legacy.Request) (*legacy.Response, error) {
	return frame.EnqueueLegacy(ctx, base, req)
}

// Fate is an enqueued message whose answer is still to come, from
// SendEnqueue.
type Fate struct{ s *stream }

// SendEnqueue sends a message and returns as soon as its request is on
// the wire, so that messages sent one after another reach the proxy in
// that order; Wait then learns the fate.
func (b *Begin) SendEnqueue(ctx context.Context, req enqueue.Request) (*Fate, error) {
	if b == nil || ctx == nil {
		return nil, wire.ErrNil
	}
	payload, err := begin.EncodeChannelRequest(nil, &begin.Enqueue{Request: req})
	if err != nil {
		return nil, err
	}
	s, err := b.open(ctx, payload)
	if err != nil {
		return nil, err
	}
	return &Fate{s: s}, nil
}

// Wait returns the message's fate, as Enqueue does. It may be called
// again after its ctx ended early.
func (f *Fate) Wait(ctx context.Context) (enqueue.Response, error) {
	if f == nil || ctx == nil {
		return enqueue.Response{}, wire.ErrNil
	}
	a, err := f.s.recv(ctx)
	if errors.Is(err, ErrNotServed) {
		return enqueue.Response{Outcome: enqueue.NotServed}, nil
	}
	if err != nil {
		return enqueue.Response{Outcome: enqueue.NotServed}, err
	}
	var r enqueue.Response
	err = r.Decode(a)
	return r, err
}
