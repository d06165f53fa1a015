package legacy

import (
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Fate is what became of the message: the answer frame's tag.
type Fate uint8

const (
	Delivered Fate = 0 // the loop took the message
	Dequeued  Fate = 1 // the message was withdrawn before delivery
	// Missed (tag 2): no loop ran, or the run ended, before the message
	// could be taken. Nothing failed; a caller who still wants it heard
	// sends it as the next loop's prompt.
	Missed Fate = 2
	// Failed (tag 3, the Rust Error variant): the fate could not be
	// determined; the provider's own words are in Response.Error.
	Failed Fate = 3
)

// String names the fate in lowercase.
func (f Fate) String() string {
	return wire.VariantName(f, []string{"delivered", "dequeued", "missed", "failed"})
}

// Response is the one answer of /agent/enqueue. Its zero value is Delivered.
type Response struct {
	Fate  Fate
	Error protoerr.Error // set only when Fate is Failed
}

// Decode reads one answer payload; bytes after a bare tag are ignored. A
// failure is a *FrameError.
func (r *Response) Decode(src []byte) error {
	tag, body, err := wire.SplitAnswer[Variant](src, byte(Failed))
	if err != nil {
		return err
	}
	if tag != byte(Failed) {
		*r = Response{Fate: Fate(tag)}
		return nil
	}
	var e protoerr.Error
	if err := e.Decode(body); err != nil {
		return wire.BodyError(VariantBody, tag, err)
	}
	*r = Response{Fate: Failed, Error: e}
	return nil
}

// Encode appends the answer payload to dst. It fails, leaving dst as it was,
// with a *wire.EncodeError: for a nil r (wire.ErrNil), a Fate with no tag
// (wire.ErrUnknownValue, Member "fate") and a Failed whose message is not
// valid UTF-8 (Member "message").
func (r *Response) Encode(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	switch r.Fate {
	case Delivered, Dequeued, Missed:
		return append(dst, byte(r.Fate)), nil
	case Failed:
		out, err := r.Error.Encode(append(dst, byte(Failed)))
		if err != nil {
			return dst, err
		}
		return out, nil
	}
	return dst, &wire.EncodeError{Member: "fate", Err: wire.ErrUnknownValue}
}

// Variant is one way a legacy enqueue answer fails to decode.
type Variant uint8

const (
	VariantEmpty      Variant = wire.VariantEmpty      // no bytes, not even a tag
	VariantUnknownTag Variant = wire.VariantUnknownTag // a tag above 3
	VariantBody       Variant = 2                      // the error after tag 3 did not parse
)

// String is the snake_case name, as the wire and the tools print it.
func (v Variant) String() string {
	return wire.VariantName(v, []string{"empty", "unknown_tag", "body"})
}

// Frame names the frame in messages.
func (Variant) Frame() string { return "legacy enqueue answer" }

// FrameError is a legacy enqueue answer that could not be read.
type FrameError = wire.FrameError[Variant]
