// Package enqueue holds the enqueue exchange of revision 2.3.0: the request a
// server sends on a begin's Enqueue channel (a key and MCP content blocks)
// and the one answer that comes back, the message's fate.
//
// With no loop running, an enqueued message starts one; with one running, it
// waits until the agent takes it at a seam of its own choosing. Nothing is
// interrupted and nothing times out: the answer arrives when the fate is
// known, however long that takes, and then the channel finishes. A finish
// with no answer before it means the message was not served: the Outcome
// NotServed, which no answer carries.
//
// The older /agent/enqueue endpoint is in the sub-package legacy.
package enqueue
