package secrets

import (
	"github.com/diverge-network/diverge-sdk-go/answer"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
)

// Outcome is the outcome of a secrets feed (a Secrets channel): the
// answer's tag, or NotServed for a channel that finished with no answer. It
// is the only outcome in this package. The zero Outcome is unset, and an
// answer holding it does not encode.
type Outcome uint8

const (
	// Fed (tag 0): the program took the values. It opens the gate the
	// proxy holds deliveries behind, until the next Inactive.
	Fed Outcome = iota + 1
	// Error (tag 1): the program would not take them; its words are in
	// FeedResponse.Error. Deliveries stay held.
	Error
	// NotServed: the channel finished with no answer, so the feed was not
	// served, and deliveries stay held. It is not a wire tag: Encode
	// refuses it.
	NotServed
)

// String names the outcome in lowercase: "unset", "fed", "not served", ...
func (o Outcome) String() string {
	return codec.EnumName(o, []string{"unset", "fed", "error", "not served"})
}

// Opens reports whether the outcome opens the gate deliveries wait behind:
// only Fed does.
func (o Outcome) Opens() bool { return o == Fed }

// Family describes the secrets feed answer to package answer:
// its name in messages, and its error outcome.
func (Outcome) Family() answer.Family[Outcome] {
	return answer.Family[Outcome]{Frame: "secrets feed answer", Error: Error}
}

// FeedResponse is the one answer on a Secrets channel, then the finish: its
// Outcome is what became of the feed, and its Error, only beside the
// Outcome Error, the program's words. The zero FeedResponse has no Outcome
// and does not encode; answer.Response has the methods.
type FeedResponse = answer.Response[Outcome]

// FrameError is a secrets feed answer that could not be read; its Kind is one of
// answer's ErrorKind constants.
type FrameError = answer.FrameError[Outcome]
