package queue

import (
	"context"
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
)

// ErrWithdrawn says a Wait's ctx ended while the message still waited: it
// was taken out of the queue with no fate and never reaches the program.
// Finish its channel without an answer (the server reads: not served).
var ErrWithdrawn = errors.New("queue: the message was withdrawn unanswered when its waiter gave up")

// ErrInFlight says a Wait's ctx ended while the message was being handed to
// the program (in StartLoop or Offer). That cannot be undone: the message
// gets its fate from the program's verdict, but this Wait does not report
// it. A later Wait on the same ticket still can.
var ErrInFlight = errors.New("queue: the message was already being handed to the program")

// Ticket is one queued message's claim on its fate, from Submit. The zero
// Ticket holds no message: its Done is closed and its Wait returns
// ErrWithdrawn.
type Ticket struct {
	q *Queue
	m *message
}

// closedChan is the Done of a Ticket that holds no message.
var closedChan = func() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}()

// Done is closed once the message has its fate, or once a Wait withdrew it.
func (t *Ticket) Done() <-chan struct{} {
	if t == nil || t.m == nil {
		return closedChan
	}
	return t.m.done
}

// Wait blocks until the message's fate is known and returns it: the answer
// to encode on its enqueue channel. Nothing times out; only ctx ends the
// wait early. Then a message still waiting is withdrawn with no fate (it
// will never reach the program, and a dequeue no longer finds it) and Wait
// returns an error matching both ErrWithdrawn and ctx.Err(). A message
// already being handed to the program keeps its course, and Wait returns an
// error matching both ErrInFlight and ctx.Err(). A fate that is known wins
// over a ctx that is done. Wait may be called again, and by several
// goroutines; on a withdrawn message it returns ErrWithdrawn at once.
func (t *Ticket) Wait(ctx context.Context) (enqueue.Response, error) {
	if t == nil || t.m == nil || t.q == nil {
		return enqueue.Response{}, ErrWithdrawn
	}
	if ctx == nil {
		ctx = context.Background()
	}
	q, m := t.q, t.m
	for {
		select {
		case <-m.done:
		case <-ctx.Done():
		}
		// ctx's methods are the caller's code: never under the lock.
		cerr := ctx.Err()
		q.lock()
		var st msgState
		if cerr != nil {
			st = q.m.withdraw(m) // withdraws m if it still waits
		} else {
			st = m.state
		}
		resp := m.resp
		q.unlock()
		switch st {
		case settled:
			return resp, nil
		case withdrawn:
			return enqueue.Response{}, ErrWithdrawn
		case inFlight:
			if cerr != nil {
				return enqueue.Response{}, fmt.Errorf("%w: %w", ErrInFlight, cerr)
			}
		case queued:
			if cerr != nil { // withdrawn just now
				return enqueue.Response{}, fmt.Errorf("%w: %w", ErrWithdrawn, cerr)
			}
		}
		// Woken with neither a fate nor a done ctx: wait again.
	}
}
