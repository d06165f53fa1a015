package dequeue

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Result is what a Dequeue channel came to, in the terms a caller acts on:
// what its one answer said, or, for a channel that finished with no answer,
// that the dequeue was not served. Build it with Settle. (It is not called
// Outcome because Outcome is the answer's tag.)
type Result struct {
	Kind  ResultKind
	Error protoerr.Error // the peer's words; set only for ResultFailed
}

// ResultKind says which result.
type ResultKind uint8

const (
	// ResultUnknown is the zero Result: nothing settled. Settle gives it
	// only for an Outcome that no decoder returns.
	ResultUnknown ResultKind = iota
	// ResultWithdrawn: something waited under the key and was withdrawn;
	// each withdrawn message is also answered Dequeued on its own channel.
	ResultWithdrawn
	// ResultEmpty: nothing waited under the key.
	ResultEmpty
	// ResultFailed: the dequeue could not be carried out; Error holds the
	// peer's words.
	ResultFailed
	// ResultNotServed: the channel finished with no answer, so the server
	// did not serve the dequeue, and whatever waited under the key still
	// waits.
	ResultNotServed
)

// String names the kind in lowercase: "withdrawn", "not served", ...
func (k ResultKind) String() string {
	return wire.VariantName(k, []string{"unknown", "withdrawn", "empty", "failed", "not served"})
}

// Settle turns what arrived on a Dequeue channel into its result. answer is
// the channel's one answer, or nil for a channel that finished with no
// answer.
func Settle(answer *Response) Result {
	if answer == nil {
		return Result{Kind: ResultNotServed}
	}
	switch answer.Outcome {
	case Withdrawn:
		return Result{Kind: ResultWithdrawn}
	case Empty:
		return Result{Kind: ResultEmpty}
	case Failed:
		return Result{Kind: ResultFailed, Error: answer.Error}
	}
	return Result{}
}
