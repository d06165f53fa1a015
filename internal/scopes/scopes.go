// Package scopes names every payload of the protocol the way the Rust
// oracle's conformance protocol, the golden vectors and the command-line tool
// name them, and gives each one's decode and encode.
package scopes

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Scope is one kind of payload.
type Scope struct {
	Name string
	// Decode reads a payload into its Go value (a pointer for struct types,
	// the frame interface for begin's frames).
	Decode func(payload []byte) (any, error)
	// Encode appends the payload of a value Decode returned.
	Encode func(dst []byte, v any) ([]byte, error)
	// Ops makes the timing loops of one payload (see Ops).
	Ops func(payload []byte) (Ops, error)
}

// Conform decodes payload and re-encodes what was decoded, appending to dst.
func (s *Scope) Conform(dst, payload []byte) ([]byte, error) {
	v, err := s.Decode(payload)
	if err != nil {
		return dst, err
	}
	return s.Encode(dst, v)
}

// codec is what every struct payload type has.
type codec interface {
	Decode([]byte) error
	Encode([]byte) ([]byte, error)
}

// typed makes the scope of a struct type whose pointer is a codec.
func typed[T any, P interface {
	*T
	codec
}](name string, ops ...opsOf) Scope {
	o := opsOf(typedOps[T, P])
	if len(ops) > 0 {
		o = ops[0]
	}
	return Scope{
		Name: name,
		Ops:  o,
		Decode: func(b []byte) (any, error) {
			p := P(new(T))
			if err := p.Decode(b); err != nil {
				return nil, err
			}
			return p, nil
		},
		Encode: func(dst []byte, v any) ([]byte, error) { return v.(P).Encode(dst) },
	}
}

// All lists every scope, in the oracle's order.
var All = []Scope{
	typed[enqueue.Request]("enqueue.request"),
	typed[enqueue.Response]("enqueue.response", enqueueAnswerOps),
	typed[legacy.Request]("legacy.enqueue.request"),
	typed[legacy.Response]("legacy.enqueue.response", legacyAnswerOps),
	{Name: "begin.channel_request", Decode: func(b []byte) (any, error) { return begin.DecodeChannelRequest(b) }, Encode: func(dst []byte, v any) ([]byte, error) {
		return begin.AppendChannelRequest(dst, v.(begin.ChannelRequest))
	}, Ops: channelRequestOps},
	{Name: "begin.response", Decode: func(b []byte) (any, error) { return begin.DecodeResponse(b) }, Encode: func(dst []byte, v any) ([]byte, error) { return begin.AppendResponse(dst, v.(begin.Response)) }, Ops: responseOps},
	typed[dequeue.Request]("dequeue.request"),
	typed[dequeue.Response]("dequeue.response", dequeueAnswerOps),
	typed[secrets.FeedResponse]("secrets.feed_response", feedAnswerOps),
	{
		Name:   "postgres.request",
		Decode: func(b []byte) (any, error) { return begin.DecodePostgres(b) },
		Encode: func(dst []byte, v any) ([]byte, error) { return v.(*begin.Postgres).AppendConnID(dst), nil },
		Ops:    postgresOps,
	},
	typed[protoerr.Error]("errors.error"),
	typed[secrets.Values]("secrets.values"),
	typed[secrets.Declaration]("secrets.declaration"),
	typed[begin.Registered]("begin.registered"),
	{
		Name:   "mcpcontent.block",
		Decode: func(b []byte) (any, error) { return mcpcontent.DecodeBlock(b) },
		Encode: func(dst []byte, v any) ([]byte, error) { return mcpcontent.AppendBlock(dst, v.(mcpcontent.Block)) },
		Ops:    blockOps,
	},
}

// Lookup finds a scope by name.
func Lookup(name string) (*Scope, bool) {
	for i := range All {
		if All[i].Name == name {
			return &All[i], true
		}
	}
	return nil, false
}

// KindName is the snake_case name of the Rust error variant err stands for:
// a frame family's error kind, "postgres" for a bad connection id, "json"
// for a plain JSON payload.
func KindName(err error) string {
	var fe interface{ KindName() string }
	if errors.As(err, &fe) {
		return fe.KindName()
	}
	var pe *begin.PostgresError
	if errors.As(err, &pe) {
		return "postgres"
	}
	var je *wire.JSONError
	if errors.As(err, &je) {
		return "json"
	}
	return "unknown"
}
