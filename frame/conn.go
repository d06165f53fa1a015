package frame

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// transport is what carries whole messages: a WebSocket or the in-memory
// pipe. read returns the next data message and whether it is binary; write
// sends one binary message and does not keep msg (the Conn reuses it);
// close ends the connection cleanly, abort abruptly. A transport's read is called by one goroutine at a time, and
// so is its write.
type transport interface {
	read(ctx context.Context) (binary bool, msg []byte, err error)
	write(ctx context.Context, msg []byte) error
	close() error
	abort()
}

// Stats counts what a connection read and did not deliver. Every count
// only grows.
type Stats struct {
	// Skipped is text messages, which carry no meaning on this wire (a
	// WebSocket's ping and pong are answered by the library, unseen).
	Skipped uint64
	// Short is binary messages shorter than the 9-byte header.
	Short uint64
	// Undefined is frames of a type above 6, or of a type the peer's role
	// does not send (a Request reaching the client, a Response reaching the
	// server).
	Undefined uint64
	// NotOpen is frames for a scope or channel that is not open: late
	// frames after a finish, or numbers never opened.
	NotOpen uint64
	// Duplicate is requests for a scope or channel that is already open,
	// channel 0 (the main stream) included.
	Duplicate uint64
	// Dropped is answers for a stream whose caller abandoned it.
	Dropped uint64
}

type counters struct {
	skipped, short, undefined, notOpen, duplicate, dropped atomic.Uint64
}

// Conn carries one frame per binary message, as one role. Reads skip text
// messages and discard messages that are not frames or that the peer's
// role does not send, counting each (Stats). Writes are serialized: a frame
// goes out whole, so the frames of different streams interleave and their
// bytes never do. A Conn is safe for one reader and any number of writers
// at once.
//
// Most code hands a Conn to NewClient or NewServer and uses it no further.
type Conn struct {
	t     transport
	role  Role
	turn  chan struct{} // holds a token while a message is written
	wbuf  []byte        // the frame being written; under turn
	stats counters

	watched atomic.Pointer[writeWatch] // the watch on the writes' context
	writing atomic.Pointer[writeWatch] // the watch of the write under way

	closeOnce sync.Once
	closed    chan struct{}
	closeErr  error
}

func newConn(t transport, role Role) *Conn {
	return &Conn{t: t, role: role, turn: make(chan struct{}, 1), closed: make(chan struct{})}
}

// Role is the role this side plays.
func (c *Conn) Role() Role {
	if c == nil {
		return 0
	}
	return c.role
}

// Stats returns the counts of what was read and not delivered so far.
func (c *Conn) Stats() Stats {
	if c == nil {
		return Stats{}
	}
	return Stats{
		Skipped:   c.stats.skipped.Load(),
		Short:     c.stats.short.Load(),
		Undefined: c.stats.undefined.Load(),
		NotOpen:   c.stats.notOpen.Load(),
		Duplicate: c.stats.duplicate.Load(),
		Dropped:   c.stats.dropped.Load(),
	}
}

// ReadFrame returns the next frame the peer's role may send. Text
// messages, short messages, undefined types and types the peer does not
// send are counted and skipped. An Auth frame ends the connection and is
// ErrAuth; the end of the connection is the transport's error (io.EOF for
// a clean close by the peer). Payload is the message's own memory: nothing
// else holds it. Cancelling ctx while a WebSocket read waits ends the
// connection (the library cannot abandon a read halfway).
func (c *Conn) ReadFrame(ctx context.Context) (Frame, error) {
	if c == nil {
		return Frame{}, wire.ErrNil
	}
	for {
		binary, msg, err := c.t.read(ctx)
		if err != nil {
			return Frame{}, err
		}
		if !binary {
			c.stats.skipped.Add(1)
			continue
		}
		var f Frame
		if err := f.Decode(msg); err != nil {
			if len(msg) < HeaderLen {
				c.stats.short.Add(1)
			} else {
				c.stats.undefined.Add(1)
			}
			continue
		}
		if f.Type == TypeAuth {
			c.abort()
			return Frame{}, ErrAuth
		}
		if !f.Type.SentBy(c.role.peer()) {
			c.stats.undefined.Add(1)
			continue
		}
		return f, nil
	}
}

// WriteFrame writes one frame: the header, then payload. A type this role
// may not send is ErrRole and a payload on a finish is ErrNoPayload (an
// *wire.EncodeError); nothing is written then.
func (c *Conn) WriteFrame(ctx context.Context, h Header, payload []byte) error {
	_, err := c.writeFrame(ctx, h, payload, nil)
	return err
}

