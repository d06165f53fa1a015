// Package scopes gives the decode and encode of every payload the library
// reads, under its scope name (package session spells each name once: the
// names of the Rust oracle's conformance protocol, the golden vectors and
// the command-line tool).
package scopes

import (
	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/session"
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

// codec is how a struct payload type reads and writes itself: its Decode
// and Encode methods for a tagged frame, DecodeJSON and EncodeJSON for a JSON
// body, as method expressions.
type codec[T any] struct {
	decode func(*T, []byte) error
	encode func(*T, []byte) ([]byte, error)
}

// typed makes the scope of a struct type through its codec.
func typed[T any](name string, c codec[T], ops ...opsOf) Scope {
	o := opsOf(func(payload []byte) (Ops, error) { return typedOps(payload, c) })
	if len(ops) > 0 {
		o = ops[0]
	}
	return Scope{
		Name: name,
		Ops:  o,
		Decode: func(b []byte) (any, error) {
			p := new(T)
			if err := c.decode(p, b); err != nil {
				return nil, err
			}
			return p, nil
		},
		Encode: func(dst []byte, v any) ([]byte, error) { return c.encode(v.(*T), dst) },
	}
}

// All lists every scope, in the oracle's order.
var All = []Scope{
	typed(session.ScopeEnqueueRequest, codec[enqueue.Request]{(*enqueue.Request).DecodeJSON, (*enqueue.Request).EncodeJSON}),
	typed(session.ScopeEnqueueResponse, codec[enqueue.Response]{(*enqueue.Response).Decode, (*enqueue.Response).Encode}, enqueueAnswerOps),
	typed(session.ScopeLegacyEnqueueRequest, codec[legacy.Request]{(*legacy.Request).DecodeJSON, (*legacy.Request).EncodeJSON}),
	typed(session.ScopeLegacyEnqueueResponse, codec[legacy.Response]{(*legacy.Response).Decode, (*legacy.Response).Encode}, legacyAnswerOps),
	{Name: session.ScopeBeginChannelRequest, Decode: func(b []byte) (any, error) { return begin.DecodeChannelRequest(b) }, Encode: func(dst []byte, v any) ([]byte, error) {
		return begin.EncodeChannelRequest(dst, v.(begin.ChannelRequest))
	}, Ops: channelRequestOps},
	{Name: session.ScopeBeginResponse, Decode: func(b []byte) (any, error) { return begin.DecodeResponse(b) }, Encode: func(dst []byte, v any) ([]byte, error) { return begin.EncodeResponse(dst, v.(begin.Response)) }, Ops: responseOps},
	typed(session.ScopeDequeueRequest, codec[dequeue.Request]{(*dequeue.Request).DecodeJSON, (*dequeue.Request).EncodeJSON}),
	typed(session.ScopeDequeueResponse, codec[dequeue.Response]{(*dequeue.Response).Decode, (*dequeue.Response).Encode}, dequeueAnswerOps),
	typed(session.ScopeSecretsFeedResponse, codec[secrets.FeedResponse]{(*secrets.FeedResponse).Decode, (*secrets.FeedResponse).Encode}, feedAnswerOps),
	{
		Name: session.ScopePostgresRequest,
		Decode: func(b []byte) (any, error) {
			p := &begin.Postgres{}
			if err := p.DecodeConnID(b); err != nil {
				return nil, err
			}
			return p, nil
		},
		Encode: func(dst []byte, v any) ([]byte, error) { return v.(*begin.Postgres).EncodeConnID(dst) },
		Ops:    postgresOps,
	},
	typed(session.ScopeErrorsError, codec[protoerr.Error]{(*protoerr.Error).DecodeJSON, (*protoerr.Error).EncodeJSON}),
	typed(session.ScopeSecretsValues, codec[secrets.Values]{(*secrets.Values).DecodeJSON, (*secrets.Values).EncodeJSON}),
	typed(session.ScopeSecretsDeclaration, codec[secrets.Declaration]{(*secrets.Declaration).DecodeJSON, (*secrets.Declaration).EncodeJSON}),
	typed(session.ScopeBeginRegistered, codec[begin.Registered]{(*begin.Registered).DecodeJSON, (*begin.Registered).EncodeJSON}),
	{
		Name:   session.ScopeMCPContentBlock,
		Decode: func(b []byte) (any, error) { return mcpcontent.DecodeBlockJSON(b) },
		Encode: func(dst []byte, v any) ([]byte, error) { return mcpcontent.EncodeBlockJSON(dst, v.(mcpcontent.Block)) },
		Ops:    blockOps,
	},
	{
		Name:   session.ScopeBeginChunk,
		Decode: func(b []byte) (any, error) { return chunk.DecodeJSON(b) },
		Encode: func(dst []byte, v any) ([]byte, error) { return chunk.EncodeJSON(dst, v.(chunk.Chunk)) },
		Ops:    chunkOps,
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
