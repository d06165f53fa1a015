// Package legacy holds the older /agent/enqueue endpoint, which revision
// 2.3.0 replaced with the begin channel's Enqueue (package enqueue).
//
// How it differs from 2.3.0:
//   - The request is {"prompt":…}, one plain string; 2.3.0 sends
//     {"key":…,"content":[…]}, MCP content blocks under a key a dequeue can
//     name.
//   - The answer has four tags: 0 Delivered, 1 Dequeued, 2 Missed (the run
//     ended, or none was running, before the message could be taken) and
//     3 an error, the provider's own failure to learn the fate. 2.3.0 has
//     no Missed: a message that a run leaves waiting starts the next run,
//     and its error (tag 2) is the container's refusal.
//
// As in 2.3.0 there is exactly one answer, whenever the fate is known, and
// nobody retries an enqueue whose connection broke.
package legacy
