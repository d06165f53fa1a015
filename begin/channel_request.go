package begin

import (
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// The channel request tags.
const (
	TagPostgres byte = 0
	TagInfo     byte = 1
	TagEnqueue  byte = 2
	TagDequeue  byte = 3
	TagSecrets  byte = 4
)

// ChannelRequest is what a server asks for when it opens a channel on a
// begun container: Postgres, Info, Enqueue, Dequeue or Secrets.
type ChannelRequest interface {
	// Tag is the variant's tag byte.
	Tag() byte
	// Encode appends the payload, tag first, to dst.
	Encode(dst []byte) ([]byte, error)
	isChannelRequest()
}

// Info asks what the arguments may be (tag 1, bare): encode &begin.Info{}.
// The proxy answers with the image's DIVERGE.md, parsed, or that it has
// none; that answer is not part of this package.
type Info struct{}

// Enqueue sends a message to the agent (tag 2); answered once by an
// enqueue.Response, then the finish.
//
// A provider builds one around the request and encodes it, tag first:
//
//	req := &begin.Enqueue{Request: enqueue.Request{Key: "k", Content: blocks}}
//	payload, err := req.Encode(nil)
//
// A proxy that decoded one hands its Request to the queue:
// q.Enqueue(ctx, r.Request).
type Enqueue struct {
	Request enqueue.Request // the message: its key and its content blocks
}

// Dequeue withdraws every message still waiting under a key (tag 3);
// answered once by a dequeue.Response, then the finish. Each message it
// withdraws is also answered Dequeued on its own channel.
//
// A provider builds and encodes one as
//
//	payload, err := (&begin.Dequeue{Request: dequeue.Request{Key: "k"}}).Encode(nil)
//
// and a proxy that decoded one reads the key as r.Request.Key.
type Dequeue struct {
	Request dequeue.Request // the key to withdraw
}

// Secrets feeds the program its secrets' values (tag 4): every declared
// name to its value. Answered once by a secrets.FeedResponse, then the
// finish; a Fed opens the gate deliveries wait behind.
//
// A provider fills Values (see secrets.Values) and encodes it, tag first:
//
//	payload, err := (&begin.Secrets{Values: values}).Encode(nil)
type Secrets struct {
	Values secrets.Values
}

func (*Postgres) isChannelRequest() {}
func (*Info) isChannelRequest()     {}
func (*Enqueue) isChannelRequest()  {}
func (*Dequeue) isChannelRequest()  {}
func (*Secrets) isChannelRequest()  {}

// Tag is 1.
func (*Info) Tag() byte { return TagInfo }

// Tag is 2.
func (*Enqueue) Tag() byte { return TagEnqueue }

// Tag is 3.
func (*Dequeue) Tag() byte { return TagDequeue }

// Tag is 4.
func (*Secrets) Tag() byte { return TagSecrets }

// Encode appends the one byte 1. It fails, leaving dst as it was, with a
// *wire.EncodeError for a nil i (wire.ErrNil).
func (i *Info) Encode(dst []byte) ([]byte, error) {
	if i == nil {
		return dst, nilFrame()
	}
	return append(dst, TagInfo), nil
}

// Encode appends tag 2 and the enqueue request's JSON. It fails, leaving
// dst as it was, with a *wire.EncodeError for a nil e (wire.ErrNil) and as
// enqueue.Request.EncodeJSON does.
func (e *Enqueue) Encode(dst []byte) ([]byte, error) {
	if e == nil {
		return dst, nilFrame()
	}
	return encodeAfter(dst, TagEnqueue, e.Request.EncodeJSON)
}

// Encode appends tag 3 and the dequeue request's JSON. It fails, leaving
// dst as it was, with a *wire.EncodeError for a nil q (wire.ErrNil) and for
// a key that is not valid UTF-8 (Member "key").
func (q *Dequeue) Encode(dst []byte) ([]byte, error) {
	if q == nil {
		return dst, nilFrame()
	}
	return encodeAfter(dst, TagDequeue, q.Request.EncodeJSON)
}

// Encode appends tag 4 and the values' JSON. It fails, leaving dst as it
// was, with a *wire.EncodeError for a nil s (wire.ErrNil) and as
// secrets.Values.EncodeJSON does (a name that is not UTF-8, a zero value).
func (s *Secrets) Encode(dst []byte) ([]byte, error) {
	if s == nil {
		return dst, nilFrame()
	}
	return encodeAfter(dst, TagSecrets, s.Values.EncodeJSON)
}

// EncodeChannelRequest appends r's payload to dst, as r.Encode does, but
// picks the variant with a type switch, so no dynamic call is made. A nil r,
// or a nil pointer of any variant, is a *wire.EncodeError with wire.ErrNil,
// never a panic.
func EncodeChannelRequest(dst []byte, r ChannelRequest) ([]byte, error) {
	switch v := r.(type) {
	case *Enqueue:
		return v.Encode(dst)
	case *Dequeue:
		return v.Encode(dst)
	case *Secrets:
		return v.Encode(dst)
	case *Info:
		return v.Encode(dst)
	case *Postgres:
		return v.Encode(dst)
	case nil:
		return dst, nilFrame()
	}
	return r.Encode(dst)
}

// encodeAfter appends tag and then what encode appends, leaving dst as it
// was on failure.
func encodeAfter(dst []byte, tag byte, encode func([]byte) ([]byte, error)) ([]byte, error) {
	out, err := encode(append(dst, tag))
	if err != nil {
		return dst, err
	}
	return out, nil
}

// DecodeChannelRequest reads one channel request payload. Bytes after the
// bare Info tag are ignored. The request may alias src. A failure is a
// *ChannelRequestFrameError.
func DecodeChannelRequest(src []byte) (ChannelRequest, error) {
	tag, body, err := codec.SplitFrame[ChannelRequestErrorKind](src)
	if err != nil {
		return nil, err
	}
	switch tag {
	case TagPostgres:
		p := &Postgres{}
		if err := p.DecodeConnID(body); err != nil {
			return nil, codec.BodyError(ChannelRequestErrorKindPostgres, tag, err)
		}
		return p, nil
	case TagInfo:
		return &Info{}, nil
	case TagEnqueue:
		e := &Enqueue{}
		if err := e.Request.DecodeJSON(body); err != nil {
			return nil, codec.BodyError(ChannelRequestErrorKindEnqueue, tag, err)
		}
		return e, nil
	case TagDequeue:
		q := &Dequeue{}
		if err := q.Request.DecodeJSON(body); err != nil {
			return nil, codec.BodyError(ChannelRequestErrorKindDequeue, tag, err)
		}
		return q, nil
	case TagSecrets:
		s := &Secrets{}
		if err := s.Values.DecodeJSON(body); err != nil {
			return nil, codec.BodyError(ChannelRequestErrorKindSecrets, tag, err)
		}
		return s, nil
	}
	return nil, codec.UnknownTag[ChannelRequestErrorKind](tag)
}

// ChannelRequestErrorKind is one way a channel request fails to decode.
type ChannelRequestErrorKind uint8

const (
	ChannelRequestErrorKindEmpty      ChannelRequestErrorKind = wire.ErrorKindEmpty      // no bytes, not even a tag
	ChannelRequestErrorKindUnknownTag ChannelRequestErrorKind = wire.ErrorKindUnknownTag // a tag above 4
	ChannelRequestErrorKindPostgres   ChannelRequestErrorKind = 2                        // the connection id was not four bytes
	ChannelRequestErrorKindEnqueue    ChannelRequestErrorKind = 3                        // the enqueue request did not parse
	ChannelRequestErrorKindDequeue    ChannelRequestErrorKind = 4                        // the dequeue request did not parse
	ChannelRequestErrorKindSecrets    ChannelRequestErrorKind = 5                        // the values did not parse
)

// String is the snake_case name, as the wire and the tools print it.
func (v ChannelRequestErrorKind) String() string {
	return codec.EnumName(v, []string{"empty", "unknown_tag", "postgres", "enqueue", "dequeue", "secrets"})
}

// Frame names the frame in messages.
func (ChannelRequestErrorKind) Frame() string { return "agents begin channel request" }

// ChannelRequestFrameError is a channel request that could not be read: the
// FrameError of the channel request family, as ResponseFrameError is the
// main stream's. Its Err is wire.ErrEmpty, a *wire.UnknownTagError, a
// *PostgresError or a *wire.JSONError.
type ChannelRequestFrameError = wire.FrameError[ChannelRequestErrorKind]
