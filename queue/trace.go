package queue

import "github.com/diverge-network/diverge-sdk-go/enqueue"

// event is one transition of the queue, reported to a test's trace under
// the mutex, in the order the transitions happened.
type event struct {
	kind eventKind
	seq  uint64
	key  string
	req  enqueue.Request
	loop *Loop
	seqs []uint64
	fate enqueue.Outcome
	flag bool
}

type eventKind uint8

const (
	evEnqueue     eventKind = iota // seq, key, req queued
	evStart                        // loop starts on seqs (all that waited)
	evStartFailed                  // loop's StartLoop failed (its fates follow before)
	evSeam                         // loop took seqs (all that waited) at a seam
	evEnd                          // loop ended
	evDequeue                      // key withdrew seqs (their fates follow)
	evWithdraw                     // seq withdrawn by its waiter, no fate
	evFate                         // seq's fate
	evBegun                        // flag: gated
	evFed                          // the gate opened
	evClose                        // closed (the waiting's fates follow)
	evUnlock                       // the end of one critical section
	evFull                         // seq, key, req refused at once: the queue is full
	evNoContent                    // seq, key, req refused at once: no content block
)
