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

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Error is what a peer said went wrong.
type Error struct {
	Message string
}

// Error reports what the peer said.
func (e Error) Error() string { return "peer error: " + e.Message }

var errorStruct = serde.Struct[Error]{Name: "Error", Fields: []serde.Field[Error]{
	{Name: "message", Read: func(d *serde.Decoder, e *Error) (err error) {
		e.Message, err = d.ReadString()
		return err
	}},
}}

// DecodeJSON reads src, the whole JSON document (whitespace around it
// allowed). A failure is a *wire.JSONError and leaves e as it was.
//
//go:noinline
func (e *Error) DecodeJSON(src []byte) error {
	if e != nil {
		if msg, ok := serde.OneString(src, `{"message":`); ok {
			*e = Error{Message: msg}
			return nil
		}
	}
	return codec.DecodeStruct(src, &errorStruct, e)
}

// EncodeJSON appends e's JSON, {"message":…}, to dst. It fails, leaving dst
// as it was, with a *wire.EncodeError: wire.ErrNil for a nil e, and at
// "message" for a message that is not valid UTF-8 (like every encode error,
// it does not quote the message).
func (e *Error) EncodeJSON(dst []byte) ([]byte, error) {
	if e == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	w := serde.Writer(dst)
	w.Lit(`{"message":`)
	if err := w.String(e.Message); err != nil {
		return dst, codec.ErrorAt("message", err)
	}
	w.Byte('}')
	return w, nil
}
