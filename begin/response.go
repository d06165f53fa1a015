package begin

import (
	"github.com/diverge-network/diverge-sdk-go/chunk"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// The response tags. TagChunk, TagActive and TagInactive are what a relay
// frames pre-encoded bodies with (AppendChunk, AppendActive, AppendInactive).
const (
	TagBegun    byte = 0
	TagError    byte = 1
	TagChunk    byte = 2
	TagActive   byte = 3
	TagInactive byte = 4
)

// Response is one payload of a begin's main stream: Begun, Error, Chunk,
// Active or Inactive.
type Response interface {
	// Tag is the variant's tag byte.
	Tag() byte
	// Encode appends the payload, tag first, to dst.
	Encode(dst []byte) ([]byte, error)
	isResponse()
}

// Begun says the container holds its arguments and what its program
// declared (tag 0). It comes once, first; channels open only after it.
type Begun Registered

// Error is a failure (tag 1), and the end of the stream: a second begin on
// the connection, arguments the container refused (in its own words), or,
// after Begun, rotating secrets the program would not hand back (named,
// never valued). It is an errors.Error, any JSON value; convert it,
// protoerr.Error(*e), for the kind, the words and a Go error. The zero Error
// holds no value and does not encode.
type Error protoerr.Error

// Chunk is one chunk of the agent's conversation (tag 2), only inside a
// loop: one of the fourteen kinds of package chunk, which a reader tells
// apart by the Go type of its Chunk (*chunk.Usage, *chunk.ToolResponse, …).
// Decoding normalizes it as the Rust SDK does (unknown and null members
// dropped, members in declaration order); a relay that must pass an agent's
// bytes on as they came frames them with AppendChunk instead. The zero Chunk
// holds none, and encoding it fails with wire.ErrNoValue.
type Chunk struct {
	Chunk chunk.Chunk
}

// Active says a loop began (tag 3, and nothing after it): the agent's
// server answered the loop's POST /run with 2xx.
type Active struct{}

// Inactive says the loop ended (tag 4) and carries what the program handed
// back: every secret it declared rotating, to the value it leaves in it (an
// empty Values when none was declared rotating).
type Inactive struct {
	Values secrets.Values
}

func (*Begun) isResponse()    {}
func (*Error) isResponse()    {}
func (*Chunk) isResponse()    {}
func (*Active) isResponse()   {}
func (*Inactive) isResponse() {}

// Tag is 0.
func (*Begun) Tag() byte { return TagBegun }

// Tag is 1.
func (*Error) Tag() byte { return TagError }

// Tag is 2.
func (*Chunk) Tag() byte { return TagChunk }

// Tag is 3.
func (*Active) Tag() byte { return TagActive }

// Tag is 4.
func (*Inactive) Tag() byte { return TagInactive }

// Encode appends tag 0 and the registration's JSON. It fails, leaving dst
// as it was, with a *wire.EncodeError for a nil b (wire.ErrNil) and as
// Registered.EncodeJSON does.
func (b *Begun) Encode(dst []byte) ([]byte, error) {
	if b == nil {
		return dst, nilFrame()
	}
	return encodeAfter(dst, TagBegun, (*Registered)(b).EncodeJSON)
}

// Encode appends tag 1 and the error's JSON. It fails, leaving dst as it
// was, with a *wire.EncodeError for a nil e (wire.ErrNil) and for an Error
// that holds no value (wire.ErrNoValue).
func (e *Error) Encode(dst []byte) ([]byte, error) {
	if e == nil {
		return dst, nilFrame()
	}
	return encodeAfter(dst, TagError, (*protoerr.Error)(e).EncodeJSON)
}

// Encode appends tag 2 and the chunk's JSON. It fails, leaving dst as it
// was, with a *wire.EncodeError for a nil c (wire.ErrNil), for the zero
// Chunk (wire.ErrNoValue) and as chunk.EncodeJSON does.
func (c *Chunk) Encode(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilFrame()
	}
	if c.Chunk == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNoValue}
	}
	return encodeAfter(dst, TagChunk, c.Chunk.EncodeJSON)
}

// Encode appends the one byte 3. It fails, leaving dst as it was, with a
// *wire.EncodeError for a nil a (wire.ErrNil).
func (a *Active) Encode(dst []byte) ([]byte, error) {
	if a == nil {
		return dst, nilFrame()
	}
	return AppendActive(dst), nil
}

// Encode appends tag 4 and the values' JSON. It fails, leaving dst as it
// was, with a *wire.EncodeError for a nil i (wire.ErrNil) and as
// secrets.Values.EncodeJSON does (a name that is not UTF-8, a zero value).
func (i *Inactive) Encode(dst []byte) ([]byte, error) {
	if i == nil {
		return dst, nilFrame()
	}
	return encodeAfter(dst, TagInactive, i.Values.EncodeJSON)
}

