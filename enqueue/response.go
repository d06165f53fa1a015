package enqueue

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Fate is what became of an enqueued message: the answer frame's tag.
type Fate uint8

const (
	// Delivered (tag 0): the agent took the message into the conversation,
	// as a loop's input or at a seam of the loop in flight. Where it landed
	// shows in the begin's main stream.
	Delivered Fate = 0
	// Dequeued (tag 1): a dequeue of the message's key withdrew it before
	// the agent took it.
	Dequeued Fate = 1
	// Refused (tag 2, the Rust Error variant): the container would not take
	// the message's content, at a loop's start or at delivery into the loop
	// in flight, or no loop could start on it. The one way a message is
	// lost; the container's words are in Response.Error, and the message is
	// not offered again.
	Refused Fate = 2
)

// String names the fate in lowercase.
func (f Fate) String() string {
	return wire.VariantName(f, []string{"delivered", "dequeued", "refused"})
}

// Response is the one answer on an enqueue channel, then the finish. Its
// zero value is Delivered.
type Response struct {
	Fate  Fate
	Error protoerr.Error // the container's words; set only when Fate is Refused
}

// Decode reads one answer payload. Bytes after a bare tag are ignored, as
// the reference ignores them. A failure is a *FrameError.
func (r *Response) Decode(src []byte) error {
	tag, body, err := wire.SplitAnswer[Variant](src, byte(Refused))
	if err != nil {
		return err
	}
	if tag != byte(Refused) {
		*r = Response{Fate: Fate(tag)}
		return nil
	}
	var e protoerr.Error
	if err := e.Decode(body); err != nil {
		return wire.BodyError(VariantBody, tag, err)
	}
	*r = Response{Fate: Refused, Error: e}
	return nil
}

// Encode appends the answer payload to dst: the tag, and for Refused the
// error's JSON. It fails, leaving dst as it was, with a *wire.EncodeError: for
// a nil r (wire.ErrNil), a Fate with no tag (wire.ErrUnknownValue, Member
// "fate") and a Refused whose message is not valid UTF-8 (Member "message").
func (r *Response) Encode(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	switch r.Fate {
	case Delivered, Dequeued:
		return append(dst, byte(r.Fate)), nil
	case Refused:
		out, err := r.Error.Encode(append(dst, byte(Refused)))
		if err != nil {
			return dst, err
		}
		return out, nil
	}
	return dst, &wire.EncodeError{Member: "fate", Err: wire.ErrUnknownValue}
}

// Variant is one way an enqueue answer fails to decode, one per variant of
// the Rust FrameError.
type Variant uint8

const (
	VariantEmpty      Variant = wire.VariantEmpty      // no bytes, not even a tag
	VariantUnknownTag Variant = wire.VariantUnknownTag // a tag this revision does not know
	VariantBody       Variant = 2                      // the error after tag 2 did not parse
)

// String is the snake_case name, as the wire and the tools print it.
func (v Variant) String() string {
	return wire.VariantName(v, []string{"empty", "unknown_tag", "body"})
}

// Frame names the frame in messages.
func (Variant) Frame() string { return "enqueue answer" }

// FrameError is an enqueue answer that could not be read; see
// wire.FrameError. Its Err is wire.ErrEmpty, a *wire.UnknownTagError or a
// *wire.JSONError.
type FrameError = wire.FrameError[Variant]
