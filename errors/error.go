// Package errors holds the protocol's error: whatever rides behind the error
// tag of an answer frame or of a begin's response stream. In the crates it
// is a newtype over serde_json's Value, so any one JSON value is an error —
// null, a bool, a number, a string, an array or an object — and it is read
// and written back as serde_json reads and writes a Value: compact, object
// members in the order read, a repeated member's last value at its first
// place, escapes and numbers normalized.
//
// What goes inside is convention, not type. The container proxy writes an
// object with a "kind", and for most kinds the words in "error":
//
//	{"kind":"program","error":"connection refused"}
//	    the program's server could not be reached
//	{"kind":"program","status":503,"error":"the program is busy"}
//	    it answered a non-2xx status, with a body that is not JSON
//	{"kind":"unregistered"}
//	    nothing is registered to answer
//
// A non-2xx body that is JSON is relayed as it came, so a reader must take
// any value: [Error.Kind], [Error.Status] and [Error.Text] read the
// convention where it is followed, and the JSON itself is in Error.Value.
// [New], [NewStatus] and [NewKind] build an error in the convention.
//
// The kinds in use, each a constant here: "program" and "unregistered" (the
// container proxy), "agent" (what older proxies wrote for "program"),
// "fate_lost" (the in-container loop: a message's fate was never decided),
// and the queue package's own refusals: "closed", "queue_full",
// "no_content" and "proxy".
//
// The package name shadows the standard library's; import it under another
// name where both are needed, for example protoerr.
package errors

