package queue

import "github.com/diverge-network/diverge-sdk-go/enqueue"

// msgState is where a message is on its way to its fate.
type msgState uint8

const (
	queued    msgState = iota // waiting: a dequeue may withdraw it
	inFlight                  // being handed to the program, by StartLoop or Offer
	settled                   // has its fate
	withdrawn                 // its waiter gave up while it waited; it has no fate
)

// message is one enqueued message and its fate. Every field but req and
// done is guarded by the queue's mutex; resp is written before done is
// closed and read only after, or under the mutex. While it waits, a message
// is in two intrusive lists: every waiting message in enqueue order
// (prev/next), and those of its key (kprev/knext), so that a withdrawal is
// O(1) and a dequeue costs what waits under its key.
type message struct {
	seq   uint64 // enqueue order
	req   enqueue.Request
	state msgState
	resp  enqueue.Response
	done  chan struct{}

	prev, next   *message
	kprev, knext *message
}
