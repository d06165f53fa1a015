package scopes

import (
	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// Ops are two loops for timing one payload, as the Rust oracle's bench
// times its own: Decode decodes the payload n times into a value of the
// scope's own type (kept on the stack where the type allows, as Rust keeps
// it), Encode appends the decoded value n times into one reused buffer. The
// calls inside the loops are direct, not through this package's any-typed
// Decode and Encode.
type Ops struct {
	Decode, Encode func(n int)
}

// Sink holds the last value a loop produced, so that no work is elided.
var Sink struct {
	Value any
	Bytes []byte
}

// opsOf builds a scope's Ops, or returns the decode error.
type opsOf func(payload []byte) (Ops, error)

// typedOps times a struct type whose pointer decodes and encodes.
func typedOps[T any](payload []byte, c codec[T]) (Ops, error) {
	var v T
	if err := c.decode(&v, payload); err != nil {
		return Ops{}, err
	}
	var out []byte
	return Ops{
		Decode: func(n int) {
			// One value, reset each time: a generic call cannot prove that
			// a fresh local stays on the stack, so it would add a heap
			// allocation that the decode itself does not make.
			x := new(T)
			for range n {
				*x = *new(T)
				_ = c.decode(x, payload)
			}
		},
		Encode: func(n int) {
			buf := out // a local: no write barrier per call
			for range n {
				buf, _ = c.encode(&v, buf[:0])
			}
			out, Sink.Bytes = buf, buf
		},
	}, nil
}

// The answer frames are a byte or two: their loops call the concrete
// methods, which a generic loop would reach only through a dictionary.

func enqueueAnswerOps(payload []byte) (Ops, error) {
	var v enqueue.Response
	if err := v.Decode(payload); err != nil {
		return Ops{}, err
	}
	var out []byte
	return Ops{
		Decode: func(n int) {
			for range n {
				var x enqueue.Response
				_ = x.Decode(payload)
			}
		},
		Encode: func(n int) {
			buf := out // a local: no write barrier per call
			for range n {
				buf, _ = v.Encode(buf[:0])
			}
			out, Sink.Bytes = buf, buf
		},
	}, nil
}

func legacyAnswerOps(payload []byte) (Ops, error) {
	var v legacy.Response
	if err := v.Decode(payload); err != nil {
		return Ops{}, err
	}
	var out []byte
	return Ops{
		Decode: func(n int) {
			for range n {
				var x legacy.Response
				_ = x.Decode(payload)
			}
		},
		Encode: func(n int) {
			buf := out // a local: no write barrier per call
			for range n {
				buf, _ = v.Encode(buf[:0])
			}
			out, Sink.Bytes = buf, buf
		},
	}, nil
}

func dequeueAnswerOps(payload []byte) (Ops, error) {
	var v dequeue.Response
	if err := v.Decode(payload); err != nil {
		return Ops{}, err
	}
	var out []byte
	return Ops{
		Decode: func(n int) {
			for range n {
				var x dequeue.Response
				_ = x.Decode(payload)
			}
		},
		Encode: func(n int) {
			buf := out // a local: no write barrier per call
			for range n {
				buf, _ = v.Encode(buf[:0])
			}
			out, Sink.Bytes = buf, buf
		},
	}, nil
}

func feedAnswerOps(payload []byte) (Ops, error) {
	var v secrets.FeedResponse
	if err := v.Decode(payload); err != nil {
		return Ops{}, err
	}
	var out []byte
	return Ops{
		Decode: func(n int) {
			for range n {
				var x secrets.FeedResponse
				_ = x.Decode(payload)
			}
		},
		Encode: func(n int) {
			buf := out // a local: no write barrier per call
			for range n {
				buf, _ = v.Encode(buf[:0])
			}
			out, Sink.Bytes = buf, buf
		},
	}, nil
}

// frameOps times a payload whose decode returns a sealed interface (a frame
// family, a content block, a chunk); encode is its type-switching append.
func frameOps[F any](decode func([]byte) (F, error), encode func([]byte, F) ([]byte, error)) opsOf {
	return func(payload []byte) (Ops, error) {
		v, err := decode(payload)
		if err != nil {
			return Ops{}, err
		}
		var out []byte
		return Ops{
			Decode: func(n int) {
				var x F
				for range n {
					x, _ = decode(payload)
				}
				Sink.Value = x
			},
			Encode: func(n int) {
				buf := out
				for range n {
					buf, _ = encode(buf[:0], v)
				}
				out, Sink.Bytes = buf, buf
			},
		}, nil
	}
}

var (
	responseOps       = frameOps(begin.DecodeResponse, begin.EncodeResponse)
	channelRequestOps = frameOps(begin.DecodeChannelRequest, begin.EncodeChannelRequest)
	blockOps          = frameOps(mcpcontent.DecodeBlockJSON, mcpcontent.EncodeBlockJSON)
	chunkOps          = frameOps(chunk.DecodeJSON, chunk.EncodeJSON)
)

func postgresOps(payload []byte) (Ops, error) {
	v := &begin.Postgres{}
	if err := v.DecodeConnID(payload); err != nil {
		return Ops{}, err
	}
	var out []byte
	return Ops{
		Decode: func(n int) {
			for range n {
				_ = v.DecodeConnID(payload)
			}
		},
		Encode: func(n int) {
			buf := out
			for range n {
				buf, _ = v.EncodeConnID(buf[:0])
			}
			out, Sink.Bytes = buf, buf
		},
	}, nil
}
