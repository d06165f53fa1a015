package provider

import (
	"context"
	"strconv"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Tap sees every event of a begin as the provider reads and writes it, in
// wire order: the main stream's payloads and finish, and each channel's
// (its request first), with the channel's id: "c<n>" for the provider's
// channel n, "p<n>" for the proxy's. A *trace.Recorder is a Tap. Its calls
// are made with the client's lock held and must not call back.
type Tap interface {
	Main(payload []byte) error
	MainFinish() error
	Channel(id string, payload []byte) error
	ChannelFinish(id string) error
}

// Options tune a Client. The zero Options is the default.
type Options struct {
	// Tap, when set, sees every event of each begin (see Tap).
	Tap Tap
	// Channel serves a channel the proxy opened: it answers with ch.Send
	// and must end with ch.Finish. It runs in a goroutine of its own, and
	// ctx ends with the begin. Nil finishes every such channel unanswered.
	Channel func(ctx context.Context, ch *Channel)
	// MaxUnread bounds what one stream (a begin's main stream, or one of
	// its channels) holds for its caller: once more than MaxUnread bytes
	// of payloads wait unread on a stream, the client stops reading the
	// connection until the caller reads that stream, and the socket slows
	// the proxy. Zero is DefaultMaxUnread; below zero, no bound.
	MaxUnread int
}

// DefaultMaxUnread is Options.MaxUnread's default: 64 MiB, the largest
// message the connection reads (frame.MaxMessage).
const DefaultMaxUnread = frame.MaxMessage

// ErrNotServed is a channel (or a begin) the proxy finished with no
// answer: it did not serve the request, or could not read it. It is
// frame.ErrNotServed, so errors.Is matches either.
var ErrNotServed = frame.ErrNotServed

// ErrFinished is the main stream's finish, from Recv, and any call on a
// begin that has finished.
var ErrFinished = frame.ErrFinished

// ErrAbandoned is what a stream's Recv returns once it was abandoned
// (Begin.Abandon, Stream.Abandon). It is frame.ErrAbandoned.
var ErrAbandoned = frame.ErrAbandoned

// Client is one connection to a container proxy.
type Client struct {
	conn    *frame.Conn
	opts    Options
	ctx     context.Context
	cancel  context.CancelFunc
	readerG chan struct{} // closed when the reader is gone
	closing chan struct{} // closed by Close: the reader waits no more
	wg      sync.WaitGroup

	// wmu is held from a Tap's record of a frame this side writes to the
	// end of its write, so that the Tap sees concurrent writes in the
	// order they reach the wire.
	wmu sync.Mutex

	closeOnce sync.Once

	mu        sync.Mutex
	nextScope uint32
	begins    map[uint32]*Begin
	err       error // why the connection ended, once it has
}

// Dial connects to the container proxy at url (ws://host:14979/).
func Dial(ctx context.Context, url string, opts *Options) (*Client, error) {
	if ctx == nil {
		return nil, wire.ErrNil
	}
	conn, err := frame.Dial(ctx, url)
	if err != nil {
		return nil, err
	}
	return NewClient(conn, opts)
}

// NewClient runs the client on conn, the client's end of a connection
// (frame.Dial, or the first end of frame.Pipe). The Client owns conn.
func NewClient(conn *frame.Conn, opts *Options) (*Client, error) {
	if conn == nil {
		return nil, wire.ErrNil
	}
	if conn.Role() != frame.RoleClient {
		return nil, frame.ErrRole
	}
	c := &Client{conn: conn, begins: map[uint32]*Begin{}, readerG: make(chan struct{}), closing: make(chan struct{})}
	if opts != nil {
		c.opts = *opts
	}
	switch {
	case c.opts.MaxUnread == 0:
		c.opts.MaxUnread = DefaultMaxUnread
	case c.opts.MaxUnread < 0:
		c.opts.MaxUnread = 0 // a stream's limit 0: none
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	go c.read()
	return c, nil
}

// Close ends the connection and waits for the reader and every channel
// handler it started.
func (c *Client) Close() error {
	if c == nil {
		return wire.ErrNil
	}
	c.closeOnce.Do(func() { close(c.closing) })
	err := c.conn.Close()
	<-c.readerG
	c.cancel()
	c.wg.Wait()
	return err
}

// Err is nil while the connection is open, then why it ended (a
// *frame.ConnEndedError).
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Done is closed once the connection has ended.
func (c *Client) Done() <-chan struct{} { return c.readerG }

// read reads every frame, records it and hands it to its stream.
func (c *Client) read() {
	defer close(c.readerG)
	for {
		// Close ends a read under way by closing the connection, so the
		// read needs no context that can end (one that can costs the
		// WebSocket library allocations on every message).
		f, err := c.conn.ReadFrame(context.Background())
		if err != nil {
			c.end(err)
			return
		}
		if s := c.route(f); s != nil {
			s.waitRoom(c.closing)
		}
	}
}

// end ends every begin with the connection.
func (c *Client) end(err error) {
	c.mu.Lock()
	if c.err == nil {
		c.err = &frame.ConnEndedError{Cause: err}
	}
	begins := c.begins
	c.begins = map[uint32]*Begin{}
	c.mu.Unlock()
	for _, b := range begins {
		b.end(c.err)
	}
}

// route hands one frame to its begin, and returns the stream the reader
// is to wait on before it reads on, if that stream is full.
func (c *Client) route(f frame.Frame) (full *stream) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.begins[f.Scope]
	if b == nil {
		return nil // a scope not open: discarded
	}
	switch f.Type {
	case frame.TypeResponse:
		_ = c.tapOf().Main(f.Payload)
		if b.main.push(f.Payload) {
			return b.main
		}
	case frame.TypeResponseFinish:
		_ = c.tapOf().MainFinish()
		delete(c.begins, f.Scope)
		b.finished = true
		b.main.finish()
		b.endChannels(ErrFinished)
	case frame.TypeChannelResponse:
		if s := b.chans[f.Channel]; s != nil {
			_ = c.tapOf().Channel(chanID("c", f.Channel), f.Payload)
			if s.push(f.Payload) {
				return s
			}
		}
	case frame.TypeChannelResponseFinish:
		if s := b.chans[f.Channel]; s != nil {
			_ = c.tapOf().ChannelFinish(chanID("c", f.Channel))
			delete(b.chans, f.Channel)
			s.finish()
		}
	case frame.TypeChannelRequest:
		if f.Channel == 0 || b.theirs[f.Channel] {
			return nil // a duplicate: discarded
		}
		id := chanID("p", f.Channel)
		_ = c.tapOf().Channel(id, f.Payload)
		b.theirs[f.Channel] = true
		ch := &Channel{b: b, number: f.Channel, id: id, request: f.Payload}
		c.wg.Go(func() { c.serveChannel(b, ch) })
	}
	return nil
}

// serveChannel hands a channel the proxy opened to Options.Channel.
func (c *Client) serveChannel(b *Begin, ch *Channel) {
	if c.opts.Channel == nil {
		_ = ch.Finish(b.ctx)
		return
	}
	c.opts.Channel(b.ctx, ch)
}

func (c *Client) tapOf() Tap {
	if c.opts.Tap == nil {
		return noTap{}
	}
	return c.opts.Tap
}

func chanID(prefix string, n uint32) string {
	return prefix + strconv.FormatUint(uint64(n), 10)
}

// noTap records nothing.
type noTap struct{}

func (noTap) Main([]byte) error            { return nil }
func (noTap) MainFinish() error            { return nil }
func (noTap) Channel(string, []byte) error { return nil }
func (noTap) ChannelFinish(string) error   { return nil }
