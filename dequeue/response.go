package dequeue

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Outcome is what a dequeue found: the answer frame's tag.
type Outcome uint8

const (
	Withdrawn Outcome = 0 // something waited under the key and was withdrawn
	Empty     Outcome = 1 // nothing waited under the key
	// Failed (tag 2, the Rust Error variant): the dequeue could not be
	// carried out; the peer's words are in Response.Error.
	Failed Outcome = 2
)

// String names the fate in lowercase.
func (o Outcome) String() string {
	return wire.VariantName(o, []string{"withdrawn", "empty", "failed"})
}

// Response is the one answer on a dequeue channel. Its zero value is
// Withdrawn.
type Response struct {
	Outcome Outcome
	Error   protoerr.Error // set only when Outcome is Failed
}

// Decode reads one answer payload; bytes after a bare tag are ignored. A
// failure is a *FrameError.
func (r *Response) Decode(src []byte) error {
	tag, body, err := wire.SplitAnswer[Variant](src, byte(Failed))
	if err != nil {
		return err
	}
	if tag != byte(Failed) {
		*r = Response{Outcome: Outcome(tag)}
		return nil
	}
	var e protoerr.Error
	if err := e.Decode(body); err != nil {
		return wire.BodyError(VariantBody, tag, err)
	}
	*r = Response{Outcome: Failed, Error: e}
	return nil
}

// Encode appends the answer payload to dst. It fails, leaving dst as it was,
// with a *wire.EncodeError: for a nil r (wire.ErrNil), an Outcome with no tag
// (wire.ErrUnknownValue, Member "outcome") and a Failed whose message is not
// valid UTF-8 (Member "message").
func (r *Response) Encode(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	switch r.Outcome {
	case Withdrawn, Empty:
		return append(dst, byte(r.Outcome)), nil
	case Failed:
		out, err := r.Error.Encode(append(dst, byte(Failed)))
		if err != nil {
			return dst, err
		}
		return out, nil
	}
	return dst, &wire.EncodeError{Member: "outcome", Err: wire.ErrUnknownValue}
}

// Variant is one way a dequeue answer fails to decode.
type Variant uint8

const (
	VariantEmpty      Variant = wire.VariantEmpty      // no bytes, not even a tag
	VariantUnknownTag Variant = wire.VariantUnknownTag // a tag above 2
	VariantBody       Variant = 2                      // the error after tag 2 did not parse
)

// String is the snake_case name, as the wire and the tools print it.
func (v Variant) String() string {
	return wire.VariantName(v, []string{"empty", "unknown_tag", "body"})
}

// Frame names the frame in messages.
func (Variant) Frame() string { return "dequeue answer" }

// FrameError is a dequeue answer that could not be read.
type FrameError = wire.FrameError[Variant]
