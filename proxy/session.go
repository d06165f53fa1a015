package proxy

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/queue"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// The server's own words on the wire, each in the container proxy's
// {"kind":…,"error":…} convention. None quotes a value.
var (
	errSecondBegin  = protoerr.New(protoerr.KindProxy, "the container has begun already: one agents begin per connection")
	errBeginEnded   = protoerr.New(protoerr.KindClosed, "the begin has ended")
	errLoopGone     = protoerr.New(protoerr.KindProxy, "the loop ended before the message could be delivered")
	errDeclaration  = protoerr.New(protoerr.KindProxy, "the program's declaration could not be encoded")
	errProgramPanic = protoerr.New(protoerr.KindProxy, "the container proxy's program failed")
	errStaleFeed    = protoerr.New(protoerr.KindProxy, "a loop ended while the program took the feed; feed again")
	errFeedNames    = protoerr.New(protoerr.KindProxy, "the feed does not name exactly the declared secrets, in their order")
	errWithheld     = protoerr.New(protoerr.KindProgram, "the program refused the feed (its words held a secret value and were withheld)")
)

// loopFailed is the message of the fatal notification the server writes for
// a loop whose Run failed without saying so itself.
const loopFailed = `{"kind":"program","error":"the program's loop failed"}`

// session is one agents begin: its main stream, its queue and its
// channels.
type session struct {
	prog   Program
	scope  *frame.ServerScope
	tap    Tap
	q      *queue.Queue
	ctx    context.Context // the session's: every write and every Program call
	cancel context.CancelFunc
	wg     sync.WaitGroup // loops and channel goroutines
	enq    pending        // enqueue and dequeue answers not yet finished

	mainMu   sync.Mutex // orders the main stream; guards what follows
	over     bool       // the begin has ended: Error written, or the connection gone
	epoch    uint64     // Begun and each Inactive: a feed counts only within one
	decl     secrets.Declaration
	rotating []string
	loops    map[*queue.Loop]*Loop

	trustRelay bool   // Options.TrustRelay
	mainBuf    []byte // the main stream's payload being written; under mainMu
}

// writeMainLocked records and writes one payload of the main stream. The
// caller holds mainMu.
func (s *session) writeMainLocked(_ context.Context, payload []byte) error {
	_ = s.tap.Main(payload)
	return s.scope.Send(s.ctx, payload)
}

// sendMainLocked encodes r into the session's buffer and writes it. The
// caller holds mainMu. An r that does not encode is the encode error, and
// nothing is written.
func (s *session) sendMainLocked(r begin.Response) error {
	buf, err := begin.EncodeResponse(s.mainBuf[:0], r)
	if err != nil {
		return err
	}
	return s.writeBufLocked(buf)
}

// writeBufLocked writes buf, the session's buffer with a payload in it,
// and keeps the buffer for the next payload, unless it grew past
// keepMainBuf. The caller holds mainMu.
func (s *session) writeBufLocked(buf []byte) error {
	err := s.writeMainLocked(s.ctx, buf)
	s.mainBuf = buf[:0]
	if cap(buf) > keepMainBuf {
		s.mainBuf = nil
	}
	return err
}

// keepMainBuf is the largest main-stream buffer a session keeps for the
// next payload; a larger one is dropped after its write.
const keepMainBuf = 1 << 20

// finishMainLocked records and writes the main stream's finish.
func (s *session) finishMainLocked() {
	_ = s.tap.MainFinish()
	_ = s.scope.Finish(s.ctx)
}

// failBegin writes an Error and the finish as the begin's only answer.
func (s *session) failBegin(e protoerr.Error) {
	s.mainMu.Lock()
	defer s.mainMu.Unlock()
	s.over = true
	_ = s.sendMainLocked((*begin.Error)(&e))
	s.finishMainLocked()
}

// run serves the begin whose arguments are args, until it ends.
func (s *session) run(args wire.Raw) {
	defer s.cleanup()
	reg, err := call2(s.ctx, func(ctx context.Context) (begin.Registered, error) {
		return s.prog.Register(ctx, args)
	})
	if err != nil {
		s.failBegin(refusal(err))
		return
	}
	begun := begin.Begun(reg)
	buf, err := begun.Encode(nil)
	if err != nil {
		s.failBegin(errDeclaration)
		return
	}
	s.mainMu.Lock()
	s.decl = reg.Secrets.Clone()
	for name := range s.decl.Rotating() {
		s.rotating = append(s.rotating, name)
	}
	s.epoch++
	if err := s.writeMainLocked(s.ctx, buf); err != nil {
		s.over = true
		s.mainMu.Unlock()
		return
	}
	s.q.Begun(s.decl)
	s.mainMu.Unlock()
	s.acceptChannels()
}

// cleanup ends the session: the queue answers what waits, every Program
// call is cancelled, and every goroutine is waited for.
func (s *session) cleanup() {
	s.mainMu.Lock()
	s.over = true
	s.mainMu.Unlock()
	s.q.Close()
	s.cancel()
	s.wg.Wait()
}

