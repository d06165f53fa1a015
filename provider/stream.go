package provider

import (
	"context"
	"sync"
)

// stream queues the payloads of one stream for its reader, without bound,
// so that the connection's reader never waits for a caller.
type stream struct {
	mu       sync.Mutex
	items    [][]byte
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
		if len(s.items) > 0 {
			p := s.items[0]
			s.items[0] = nil
			s.items = s.items[1:]
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
