package secrets

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// FeedResult is what a Secrets channel came to, in the terms a caller acts
// on: what its one answer said, or, for a channel that finished with no
// answer, that the feed was not served. Build it with SettleFeed. (It is not
// called FeedOutcome because FeedOutcome is the answer's tag.)
type FeedResult struct {
	Kind  FeedResultKind
	Error protoerr.Error // the program's words; set only for FeedResultRefused
}

// FeedResultKind says which result.
type FeedResultKind uint8

const (
	// FeedResultUnknown is the zero FeedResult: nothing settled. SettleFeed
	// gives it only for a FeedOutcome that no decoder returns.
	FeedResultUnknown FeedResultKind = iota
	// FeedResultFed: the program took the values. Deliveries may pass until
	// the next Inactive.
	FeedResultFed
	// FeedResultRefused: the program would not take them; Error holds its
	// words. Deliveries stay held.
	FeedResultRefused
	// FeedResultNotServed: the channel finished with no answer, so the feed
	// was not served. Deliveries stay held.
	FeedResultNotServed
)

// String names the kind in lowercase: "fed", "not served", ...
func (k FeedResultKind) String() string {
	return wire.VariantName(k, []string{"unknown", "fed", "refused", "not served"})
}

// Opens reports whether the result opens the gate deliveries wait behind:
// only a Fed does.
func (r FeedResult) Opens() bool { return r.Kind == FeedResultFed }

// SettleFeed turns what arrived on a Secrets channel into its result.
// answer is the channel's one answer, or nil for a channel that finished
// with no answer.
func SettleFeed(answer *FeedResponse) FeedResult {
	if answer == nil {
		return FeedResult{Kind: FeedResultNotServed}
	}
	switch answer.Outcome {
	case Fed:
		return FeedResult{Kind: FeedResultFed}
	case Refused:
		return FeedResult{Kind: FeedResultRefused, Error: answer.Error}
	}
	return FeedResult{}
}