// acceptChannels takes the provider's channels in the order they arrive,
// until the scope or the connection ends.
func (s *session) acceptChannels() {
	for {
		r, err := s.scope.AcceptChannel(s.ctx)
		if err != nil {
			return
		}
		s.channel(r)
	}
}

// channel takes one channel request. What orders messages (a Submit, a
// Dequeue) happens here, before the next channel is read; the answer is
// written by a goroutine of its own.
func (s *session) channel(r *frame.Responder) {
	id := "c" + strconv.FormatUint(uint64(r.Channel()), 10)
	payload := r.Request()
	_ = s.tap.Channel(id, payload)
	req, err := begin.DecodeChannelRequest(payload)
	if err != nil {
		s.goAnswer(r, id, nil)
		return
	}
	switch req := req.(type) {
	case *begin.Enqueue:
		s.enq.add()
		ticket, err := s.q.Submit(req.Request)
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer s.enq.done()
			var resp enqueue.Response
			if err != nil {
				resp = enqueue.Response{Outcome: enqueue.Error, Error: errBeginEnded}
			} else if resp, err = ticket.Wait(s.ctx); err != nil {
				s.answer(r, id, nil) // withdrawn as the session ended: not served
				return
			}
			s.answerEncoded(r, id, &resp)
		}()
	case *begin.Dequeue:
		resp := s.q.Dequeue(req.Request.Key)
		s.enq.add()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer s.enq.done()
			s.answerEncoded(r, id, &resp)
		}()
	case *begin.Secrets:
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.feed(r, id, req.Values)
		}()
	case *begin.Info:
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			out, err := call2(s.ctx, s.prog.Info)
			if err != nil {
				out = nil
			} else if out == nil {
				out = []byte{}
			}
			s.answer(r, id, out)
		}()
	case *begin.Postgres:
		pp, ok := s.prog.(PostgresProgram)
		if !ok {
			s.goAnswer(r, id, nil)
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			send := func(ctx context.Context, p []byte) error {
				if err := ctx.Err(); err != nil {
					return err
				}
				_ = s.tap.Channel(id, p)
				return r.Send(s.ctx, p)
			}
			_, _ = call2(s.ctx, func(ctx context.Context) (struct{}, error) {
				return struct{}{}, pp.Postgres(ctx, req.ConnID, send)
			})
			_ = s.tap.ChannelFinish(id)
			_ = r.Finish(s.ctx)
		}()
	default:
		s.goAnswer(r, id, nil)
	}
}

// encoder is an answer that encodes itself, tag first.
type encoder interface {
	Encode(dst []byte) ([]byte, error)
}

// answerEncoded writes a's payload and the finish; an answer that does not
// encode is not sent (the finish alone: not served).
func (s *session) answerEncoded(r *frame.Responder, id string, a encoder) {
	out, err := a.Encode(nil)
	if err != nil {
		out = nil
	}
	s.answer(r, id, out)
}

// answer records and writes payload (none when nil), then the finish.
func (s *session) answer(r *frame.Responder, id string, payload []byte) {
	if payload != nil {
		_ = s.tap.Channel(id, payload)
		_ = r.Send(s.ctx, payload)
	}
	_ = s.tap.ChannelFinish(id)
	_ = r.Finish(s.ctx)
}

// goAnswer answers in a goroutine of the session's.
func (s *session) goAnswer(r *frame.Responder, id string, payload []byte) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.answer(r, id, payload)
	}()
}

// feed serves a Secrets channel: the program takes the values, and the Fed
// answer is written before the gate opens, within the same Begun or
// Inactive the feed came in; otherwise the feed is answered Error.
func (s *session) feed(r *frame.Responder, id string, values secrets.Values) {
	s.mainMu.Lock()
	epoch := s.epoch
	names := s.namesMatch(values)
	s.mainMu.Unlock()
	if !names {
		s.answerEncoded(r, id, &secrets.FeedResponse{Outcome: secrets.Error, Error: errFeedNames})
		return
	}
	_, err := call2(s.ctx, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, s.prog.Feed(ctx, values)
	})
	if err != nil {
		s.answerEncoded(r, id, &secrets.FeedResponse{Outcome: secrets.Error, Error: scrub(refusal(err), values)})
		return
	}
	s.mainMu.Lock()
	if s.over || s.epoch != epoch {
		s.mainMu.Unlock()
		s.answerEncoded(r, id, &secrets.FeedResponse{Outcome: secrets.Error, Error: errStaleFeed})
		return
	}
	out, _ := (&secrets.FeedResponse{Outcome: secrets.Fed}).Encode(nil)
	_ = s.tap.Channel(id, out)
	_ = r.Send(s.ctx, out)
	s.q.Fed()
	s.mainMu.Unlock()
	_ = s.tap.ChannelFinish(id)
	_ = r.Finish(s.ctx)
}

