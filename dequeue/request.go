package dequeue

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Request names the key whose waiting messages to withdraw: {"key":…}.
type Request struct {
	Key string // as the enqueues gave it
}

var requestStruct = serde.Struct[Request]{Name: "Request", Fields: []serde.Field[Request]{
	{Name: "key", Read: func(d *serde.Decoder, r *Request) (err error) {
		r.Key, err = d.ReadString()
		return err
	}},
}}

// DecodeJSON reads src, the request's whole JSON document. A failure is a
// *wire.JSONError and leaves r as it was.
//
//go:noinline
func (r *Request) DecodeJSON(src []byte) error {
	if r != nil {
		if key, ok := serde.OneString(src, `{"key":`); ok {
			*r = Request{Key: key}
			return nil
		}
	}
	return codec.DecodeStruct(src, &requestStruct, r)
}

// EncodeJSON appends the request's JSON to dst. It fails, leaving dst as it
// was, with a *wire.EncodeError for a nil r (wire.ErrNil) and for a key that
// is not valid UTF-8 (Member "key", wire.ErrInvalidUTF8).
func (r *Request) EncodeJSON(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	return codec.AppendStringObject(dst, `{"key":`, "key", r.Key)
}