import (
	stderrors "errors"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// The kinds of the convention. A peer may send any other.
const (
	// KindProgram: the program's server could not be reached ("error" says
	// why), or answered a non-2xx status whose body is not JSON ("status",
	// and the body as text in "error").
	KindProgram = "program"
	// KindUnregistered: nothing is registered to answer; no other member.
	KindUnregistered = "unregistered"
	// KindAgent is what older proxies wrote where KindProgram is written now.
	KindAgent = "agent"
	// KindFateLost: the in-container loop never decided a message's fate.
	KindFateLost = "fate_lost"
	// KindClosed: the queue closed before a loop could start on the message.
	KindClosed = "closed"
	// KindQueueFull: the queue held as many waiting messages as it allows.
	KindQueueFull = "queue_full"
	// KindNoContent: the message had no content block, which the protocol
	// has the container refuse.
	KindNoContent = "no_content"
	// KindProxy: the proxy itself failed the message: it has no agent, or
	// its agent failed (the failure's own text is never sent).
	KindProxy = "proxy"
)

// ErrNotCarried is the reason, in a *wire.EncodeError at "error", that an
// answer refuses an Error set beside an outcome whose tag carries none
// (Delivered, Dequeued, Empty, Fed, ...): writing the tag alone would drop it
// without a word.
var ErrNotCarried = stderrors.New("an error beside an outcome that carries none")

// Error is what a peer said went wrong: one JSON value, in serde_json's
// form. It is an error value of Go's too; see [Error.Error].
//
// The zero Error holds no value — not even null, which is an error a sender
// may well send — and does not encode: an answer never turns an error no one
// filled in into a frame.
type Error struct {
	// Value is the error as its sender wrote it. The zero Raw is no error.
	Value wire.Raw
}

// New is the error {"kind":kind,"error":text}. A byte of kind or text that
// is not UTF-8 becomes U+FFFD, as a Rust string built lossily would have it,
// so the error always encodes.
func New(kind, text string) Error {
	w := serde.Writer(make([]byte, 0, len(kind)+len(text)+22))
	w.Lit(`{"kind":`)
	_ = w.String(strings.ToValidUTF8(kind, "\uFFFD"))
	w.Lit(`,"error":`)
	_ = w.String(strings.ToValidUTF8(text, "\uFFFD"))
	w.Byte('}')
	return Error{Value: wire.Raw(serde.RawOf(w))}
}

// NewStatus is the error {"kind":kind,"status":status,"error":text}, the
// convention for a non-2xx HTTP answer; invalid UTF-8 as for [New].
func NewStatus(kind string, status uint16, text string) Error {
	w := serde.Writer(make([]byte, 0, len(kind)+len(text)+36))
	w.Lit(`{"kind":`)
	_ = w.String(strings.ToValidUTF8(kind, "\uFFFD"))
	w.Lit(`,"status":`)
	w.U64(uint64(status))
	w.Lit(`,"error":`)
	_ = w.String(strings.ToValidUTF8(text, "\uFFFD"))
	w.Byte('}')
	return Error{Value: wire.Raw(serde.RawOf(w))}
}

// NewKind is the error {"kind":kind}, for a kind that needs no words, such
// as KindUnregistered; invalid UTF-8 as for [New].
func NewKind(kind string) Error {
	w := serde.Writer(make([]byte, 0, len(kind)+12))
	w.Lit(`{"kind":`)
	_ = w.String(strings.ToValidUTF8(kind, "\uFFFD"))
	w.Byte('}')
	return Error{Value: wire.Raw(serde.RawOf(w))}
}

// IsZero reports whether e holds no value.
func (e Error) IsZero() bool { return e.Value.IsZero() }

// Kind is the "kind" member, when the value is an object with a string
// there.
func (e Error) Kind() (string, bool) { return e.stringMember("kind") }

// Text is the "error" member, the words, when the value is an object with a
// string there. (An error relayed from a JSON body may hold anything there;
// the JSON is in Value.)
func (e Error) Text() (string, bool) { return e.stringMember("error") }

// Status is the "status" member, the HTTP status a program answered with,
// when the value is an object with an integer from 0 to 65535 there.
func (e Error) Status() (uint16, bool) {
	v, ok := e.member("status")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(string(v.Bytes()), 10, 16)
	if err != nil {
		return 0, false
	}
	return uint16(n), true
}

// member is the member called name, when the value is an object that has
// one. A Raw holds no repeated name, so the first is the only one.
func (e Error) member(name string) (wire.Raw, bool) {
	b := e.Value.Bytes()
	if len(b) == 0 || b[0] != '{' {
		return wire.Raw{}, false
	}
	for k, v := range serde.Members(b) {
		if k == name {
			return wire.Raw(v), true
		}
	}
	return wire.Raw{}, false
}

// stringMember is member's value when it is a string, decoded.
func (e Error) stringMember(name string) (string, bool) {
	v, ok := e.member(name)
	if !ok || v.Bytes()[0] != '"' {
		return "", false
	}
	d := serde.NewDecoder(v.Bytes())
	s, err := d.ReadString()
	return s, err == nil
}

// Error renders what the peer said, and nothing else: "peer error: " then,
// for an object in the convention (a string kind, and besides it at most
// status and error), the kind, the status in parentheses and the words
// ("peer error: program (status 503): the program is busy"); for any other
// value, its JSON. The zero Error is "peer error: no value".
func (e Error) Error() string {
	const prefix = "peer error: "
	if e.Value.IsZero() {
		return prefix + "no value"
	}
	kind, ok := e.Kind()
	if !ok {
		return prefix + e.Value.String()
	}
	var status, words wire.Raw
	for k, v := range serde.Members(e.Value.Bytes()) {
		switch k {
		case "kind":
		case "status":
			status = wire.Raw(v)
		case "error":
			words = wire.Raw(v)
		default:
			return prefix + e.Value.String()
		}
	}
	s := prefix + kind
	if !status.IsZero() {
		s += " (status " + status.String() + ")"
	}
	if !words.IsZero() {
		text, ok := e.Text()
		if !ok {
			text = words.String()
		}
		s += ": " + text
	}
	return s
}

// DecodeJSON reads src, one whole JSON document of any kind (whitespace
// around it allowed), as serde_json reads a Value. e keeps a copy, not src:
// an error outlives the buffer its frame came in. A failure is a
// *wire.JSONError and leaves e as it was; a nil e is wire.ErrNil.
func (e *Error) DecodeJSON(src []byte) error {
	if e == nil {
		return wire.ErrNil
	}
	v, err := codec.CopyValue(src)
	if err != nil {
		return codec.JSON(err)
	}
	*e = Error{Value: v}
	return nil
}

// EncodeJSON appends e's value to dst, as it is held (its constructors left
// it in serde_json's form). It fails, leaving dst as it was, with a
// *wire.EncodeError: wire.ErrNil for a nil e, wire.ErrNoValue for an Error
// that holds no value.
func (e *Error) EncodeJSON(dst []byte) ([]byte, error) {
	if e == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	if e.Value.IsZero() {
		return dst, &wire.EncodeError{Err: wire.ErrNoValue}
	}
	return append(dst, e.Value.Bytes()...), nil
}
