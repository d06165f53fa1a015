package secrets

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// FeedOutcome is how the proxy answered a Secrets channel: the answer
// frame's tag.
type FeedOutcome uint8

const (
	// Fed (tag 0): the program took the values. It opens the gate the proxy
	// holds deliveries behind, until the next Inactive.
	Fed FeedOutcome = 0
	// Refused (tag 1, the Rust Error variant): the program would not take
	// them; its words are in FeedResponse.Error.
	Refused FeedOutcome = 1
)

// String names the fate in lowercase.
func (o FeedOutcome) String() string {
	return wire.VariantName(o, []string{"fed", "refused"})
}

// FeedResponse is the one answer on a Secrets channel. Its zero value is
// Fed. The frame is inferred: the seeds name Fed and the program's refusal
// but not their bytes.
type FeedResponse struct {
	Outcome FeedOutcome
	Error   protoerr.Error // the program's words; set only when Outcome is Refused
}

// Decode reads one answer payload; bytes after a bare tag are ignored. A
// failure is a *FeedError.
func (r *FeedResponse) Decode(src []byte) error {
	tag, body, err := wire.SplitAnswer[FeedVariant](src, byte(Refused))
	if err != nil {
		return err
	}
	if tag != byte(Refused) {
		*r = FeedResponse{Outcome: FeedOutcome(tag)}
		return nil
	}
	var e protoerr.Error
	if err := e.Decode(body); err != nil {
		return wire.BodyError(FeedVariantBody, tag, err)
	}
	*r = FeedResponse{Outcome: Refused, Error: e}
	return nil
}

// Encode appends the answer payload to dst. It fails, leaving dst as it
// was, with a *wire.EncodeError: for a nil r (wire.ErrNil), an Outcome with
// no tag (wire.ErrUnknownValue, Member "outcome") and a Refused whose message
// is not valid UTF-8 (Member "message").
func (r *FeedResponse) Encode(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	switch r.Outcome {
	case Fed:
		return append(dst, byte(Fed)), nil
	case Refused:
		out, err := r.Error.Encode(append(dst, byte(Refused)))
		if err != nil {
			return dst, err
		}
		return out, nil
	}
	return dst, &wire.EncodeError{Member: "outcome", Err: wire.ErrUnknownValue}
}

// FeedVariant is one way a feed answer fails to decode.
type FeedVariant uint8

const (
	FeedVariantEmpty      FeedVariant = wire.VariantEmpty      // no bytes, not even a tag
	FeedVariantUnknownTag FeedVariant = wire.VariantUnknownTag // a tag above 1
	FeedVariantBody       FeedVariant = 2                      // the error after tag 1 did not parse
)

// String is the snake_case name, as the wire and the tools print it.
func (v FeedVariant) String() string {
	return wire.VariantName(v, []string{"empty", "unknown_tag", "body"})
}

// Frame names the frame in messages.
func (FeedVariant) Frame() string { return "secrets feed answer" }

// FeedError is a feed answer that could not be read.
type FeedError = wire.FrameError[FeedVariant]
