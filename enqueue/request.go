package enqueue

import (
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

var requestStruct = wire.Struct{Name: "Request", Fields: []wire.Field{{Name: "key"}, {Name: "content"}}}

// Decode reads src, the request's whole JSON document. The decoded blocks
// may alias src (their _meta). A failure is a *wire.JSONError.
func (r *Request) Decode(src []byte) error {
	d := wire.NewDecoder(src)
	var req Request
	err := d.Struct(&requestStruct, func(i int) (err error) {
		if i == 0 {
			req.Key, err = d.ReadString()
			return err
		}
		req.Content = []mcpcontent.Block{}
		return d.Array(func() error {
			b, err := mcpcontent.ReadBlock(&d)
			req.Content = wire.Append(req.Content, b)
			return err
		})
	})
	if err == nil {
		err = d.End()
	}
	if err != nil {
		return err
	}
	*r = req
	return nil
}

// Encode appends the request's JSON to dst. It fails only for a block that
// cannot be encoded (a nil block, or an enum field holding no known value).
func (r *Request) Encode(dst []byte) ([]byte, error) {
	w := wire.Writer(dst)
	w.Lit(`{"key":`)
	w.String(r.Key)
	w.Lit(`,"content":[`)
	for i, b := range r.Content {
		if i > 0 {
			w.Byte(',')
		}
		var err error
		if w, err = mcpcontent.AppendBlock(w, b); err != nil {
			return dst, err
		}
	}
	w.Lit("]}")
	return w, nil
}
