package legacy

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Request is a message for the running loop: {"prompt":…}.
type Request struct {
	Prompt string // the message's text
}

var requestStruct = serde.Struct[Request]{Name: "Request", Fields: []serde.Field[Request]{
	{Name: "prompt", Read: func(d *serde.Decoder, r *Request) (err error) {
		r.Prompt, err = d.ReadString()
		return err
	}},
}}

// DecodeJSON reads src, the request's whole JSON document. A failure is a
// *wire.JSONError and leaves r as it was.
//
//go:noinline
func (r *Request) DecodeJSON(src []byte) error { return codec.DecodeStruct(src, &requestStruct, r) }

// EncodeJSON appends the request's JSON to dst. It fails, leaving dst as it
// was, with a *wire.EncodeError for a nil r (wire.ErrNil) and for a prompt that
// is not valid UTF-8 (Member "prompt", wire.ErrInvalidUTF8).
func (r *Request) EncodeJSON(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	return codec.AppendStringObject(dst, `{"prompt":`, "prompt", r.Prompt)
}
