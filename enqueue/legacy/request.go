package legacy

import "github.com/diverge-network/diverge-sdk-go/wire"

// Request is a message for the running loop: {"prompt":…}.
type Request struct {
	Prompt string // the message's text
}

var requestStruct = wire.Struct{Name: "Request", Fields: []wire.Field{{Name: "prompt"}}}

// DecodeJSON reads src, the request's whole JSON document. A failure is a
// *wire.JSONError.
func (r *Request) DecodeJSON(src []byte) error {
	if r == nil {
		return wire.ErrNil
	}
	d := wire.NewDecoder(src)
	var prompt string
	err := d.Struct(&requestStruct, func(int) (err error) {
		prompt, err = d.ReadString()
		return err
	})
	if err == nil {
		err = d.End()
	}
	if err != nil {
		return err
	}
	r.Prompt = prompt
	return nil
}

// EncodeJSON appends the request's JSON to dst. It fails, leaving dst as it
// was, with a *wire.EncodeError for a nil r (wire.ErrNil) and for a prompt that
// is not valid UTF-8 (Member "prompt", wire.ErrInvalidUTF8).
func (r *Request) EncodeJSON(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	w := wire.Writer(dst)
	w.Lit(`{"prompt":`)
	if err := w.String(r.Prompt); err != nil {
		return dst, wire.EncodeErrorAt("prompt", err)
	}
	w.Byte('}')
	return w, nil
}
