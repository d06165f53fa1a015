// Package dequeue holds the dequeue exchange of revision 2.3.0: the request a
// server sends on a begin's Dequeue channel to withdraw every message still
// waiting under a key, and the one answer saying whether anything waited.
// Each message it withdraws is also answered Dequeued on its own enqueue
// channel.
//
// The protocol's text says only that the request is JSON carrying the key;
// these shapes are the crates' own. The request is {"key":…}; the answer is
// tag 0 Dequeued, 1 Empty or 2 Error (an errors.Error, any JSON value).
package dequeue
