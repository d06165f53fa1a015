package provider

import (
	"context"
	"sync"
)

// stream queues the payloads of one stream for its reader, without bound,
// so that the connection's reader never waits for a caller.
type stream struct {
	mu       sync.Mutex
	items    [][]byte // items[head:] are queued
	head     int
	answered bool  // a payload came
	end      error // set once: ErrFinished, ErrNotServed or the connection's end
	notify   chan struct{}
}

func newStream() *stream { return &stream{notify: make(chan struct{}, 1)} }

func (s *stream) wake() {
	select {
	case s.notify <- struct{}{}:
	default:
	}
}

// push queues a payload.
func (s *stream) push(p []byte) {
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
	}
	s.mu.Unlock()
	s.wake()
}

// finish is the responder's finish.
func (s *stream) finish() {
	s.mu.Lock()
	if s.end == nil {
		s.end = ErrFinished
		if !s.answered {
			s.end = ErrNotServed
		}
	}
	s.mu.Unlock()
	s.wake()
}

// fail ends the stream with err, unless it ended already.
func (s *stream) fail(err error) {
	s.mu.Lock()
	if s.end == nil {
		s.end = err
	}
	s.mu.Unlock()
	s.wake()
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
