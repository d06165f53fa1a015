package enqueue

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Request is a message for the agent: {"key":…,"content":[…]}.
type Request struct {
	// Key is the caller's handle on the message, what a dequeue names to
	// withdraw it. Keys need not be unique; peers compare them and read
	// nothing else into them.
	Key string
	// Content is the message, block by block, in order. A message with no
	// block decodes, but a container refuses it.
	Content []mcpcontent.Block
}

var requestStruct = serde.Struct[Request]{Name: "Request", Fields: []serde.Field[Request]{
	{Name: "key", Read: func(d *serde.Decoder, r *Request) (err error) {
		r.Key, err = d.ReadString()
		return err
	}},
	{Name: "content", Read: func(d *serde.Decoder, r *Request) error {
		r.Content = []mcpcontent.Block{}
		return d.Array(func() error {
			b, err := codec.ReadBlock(d)
			if err != nil {
				return err
			}
			r.Content = serde.Append(r.Content, b.(mcpcontent.Block))
			return nil
		})
	}},
}}

// DecodeJSON reads src, the request's whole JSON document. The decoded
// blocks may alias src (their _meta). A failure is a *wire.JSONError and
// leaves r as it was.
//
//go:noinline
func (r *Request) DecodeJSON(src []byte) error { return codec.DecodeStruct(src, &requestStruct, r) }

// EncodeJSON appends the request's JSON to dst. It fails, leaving dst as it
// was, with a *wire.EncodeError naming the member: for a nil r (wire.ErrNil),
// a key that is not valid UTF-8 ("key", wire.ErrInvalidUTF8), and a block that
// cannot be encoded ("content[i]" and the path inside it: a nil block, a
// string that is not UTF-8, an enum member holding no known value, a _meta
// nested too deep; see mcpcontent.EncodeBlockJSON).
func (r *Request) EncodeJSON(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	w := serde.Writer(dst)
	if err := codec.WriteString(&w, `{"key":`, "key", r.Key); err != nil {
		return dst, err
	}
	w.Lit(`,"content":`)
	// Inside the request's object and its content array.
	w, err := codec.AppendBlocks(w, "content", r.Content, 2)
	if err != nil {
		return dst, err
	}
	w.Byte('}')
	return w, nil
}
