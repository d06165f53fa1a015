package proxy

import (
	"context"
	"errors"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/queue"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// ErrLoopEnded is a chunk sent, or a seam asked for, on a loop whose Run
// has returned (or whose session has ended): nothing is written.
var ErrLoopEnded = errors.New("proxy: the loop has ended")

// Loop is one loop of the program, handed to Program.Run: the messages it
// started on, the way to send its chunks, and its seams. Its methods may be
// called from any goroutine until Run returns; after that they do nothing.
type Loop struct {
	s        *session
	ql       *queue.Loop
	messages []enqueue.Request

	seamMu sync.Mutex        // one seam at a time
	taken  []enqueue.Request // what the seam in flight took; under s.mainMu

	// under s.mainMu
	ended bool
	fatal bool // the program sent a fatal notification itself
}

// Messages are the messages the loop started on, in the order they were
// enqueued; their user parts are on the stream already.
func (l *Loop) Messages() []enqueue.Request { return l.messages }

// Send writes one chunk of the loop on the begin's main stream. A nil or
// zero chunk is a *wire.EncodeError, and a loop that has ended is
// ErrLoopEnded; nothing is written then. Chunks of one loop go out in the
// order Send is called.
func (l *Loop) Send(ctx context.Context, c chunk.Chunk) error {
	if l == nil || l.s == nil {
		return ErrLoopEnded
	}
	if c == nil || ctx == nil {
		return &wire.EncodeError{Err: wire.ErrNil}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s := l.s
	s.mainMu.Lock()
	defer s.mainMu.Unlock()
	buf, err := begin.EncodeResponse(s.mainBuf[:0], &begin.Chunk{Chunk: c})
	if err != nil {
		return err
	}
	if l.ended || s.over {
		return ErrLoopEnded
	}
	if n, ok := c.(*chunk.Notification); ok && n.IsFatal {
		l.fatal = true
	}
	return s.writeBufLocked(buf)
}

// Relay writes one chunk of the loop on the begin's main stream from its
// JSON as the agent wrote it, framed behind the chunk tag
// (begin.AppendChunk) without being encoded again: the relay path, a copy
// of the bytes into the server's buffer and no allocation. Every ordering
// rule holds as for Send: the chunk comes after Active and the user parts,
// in the order of the loop's Send and Relay calls, and a loop that has
// ended is ErrLoopEnded.
//
// By default the bytes are read first, as chunk.ValidateJSON reads them:
// a chunk Rust would refuse is a *wire.JSONError, and nothing is written.
// With Options.TrustRelay they are not read, so bytes that are not one
// chunk's JSON reach the provider as they are and are refused there, and a
// fatal notification relayed so is not known to be one (a Run that then
// fails gets the server's own fatal notification after it). Empty bytes
// are a *wire.EncodeError (wire.ErrNoValue) either way. Relay does not keep
// chunkJSON: the caller may reuse it once Relay returns.
func (l *Loop) Relay(ctx context.Context, chunkJSON []byte) error {
	if l == nil || l.s == nil {
		return ErrLoopEnded
	}
	if ctx == nil {
		return &wire.EncodeError{Err: wire.ErrNil}
	}
	if len(chunkJSON) == 0 {
		return &wire.EncodeError{Err: wire.ErrNoValue}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s := l.s
	fatal := false
	if !s.trustRelay {
		c, err := chunk.DecodeJSON(chunkJSON)
		if err != nil {
			return err
		}
		n, ok := c.(*chunk.Notification)
		fatal = ok && n.IsFatal
	}
	s.mainMu.Lock()
	defer s.mainMu.Unlock()
	if l.ended || s.over {
		return ErrLoopEnded
	}
	l.fatal = l.fatal || fatal
	return s.writeBufLocked(begin.AppendChunk(s.mainBuf[:0], chunkJSON))
}

// Seam is a seam of the loop: every message waiting (and not gated) is
// taken, in the order enqueued, its user parts are written on the stream
// at this point, and it is Delivered. Seam returns the messages taken, for
// the program to act on; none when nothing waited or the loop has ended.
func (l *Loop) Seam(ctx context.Context) []enqueue.Request {
	if l == nil || l.s == nil || ctx == nil {
		return nil
	}
	l.seamMu.Lock()
	defer l.seamMu.Unlock()
	l.ql.Seam(ctx)
	l.s.mainMu.Lock()
	taken := l.taken
	l.taken = nil
	l.s.mainMu.Unlock()
	return taken
}