// writeFrame is WriteFrame for the cores: allow, when not nil, runs once
// the write's turn has come, and its error stops the write. So a check
// made in allow holds for the order of frames on the wire. The frame is
// assembled in the Conn's own buffer, reused from one write to the next:
// a frame costs one copy of its payload and no allocation.
func (c *Conn) writeFrame(ctx context.Context, h Header, payload []byte, allow func() error) (bool, error) {
	if c == nil {
		return false, wire.ErrNil
	}
	if !h.Type.SentBy(c.role) {
		return false, ErrRole
	}
	f := Frame{Header: h, Payload: payload}
	if err := f.check(); err != nil {
		return false, err
	}
	if err := c.acquire(ctx, allow); err != nil {
		return false, err
	}
	defer c.release()
	c.wbuf = AppendFrame(c.wbuf[:0], h, payload)
	started, err := c.writeLocked(ctx, c.wbuf)
	if cap(c.wbuf) > keepWriteBuf {
		c.wbuf = nil
	}
	return started, err
}

// keepWriteBuf is the largest write buffer a Conn keeps for its next
// frame; a larger one is dropped after its write, so a Conn holds at most
// this much between writes.
const keepWriteBuf = 1 << 20

// WriteMessage writes msg as one binary message, unread: the relay path,
// and a test's way to send what a peer could send, frame or not. msg is
// not kept after it returns.
func (c *Conn) WriteMessage(ctx context.Context, msg []byte) error {
	if c == nil {
		return wire.ErrNil
	}
	if err := c.acquire(ctx, nil); err != nil {
		return err
	}
	defer c.release()
	_, err := c.writeLocked(ctx, msg)
	return err
}

// acquire waits for the write turn, then asks allow. On an error nothing
// was written and the turn is not held: ctx ended, or the connection did,
// before the turn came, or allow refused. Once allow has said yes the
// write counts as started, whatever ctx does next.
func (c *Conn) acquire(ctx context.Context, allow func() error) error {
	select {
	case c.turn <- struct{}{}: // a free turn, without a full select
	default:
		select {
		case c.turn <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		case <-c.closed:
			return c.closeErr
		}
	}
	select {
	case <-c.closed:
		<-c.turn
		return c.closeErr
	default:
	}
	if err := ctx.Err(); err != nil { // nothing starts on an ended ctx
		<-c.turn
		return err
	}
	if allow != nil {
		if err := allow(); err != nil {
			<-c.turn
			return err
		}
	}
	return nil
}

func (c *Conn) release() { <-c.turn }

// writeLocked writes msg; the caller holds the turn. A write that fails
// ends the connection: half a frame cannot be taken back, and neither can
// a write whose ctx ends while it is under way.
//
// The transport is handed a context that never ends: a WebSocket write
// with one that can end costs the library a context.AfterFunc, three
// allocations and their locks, on every message. ctx is watched here
// instead, by one AfterFunc kept from one write to the next while the
// writes share ctx's Done (a session's writes do), which ends the
// connection when ctx ends during a write.
func (c *Conn) writeLocked(ctx context.Context, msg []byte) (started bool, err error) {
	var w *writeWatch
	if done := ctx.Done(); done != nil {
		w = c.watch(ctx, done)
		c.writing.Store(w)
		// A ctx that ended since acquire looked, before the store, was
		// not seen by the watch (its func found no write): it ended as
		// the write began, which ends the connection as during it.
		if err := ctx.Err(); err != nil {
			c.writing.Store(nil)
			c.abort()
			return true, err
		}
	}
	err = c.t.write(context.Background(), msg)
	if w != nil {
		c.writing.Store(nil)
	}
	if err != nil {
		c.abort()
		if ctxErr := ctx.Err(); ctxErr != nil {
			return true, ctxErr
		}
		return true, err
	}
	return true, nil
}

// writeWatch is the watch on the Done of the contexts of a Conn's writes.
type writeWatch struct {
	done <-chan struct{}
	stop func() bool
}

// watch returns the watch on ctx, whose Done is done, made anew only when
// the last write's context had another. The caller holds the turn.
func (c *Conn) watch(ctx context.Context, done <-chan struct{}) *writeWatch {
	if w := c.watched.Load(); w != nil && w.done == done {
		return w
	}
	w := &writeWatch{done: done}
	w.stop = context.AfterFunc(ctx, func() {
		if c.writing.Load() == w {
			c.abort()
		}
	})
	if old := c.watched.Swap(w); old != nil {
		old.stop()
	}
	select {
	case <-c.closed: // closed meanwhile: let ctx go
		c.unwatch()
	default:
	}
	return w
}

// unwatch lets the watched context go, so that a Conn that has ended is
// not kept alive by a context that lives on.
func (c *Conn) unwatch() {
	if w := c.watched.Swap(nil); w != nil {
		w.stop()
	}
}

// Close ends the connection cleanly (a WebSocket close handshake, which
// waits a few seconds at most for the peer's answer). Calls after the first
// return nil.
func (c *Conn) Close() error {
	if c == nil {
		return wire.ErrNil
	}
	err := error(nil)
	c.closeOnce.Do(func() {
		c.closeErr = &ConnEndedError{Cause: ErrClosed}
		close(c.closed)
		c.unwatch()
		err = c.t.close()
	})
	return err
}

// abort ends the connection at once, without a close handshake.
func (c *Conn) abort() {
	c.closeOnce.Do(func() {
		c.closeErr = &ConnEndedError{Cause: ErrClosed}
		close(c.closed)
		c.unwatch()
		c.t.abort()
	})
}
