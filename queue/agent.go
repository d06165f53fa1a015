package queue

import (
	"context"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
)

// Agent is the proxy's side of the queue: the program's loops, as the proxy
// drives them (a loop is one POST /run on the agent's server). The queue
// calls it to start a loop and to hand over what a seam took; the proxy
// reports seams and loop ends back on the Loop handle it is given. Its
// methods may be called from several goroutines at once (a loop may be
// starting while the previous one's last seam is still being offered).
// StartLoop must not call Close, which waits for it; every other method of
// the queue and its loops may be called from any Agent method (the queue
// holds no lock while it calls one). A panic in StartLoop is contained in
// the queue's goroutine; a panic in Offer answers what it was offered and
// goes on up the goroutine that called Seam (see the package doc, "Agent
// failures").
type Agent interface {
	// StartLoop asks the program to start a loop on msgs, one or more
	// messages in the order they were enqueued. It returns once the loop is
	// running (the proxy sends Active) or could not start.
	//
	// A non-nil err means no loop started: every message in msgs is answered
	// Error with err's words (see Refusal) and loop is dead. With a nil
	// err the loop is running, and the proxy must call loop.End once its
	// stream ends; it may call loop.Seam in between, even before StartLoop
	// has returned. refused[i], when present and non-nil, refuses msgs[i]
	// alone; every other message is Delivered as the loop's input. A nil or
	// short slice refuses nothing more.
	//
	// ctx is the queue's own: it is cancelled by Close and by nothing else.
	StartLoop(ctx context.Context, loop *Loop, msgs []enqueue.Request) (refused []error, err error)

	// Offer hands msgs, taken at a seam of loop (the one in flight), to the
	// program, in enqueue order. refused[i], when present and non-nil,
	// refuses msgs[i]; every other message is Delivered. A refused message
	// is not offered again. ctx is the one given to Loop.Seam.
	Offer(ctx context.Context, loop *Loop, msgs []enqueue.Request) (refused []error)
}
