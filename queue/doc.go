// Package queue is a ready-made message queue for a Go container proxy: the
// enqueue and dequeue semantics of revision 2.3.0 (seeds 001–003, PROTOCOL.md
// §5), so that a proxy writes only the transport and its agent loop.
//
// # Wiring
//
// The proxy implements Agent (start a loop on messages; offer messages at a
// seam) and tells the queue what happens on the begin's main stream:
//
//   - Begun(gated) when it sends Begun;
//   - Fed() when it answers a Secrets channel Fed;
//   - Submit or Enqueue for each Enqueue channel, writing the
//     enqueue.Response it gets with Encode;
//   - Dequeue for each Dequeue channel, writing the dequeue.Response;
//   - Loop.Seam at each seam of the agent's loop, Loop.End when the loop's
//     stream ends (its Inactive), and Close when the proxy ends.
//
// # What it guarantees
//
// With no loop running, an enqueued message starts one, together with every
// message waiting, in the order they were enqueued. With a loop running (or
// starting), the message waits for a seam of the agent's choosing: the queue
// never calls the agent for a loop in flight unless the agent asked, at a
// seam, so nothing interrupts the turn in flight. A seam takes everything
// waiting, in order.
//
// Every queued message gets exactly one fate, eventually: Delivered (a
// loop's input, or taken at a seam and not refused), Dequeued (withdrawn by
// a dequeue of its key while it waited), or Refused (the program refused it
// at a loop's start or at a seam, a loop it was to start did not start, or
// the queue closed while it waited). A refused message is not offered
// again. A loop that ends with messages waiting does not lose them: they
// start the next loop. Dequeue withdraws every message waiting under its key
// and answers whether there was one.
//
// All state changes under one mutex, and a message leaves the waiting list
// in one step — taken for a loop's start or a seam, withdrawn, or refused at
// Close — so a dequeue and a seam racing for one message never both have it:
// whichever comes first decides, and a message being handed to the program
// is no longer waiting.
//
// # The secrets gate
//
// Nothing is delivered before Begun. A program that declared a secret
// (Begun(true)) gets nothing after Begun, and nothing after each loop's
// End, until Fed; messages enqueued meanwhile wait, and the Fed that opens
// the gate starts a loop on them. A program that declared none is never
// gated. A Fed counts only after the latest Begun or End.
//
// # Refusals
//
// Agent.StartLoop refuses every message of a loop that did not start by
// returning an error, or single messages of a loop that did by their index;
// Agent.Offer refuses by index. The Refused answer carries the refusing
// error's words (see Refusal): a protoerr.Error keeps the container's own.
//
// # Cancellation, and the absence of timeouts
//
// Nothing in the queue times out. Wait (and Enqueue) end early only when
// the caller's ctx does: a message still waiting is then withdrawn with no
// fate and no answer (ErrWithdrawn — finish the channel without one, which
// tells the server the message was not served), while a message already
// being handed to the program keeps the program's verdict, unreported
// (ErrInFlight). Agent.StartLoop gets a ctx that only Close cancels;
// Agent.Offer gets Loop.Seam's. Close answers every waiting message
// Refused, and later Submits fail with ErrClosed.
//
// # Goroutines
//
// The queue runs a goroutine only while an Agent.StartLoop call is in
// flight (a loop's start must not block the caller that triggered it, which
// may be an End, a Fed or another channel's Enqueue). An idle queue runs
// none, and Close returns only once none runs. Offer runs in the goroutine
// that called Seam.
package queue
