// Package queue is a ready-made message queue for a Go container proxy: the
// enqueue and dequeue semantics of revision 2.3.0 of the container-proxy
// protocol, so that a proxy writes only the transport and its agent loop.
//
// # Wiring
//
// The proxy implements Agent (start a loop on messages; offer messages at a
// seam) and tells the queue what happens on the begin's main stream:
//
//   - Begun(decl) when it sends Begun, decl the secrets it declares;
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
// a dequeue of its key while it waited), or Error (the program refused it
// at a loop's start or at a seam, a loop it was to start did not start, the
// queue closed while it waited, or it had no content block). A refused message is not offered
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
// # Decisions, and what runs under the lock
//
// What the queue decides — which message gets which fate, when a loop
// starts and on what, what a seam takes, the gate — is a pure, synchronous
// state machine (unexported) that returns effects: answer this message,
// start this loop on these messages. The locking layer carries the effects
// out after releasing the mutex. Nothing foreign runs under the mutex: no
// Agent method, no Error, Unwrap or As of an error (Refusal runs outside
// it), no method of a caller's context, no callback of any kind. So an
// Agent, the errors it returns and the contexts a proxy waits with may all
// call back into the queue (Submit, Dequeue, Fed, Begun, Waiting, Seam,
// End, Wait); only Close, which waits for every StartLoop, must not be
// called from StartLoop or from an error StartLoop returns.
//
// The state machine is checked exhaustively (exhaustive_test.go): every
// sequence of operations on 3 messages over 2 keys — submits, dequeues,
// waiters giving up, Begun gated or not, Fed, Close, End and Seam on every
// loop, and every answer the agent can give a start or an offer (any subset
// refused, an error, a panic) — about 55,000 distinct states, unbounded and
// with WithMaxWaiting, in about 1.5 s each (5 s under -race), checking in
// every state exactly one fate per message, order, the gate, and that
// nothing waits with the gate open and no loop in flight. Seven planted bugs
// are each caught.
//
// # Agent failures
//
// A panic in Agent.StartLoop (or a runtime.Goexit, or a panic in a returned
// error's methods) happens in a goroutine the queue owns: it is recovered
// there, and never kills the process. The loop did not start: every
// message it was to start on is answered Error, {"kind":"proxy","error":
// "the container proxy's agent failed while starting a loop"} — never the
// panic's text,
// which may hold anything, secrets included — and the next message starts
// a loop of its own.
//
// A panic in Agent.Offer happens in the goroutine that called Loop.Seam, the
// proxy's own. The queue first answers every message that Offer was handed,
// Error, {"kind":"proxy","error":"the container proxy's agent failed while
// it was offered the message"}, and frees the loop for its next seam; then it lets the panic go
// on, unrecovered, up the caller's goroutine, so the proxy's own recovery
// (net/http's, say) or the crash sees it. Either way every affected message
// gets exactly one fate and the queue stays usable. Misbehaving return
// values stay harmless: a short verdict slice refuses nothing more, a long
// one is cut, calls on a nil, ended or failed Loop do nothing.
//
// # Costs and bounds
//
// The waiting messages are in an intrusive list, and in one per key
// indexed by key: Submit and a waiter's withdrawal are O(1), Dequeue costs
// what waits under its key, a loop's start or a seam what it takes. With
// 1k, 10k and 100k messages waiting, BenchmarkWaiting's mix of a dequeue
// in the middle, submits and a withdrawal costs about 3.6, 4.4 and 5.3 µs
// (flat but for cache misses). By default nothing bounds the number of
// waiting messages, as the protocol has it; WithMaxWaiting(n) does: a
// message submitted while n wait is answered at once, Error with
// {"kind":"queue_full",…}, never queued and never left without a
// fate. BenchmarkSoak runs sustained traffic (run it as long as you like
// with -benchtime) and reports heap in use and goroutines at its start and
// end, which stay flat.
//
// # The secrets gate
//
// Nothing is delivered before Begun. A program that declared a secret
// (Begun with a non-empty Declaration) gets nothing after Begun, and nothing after each loop's
// End, until Fed; messages enqueued meanwhile wait, and the Fed that opens
// the gate starts a loop on them. A program that declared none is never
// gated. A Fed counts only after the latest Begun or End.
//
// # Refusals
//
// Agent.StartLoop refuses every message of a loop that did not start by
// returning an error, or single messages of a loop that did by their index;
// Agent.Offer refuses by index. The Error answer carries the refusing
// error's words (see Refusal): a protoerr.Error is kept as it is, any JSON
// the container wrote; any other error becomes {"kind":"program","error":
// its text}. The queue's own refusals are in the container proxy's
// convention too, each with a kind the errors package lists: "no_content"
// (the message had no content block: refused at Submit, before any Agent
// sees it, as the protocol has the container refuse it), "queue_full",
// "closed", and "proxy" (it has no agent, or the proxy's agent failed).
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
// Error ({"kind":"closed",…}), and later Submits fail with ErrClosed.
//
// # Goroutines
//
// The queue runs a goroutine only while an Agent.StartLoop call is in
// flight (a loop's start must not block the caller that triggered it, which
// may be an End, a Fed or another channel's Enqueue). An idle queue runs
// none, and Close returns only once none runs (and every message handed to
// it has its fate). Offer runs in the goroutine that called Seam.
package queue