// EncodeResponse appends r's payload to dst, as r.Encode does, but picks
// the variant with a type switch: a proxy writing a stream of frames pays no
// dynamic call, and Active and Chunk, the frames it writes most, inline. A
// nil r, or a nil pointer of any variant, is a *wire.EncodeError with
// wire.ErrNil, never a panic.
func EncodeResponse(dst []byte, r Response) ([]byte, error) {
	// Active, the most frequent frame, by one comparison before the switch.
	if a, _ := r.(*Active); a != nil {
		if out, ok := codec.PutTag(dst, TagActive); ok {
			return out, nil
		}
	}
	return encodeResponse(dst, r)
}

// encodeResponse is EncodeResponse past its Active fast path.
func encodeResponse(dst []byte, r Response) ([]byte, error) {
	switch v := r.(type) {
	case *Active:
		return v.Encode(dst)
	case *Chunk:
		return v.Encode(dst)
	case *Inactive:
		return v.Encode(dst)
	case *Begun:
		return v.Encode(dst)
	case *Error:
		return v.Encode(dst)
	case nil:
		return dst, nilFrame()
	}
	return r.Encode(dst)
}

// nilFrame is the encode error for a nil frame.
func nilFrame() error { return &wire.EncodeError{Err: wire.ErrNil} }

// AppendChunk frames a chunk's JSON, already encoded, without reading it:
// the relay path, which costs a copy and nothing else. It trusts body to be
// one chunk's JSON as the agent's server or chunk.EncodeJSON wrote it;
// nothing is checked here, so bytes that are not would reach the peer as they
// are and be refused there. chunk.ValidateJSON checks them first, for a
// relay that wants to.
func AppendChunk(dst, body []byte) []byte { return wire.AppendTagged(dst, TagChunk, body) }

// AppendActive appends the Active payload, the byte 3.
func AppendActive(dst []byte) []byte { return append(dst, TagActive) }

// AppendInactive frames an Inactive's values, already encoded, without
// reading them: the relay path. It trusts values to be one JSON object in
// serde_json's form, of secret names to their values, as a wire decoder, a
// secrets.Values's Encode or a Rust producer made it; nothing is checked.
func AppendInactive(dst, values []byte) []byte { return wire.AppendTagged(dst, TagInactive, values) }

// DecodeResponse reads one payload of the main stream. Bytes after the bare
// Active tag are ignored (the reference ignores them; a sequence checker may
// not). The response may alias src. A failure is a *ResponseFrameError.
func DecodeResponse(src []byte) (Response, error) {
	// Active, the stream's keep-alive and most common frame, is read here,
	// before the split and the switch. (This is over the compiler's
	// inlining budget: the call to decodeResponse alone costs most of it.)
	if len(src) > 0 && src[0] == TagActive {
		return &Active{}, nil
	}
	return decodeResponse(src)
}

// decodeResponse is DecodeResponse for every frame but Active.
func decodeResponse(src []byte) (Response, error) {
	tag, body, err := codec.SplitFrame[ResponseErrorKind](src)
	if err != nil {
		return nil, err
	}
	switch tag {
	case TagBegun:
		b := &Begun{}
		if err := (*Registered)(b).DecodeJSON(body); err != nil {
			return nil, codec.BodyError(ResponseErrorKindBegun, tag, err)
		}
		return b, nil
	case TagError:
		var e protoerr.Error
		if err := e.DecodeJSON(body); err != nil {
			return nil, codec.BodyError(ResponseErrorKindError, tag, err)
		}
		return (*Error)(&e), nil
	case TagChunk:
		c, err := chunk.DecodeJSON(body)
		if err != nil {
			return nil, codec.BodyError(ResponseErrorKindChunk, tag, err)
		}
		return &Chunk{c}, nil
	case TagActive:
		return &Active{}, nil
	case TagInactive:
		i := &Inactive{}
		if err := i.Values.DecodeJSON(body); err != nil {
			return nil, codec.BodyError(ResponseErrorKindInactive, tag, err)
		}
		return i, nil
	}
	return nil, codec.UnknownTag[ResponseErrorKind](tag)
}

// ResponseErrorKind is one way a response payload fails to decode.
type ResponseErrorKind uint8

const (
	ResponseErrorKindEmpty      ResponseErrorKind = wire.ErrorKindEmpty      // no bytes, not even a tag
	ResponseErrorKindUnknownTag ResponseErrorKind = wire.ErrorKindUnknownTag // a tag above 4
	ResponseErrorKindBegun      ResponseErrorKind = 2                        // the registration did not parse
	ResponseErrorKindError      ResponseErrorKind = 3                        // the error did not parse
	ResponseErrorKindChunk      ResponseErrorKind = 4                        // the chunk did not parse
	ResponseErrorKindInactive   ResponseErrorKind = 5                        // the rotating secrets did not parse
)

// String is the snake_case name, as the wire and the tools print it.
func (v ResponseErrorKind) String() string {
	return codec.EnumName(v, []string{"empty", "unknown_tag", "begun", "error", "chunk", "inactive"})
}

// Frame names the frame in messages.
func (ResponseErrorKind) Frame() string { return "agents begin response" }

// ResponseFrameError is a response payload that could not be read: the
// FrameError of the main stream's family (a package with one family calls it
// FrameError). Its Err is wire.ErrEmpty, a *wire.UnknownTagError or a
// *wire.JSONError.
type ResponseFrameError = wire.FrameError[ResponseErrorKind]
