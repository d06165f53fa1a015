package dequeue

import "github.com/diverge-network/diverge-sdk-go/wire"

// Request names the key whose waiting messages to withdraw: {"key":…}.
type Request struct {
	Key string // as the enqueues gave it
}

var requestStruct = wire.Struct{Name: "Request", Fields: []wire.Field{{Name: "key"}}}

// DecodeJSON reads src, the request's whole JSON document. A failure is a
// *wire.JSONError.
func (r *Request) DecodeJSON(src []byte) error {
	if r == nil {
		return wire.ErrNil
	}
	d := wire.NewDecoder(src)
	var key string
	err := d.Struct(&requestStruct, func(int) (err error) {
		key, err = d.ReadString()
		return err
	})
	if err == nil {
		err = d.End()
	}
	if err != nil {
		return err
	}
	r.Key = key
	return nil
}

// EncodeJSON appends the request's JSON to dst. It fails, leaving dst as it
// was, with a *wire.EncodeError for a nil r (wire.ErrNil) and for a key that
// is not valid UTF-8 (Member "key", wire.ErrInvalidUTF8).
func (r *Request) EncodeJSON(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	w := wire.Writer(dst)
	w.Lit(`{"key":`)
	if err := w.String(r.Key); err != nil {
		return dst, wire.EncodeErrorAt("key", err)
	}
	w.Byte('}')
	return w, nil
}