// namesMatch reports whether values names exactly the declared secrets, in
// declared order. The caller holds mainMu.
func (s *session) namesMatch(values secrets.Values) bool {
	if values.Len() != s.decl.Len() {
		return false
	}
	next, stop := iterPull(s.decl)
	defer stop()
	for name := range values.All() {
		want, ok := next()
		if !ok || want != name {
			return false
		}
	}
	return true
}

// StartLoop is the queue's call to start a loop: Active and the messages'
// user parts are written, in that order, and the program's Run starts.
func (s *session) StartLoop(_ context.Context, ql *queue.Loop, msgs []enqueue.Request) ([]error, error) {
	s.mainMu.Lock()
	if s.over {
		s.mainMu.Unlock()
		return nil, errBeginEnded
	}
	if err := s.writeBufLocked(begin.AppendActive(s.mainBuf[:0])); err != nil {
		s.over = true
		s.mainMu.Unlock()
		return nil, errBeginEnded
	}
	if err := s.writeUserPartsLocked(msgs); err != nil {
		s.over = true
		s.mainMu.Unlock()
		return nil, errBeginEnded
	}
	l := &Loop{s: s, ql: ql, messages: msgs}
	s.loops[ql] = l
	s.wg.Add(1)
	s.mainMu.Unlock()
	go s.runLoop(l)
	return nil, nil
}

// Offer is the queue's call at a seam: the messages' user parts are written
// at this point of the loop, and Seam hands them to the program.
func (s *session) Offer(_ context.Context, ql *queue.Loop, msgs []enqueue.Request) []error {
	s.mainMu.Lock()
	defer s.mainMu.Unlock()
	l := s.loops[ql]
	if l == nil || l.ended || s.over {
		refused := make([]error, len(msgs))
		for i := range refused {
			refused[i] = errLoopGone
		}
		return refused
	}
	if err := s.writeUserPartsLocked(msgs); err != nil {
		s.over = true
	}
	l.taken = append(l.taken, msgs...)
	return nil
}

// writeUserPartsLocked writes every message's user parts.
func (s *session) writeUserPartsLocked(msgs []enqueue.Request) error {
	for _, m := range msgs {
		// Requests come off the wire, so every block is there; one that
		// is not (nil) would make chunk.UserParts fail, and show nothing.
		parts, _ := chunk.UserParts(m.Key, m.Content)
		for _, c := range parts {
			buf, err := begin.EncodeResponse(s.mainBuf[:0], &begin.Chunk{Chunk: c})
			if err != nil {
				continue // a block Rust could not hold: not shown
			}
			if err := s.writeBufLocked(buf); err != nil {
				return err
			}
		}
	}
	return nil
}

// runLoop runs one loop and ends it: the fatal notification if it failed,
// then the rotating secrets collected and the Inactive, or the Error that
// ends the begin.
func (s *session) runLoop(l *Loop) {
	defer s.wg.Done()
	_, runErr := call2(s.ctx, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, s.prog.Run(ctx, l)
	})
	var values secrets.Values
	var collectErr error
	if len(s.rotating) > 0 {
		values, collectErr = call2(s.ctx, s.prog.Collect)
	}
	s.mainMu.Lock()
	l.ended = true
	delete(s.loops, l.ql)
	if s.over {
		s.mainMu.Unlock()
		return
	}
	if runErr != nil && !l.fatal {
		var msg wire.Raw
		_ = msg.DecodeJSON([]byte(loopFailed))
		_ = s.sendMainLocked(&begin.Chunk{Chunk: &chunk.Notification{IsFatal: true, Message: msg}})
	}
	handed, missing := s.handBack(values, collectErr)
	if len(missing) > 0 {
		e := protoerr.New("secrets", "the program did not hand back the rotating secrets "+strings.Join(missing, ", "))
		_ = s.sendMainLocked((*begin.Error)(&e))
		s.over = true
		s.mainMu.Unlock()
		// Every message still waiting is answered before the finish
		// ends its channel.
		s.q.Close()
		s.enq.wait(s.ctx)
		s.mainMu.Lock()
		s.finishMainLocked()
		s.mainMu.Unlock()
		return
	}
	l.ql.End()
	if err := s.sendMainLocked(&begin.Inactive{Values: handed}); err != nil {
		s.over = true
	}
	s.epoch++
	s.mainMu.Unlock()
}

// handBack keeps exactly the names declared rotating, in declared order,
// and lists those missing (all of them after an error). The caller holds
// mainMu.
func (s *session) handBack(values secrets.Values, err error) (secrets.Values, []string) {
	out := secrets.NewValues()
	if err != nil {
		return out, s.rotating
	}
	var missing []string
	for _, name := range s.rotating {
		v, ok := values.Get(name)
		if !ok || v.IsZero() {
			missing = append(missing, name)
			continue
		}
		out.Set(name, v)
	}
	return out, missing
}
