package frame

import (
	"encoding/binary"
	"errors"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// HeaderLen is the length of every frame's header: the type byte, then the
// scope and the channel, each a big-endian u32. The payload runs from there
// to the end of the message; there is no length field.
const HeaderLen = 9

// Header is the 9-byte header of a frame. Scope is the number the client
// gave the scope; Channel is 0 for a scope's main stream and otherwise a
// number in the space of the party that opened the channel (the direction
// and the type tell the two spaces apart).
type Header struct {
	Type    Type
	Scope   uint32
	Channel uint32
}

// ErrNoPayload is the reason an [*wire.EncodeError] refuses a payload on a
// frame type that carries none (Auth and the two finishes).
var ErrNoPayload = errors.New("frame type carries no payload")

// AppendHeader appends h's 9 bytes to dst. Fields h.Type does not use are
// written 0 whatever h holds: both for Auth, the channel for Request,
// Response and ResponseFinish. A type the wire does not define is written
// as given. It cannot fail.
func AppendHeader(dst []byte, h Header) []byte {
	h = h.normal()
	dst = append(dst, byte(h.Type))
	dst = binary.BigEndian.AppendUint32(dst, h.Scope)
	return binary.BigEndian.AppendUint32(dst, h.Channel)
}

// Decode reads the header at the start of src into h; the bytes after it
// are not h's concern. It fails with a *FrameError for fewer than HeaderLen
// bytes or a type the wire does not define, leaving h as it was; a nil h is
// wire.ErrNil. The fields the type does not use come back 0, whatever the
// bytes held: a reader ignores them.
func (h *Header) Decode(src []byte) error {
	if h == nil {
		return wire.ErrNil
	}
	if len(src) < HeaderLen {
		return &FrameError{Kind: ErrorKindShort, Len: len(src)}
	}
	got := Header{
		Type:    Type(src[0]),
		Scope:   binary.BigEndian.Uint32(src[1:5]),
		Channel: binary.BigEndian.Uint32(src[5:9]),
	}
	if !got.Type.Defined() {
		return &FrameError{Kind: ErrorKindUnknownType, Type: got.Type, Len: len(src)}
	}
	*h = got.normal()
	return nil
}

// normal zeroes the fields h.Type does not use.
func (h Header) normal() Header {
	switch {
	case h.Type == TypeAuth:
		h.Scope, h.Channel = 0, 0
	case h.Type.Defined() && !h.Type.usesChannel():
		h.Channel = 0
	}
	return h
}

// Frame is one whole message on the wire: a header and its payload.
type Frame struct {
	Header
	// Payload is the bytes after the header: the scope's or channel's
	// request, or one answer. It is nil for Auth and the finishes.
	Payload []byte
}

// AppendFrame appends the header and then payload, unread: the relay path.
// It cannot fail and checks nothing; use [Frame.Encode] to have the frame
// checked.
func AppendFrame(dst []byte, h Header, payload []byte) []byte {
	return append(AppendHeader(dst, h), payload...)
}

// Encode appends the frame's bytes to dst. A nil frame, a type the wire
// does not define, or a payload on a type that carries none is an
// *wire.EncodeError (wire.ErrNil, wire.ErrUnknownValue at "type",
// ErrNoPayload at "payload"), and dst comes back as it was.
func (f *Frame) Encode(dst []byte) ([]byte, error) {
	if f == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	if err := f.check(); err != nil {
		return dst, err
	}
	return AppendFrame(dst, f.Header, f.Payload), nil
}

// check is Encode's refusal of f, nil when f may be written.
func (f *Frame) check() error {
	if !f.Type.Defined() {
		return &wire.EncodeError{Member: "type", Err: wire.ErrUnknownValue}
	}
	if len(f.Payload) > 0 && !f.Type.hasPayload() {
		return &wire.EncodeError{Member: "payload", Err: ErrNoPayload}
	}
	return nil
}

// Decode reads one whole message into f. Payload aliases src. Bytes after
// the header of a type that carries no payload are accepted and dropped. On
// failure (a *FrameError, or wire.ErrNil for a nil f) f is left as it was.
func (f *Frame) Decode(src []byte) error {
	if f == nil {
		return wire.ErrNil
	}
	var h Header
	if err := h.Decode(src); err != nil {
		return err
	}
	f.Header = h
	f.Payload = nil
	if h.Type.hasPayload() {
		f.Payload = src[HeaderLen:]
	}
	return nil
}
