package queue

import "context"

// loopPhase is where a loop is in its life. Guarded by the queue's mutex.
type loopPhase uint8

const (
	starting loopPhase = iota // StartLoop has not returned
	running                   // StartLoop returned nil
	ended                     // End was called
	failed                    // StartLoop returned an error
)

// Loop is the queue's handle on one loop of the program, given to
// Agent.StartLoop. The proxy calls Seam at each of the agent's seams and End
// when the loop's stream ends. Methods on a loop that failed to start, or
// has ended, do nothing.
type Loop struct {
	q       *Queue
	phase   loopPhase
	seaming bool // an Offer for this loop is in flight
}

// Seam is the agent at a seam of this loop: every message waiting is taken,
// in enqueue order, and handed to the program by Agent.Offer (with ctx), in
// the calling goroutine and with no lock held; each is then Delivered, or
// answered Error if Offer refused it. It returns how many messages were offered.
// Nothing is taken while the gate is closed, or while another Seam of this
// loop is offering: seams of one loop are one at a time, so the program
// gets its messages in order. Seam may be called once StartLoop has the
// handle, before it returns.
//
// If Offer panics (or exits its goroutine), every message it was offered is
// answered Error with words saying the proxy's agent failed (never the
// panic's text), the loop stays usable for its next seam, and the panic goes on up
// the caller's goroutine: Seam does not swallow it, so the proxy's own
// recovery (or the crash) sees it, with the offered messages already
// answered.
func (l *Loop) Seam(ctx context.Context) int {
	if l == nil || l.q == nil {
		return 0
	}
	if ctx == nil {
		ctx = context.Background()
	}
	q := l.q
	q.lock()
	batch := q.m.seam(l)
	q.unlock()
	if len(batch) == 0 {
		return 0
	}

	returned := false
	defer func() {
		if !returned { // Offer panicked: answer, and let the panic go on
			q.lock()
			q.m.seamDone(l, batch, allRefused(len(batch), offerFailedWords))
			q.unlock()
		}
	}()
	var vs []verdict
	if q.agent != nil {
		vs = verdictsOf(q.agent.Offer(ctx, l, requests(batch)), len(batch))
	} else {
		vs = allRefused(len(batch), noAgentWords)
	}
	returned = true

	q.lock()
	q.m.seamDone(l, batch, vs)
	q.unlock()
	return len(batch)
}

// End is the loop's end: its stream ended, however it ended, and the proxy
// is about to send Inactive. Call it before the Inactive frame is written,
// holding whatever orders the begin's main stream, so that the next loop's
// Active (which StartLoop writes) cannot overtake the Inactive and a Fed
// answered after the Inactive is never undone by it. If the program
// declared a secret, the gate closes until the next Fed; if messages wait
// and the gate is open, they start the next loop. Later calls do nothing.
// A proxy whose loop ends in an Error and the finish calls Close instead.
func (l *Loop) End() {
	if l == nil || l.q == nil {
		return
	}
	q := l.q
	q.lock()
	q.m.end(l)
	q.unlock()
}

// errNoAgent is StartLoop's error when there is no agent: Refusal keeps
// its words as they are.
var errNoAgent error = noAgentWords
