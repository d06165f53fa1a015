// Package errors holds the protocol's one error shape: a JSON object whose
// message says, in the sender's own words, what went wrong. It rides behind
// the error tag of every answer frame and of a begin's response stream.
//
// The protocol's text refers to this shape without spelling it out; it is
// the reference implementation's. It is read with serde derive's rules, so members other than
// message are ignored and the array form ["…"] is accepted too.
//
// The package name shadows the standard library's; import it under another
// name where both are needed, for example protoerr.
package errors

import "github.com/diverge-network/diverge-sdk-go/wire"

// Error is what a peer said went wrong.
type Error struct {
	Message string
}

// Error reports what the peer said.
func (e Error) Error() string { return "peer error: " + e.Message }

var errorStruct = wire.Struct{Name: "Error", Fields: []wire.Field{{Name: "message"}}}

// DecodeJSON reads src, the whole JSON document (whitespace around it allowed).
// A failure is a *wire.JSONError and leaves e as it was.
func (e *Error) DecodeJSON(src []byte) error {
	if e == nil {
		return wire.ErrNil
	}
	d := wire.NewDecoder(src)
	var got Error
	if err := got.Read(&d); err != nil {
		return err
	}
	if err := d.End(); err != nil {
		return err
	}
	*e = got
	return nil
}

// Read reads one error object at d's cursor: for a frame that carries an
// error inside other JSON.
func (e *Error) Read(d *wire.Decoder) error {
	var msg string
	err := d.Struct(&errorStruct, func(int) (err error) {
		msg, err = d.ReadString()
		return err
	})
	if err != nil {
		return err
	}
	e.Message = msg
	return nil
}

// EncodeJSON appends e's JSON, {"message":…}, to dst. It fails, leaving dst
// as it was, with a *wire.EncodeError: wire.ErrNil for a nil e, and at
// "message" for a message that is not valid UTF-8 (like every encode error,
// it does not quote the message).
func (e *Error) EncodeJSON(dst []byte) ([]byte, error) {
	if e == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	w := wire.Writer(dst)
	w.Lit(`{"message":`)
	if err := w.String(e.Message); err != nil {
		return dst, wire.EncodeErrorAt("message", err)
	}
	w.Byte('}')
	return w, nil
}
