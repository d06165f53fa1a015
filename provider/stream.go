package provider

import (
	"context"
	"sync"
)

// stream queues the payloads of one stream for its reader. Past limit
// bytes unread the connection's reader waits (waitRoom) until the caller
// reads, so that a caller that falls behind slows the proxy (the socket's
// backpressure) instead of growing memory.
type stream struct {
	mu       sync.Mutex
	items    [][]byte // items[head:] are queued
	head     int
	answered bool  // a payload came
	end      error // set once: ErrFinished, ErrNotServed or the connection's end
	notify   chan struct{}

	limit  int           // bytes unread past which the reader waits; 0: none
	unread int           // the queued payloads' cost
	room   chan struct{} // signalled when a read or the end makes room
}

func newStream(limit int) *stream {
	return &stream{notify: make(chan struct{}, 1), limit: limit, room: make(chan struct{}, 1)}
}

// cost is what a queued payload counts against the limit: its bytes and
// its slot, so that empty payloads count too.
func cost(p []byte) int { return len(p) + 64 }

func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

func (s *stream) wake() { signal(s.notify) }

// push queues a payload, and reports whether the stream is past its limit
// (the reader is then to waitRoom before it reads on).
func (s *stream) push(p []byte) (full bool) {
	s.mu.Lock()
	if s.end == nil {
		if s.head > 0 && s.head >= len(s.items)/2 {
			// Slide the queue to the front rather than let append
			// grow an array that is mostly read.
			n := copy(s.items, s.items[s.head:])
			clear(s.items[n:])
			s.items, s.head = s.items[:n], 0
		}
		s.items = append(s.items, p)
		s.answered = true
		s.unread += cost(p)
	}
	full = s.full()
	s.mu.Unlock()
	s.wake()
	return full
}

// full is whether the reader is to wait; the caller holds s.mu.
func (s *stream) full() bool { return s.limit > 0 && s.unread > s.limit && s.end == nil }

// waitRoom waits until the stream is no longer full: a read made room, or
// the stream ended. It returns early once quit closes.
func (s *stream) waitRoom(quit <-chan struct{}) {
	for {
		s.mu.Lock()
		full := s.full()
		s.mu.Unlock()
		if !full {
			return
		}
		select {
		case <-s.room:
		case <-quit:
			return
		}
	}
}

// finish is the responder's finish.
func (s *stream) finish() {
	s.stop(func() {
		s.end = ErrFinished
		if !s.answered {
			s.end = ErrNotServed
		}
	})
}

// abandon drops what is queued and what is still to come: the caller will
// not read the stream again, so it never holds the reader up.
func (s *stream) abandon() {
	s.stop(func() { s.end = ErrAbandoned })
	s.mu.Lock()
	clear(s.items)
	s.items, s.head, s.unread = s.items[:0], 0, 0
	s.mu.Unlock()
}

// fail ends the stream with err, unless it ended already.
func (s *stream) fail(err error) { s.stop(func() { s.end = err }) }

// stop ends the stream with what end sets, unless it ended already, and
// wakes its reader and the connection's reader, which may wait on it.
func (s *stream) stop(end func()) {
	s.mu.Lock()
	if s.end == nil {
		end()
	}
	s.mu.Unlock()
	s.wake()
	signal(s.room)
}

// recv returns the next payload, or the stream's end once every payload
// was read.
func (s *stream) recv(ctx context.Context) ([]byte, error) {
	for {
		s.mu.Lock()
		if s.head < len(s.items) {
			p := s.items[s.head]
			s.items[s.head] = nil
			s.head++
			s.unread -= cost(p)
			if s.limit > 0 && s.unread <= s.limit {
				signal(s.room)
			}
			if s.head == len(s.items) {
				// Read to the end: the array is reused from its front,
				// so a stream read as it comes queues without allocating.
				s.items, s.head = s.items[:0], 0
			}
			s.mu.Unlock()
			return p, nil
		}
		end := s.end
		s.mu.Unlock()
		if end != nil {
			s.wake() // for another reader
			return nil, end
		}
		select {
		case <-s.notify:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}
