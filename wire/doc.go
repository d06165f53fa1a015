// Package wire holds what every frame family of the diverge container-proxy
// protocol shares and a user of the families handles: the opaque JSON
// values (Raw, Object), the errors (FrameError, JSONError, EncodeError and
// their reasons) and the few helpers a relay needs (Split, AppendTagged).
// The JSON engine behind the families, which accepts and produces exactly
// what the Rust reference (serde_json 1.0.150 with serde 1.0.228 derive)
// does, is internal to the module.
//
// # Bytes in and out
//
// Every package uses the same names:
//
//   - Decode(src) error and Encode(dst) ([]byte, error) read and write a whole
//     frame, its tag byte first (an answer, a begin response or channel
//     request).
//   - DecodeJSON(src) error and EncodeJSON(dst) ([]byte, error) read and write
//     a JSON body, which has no tag (an enqueue request, secret values, an
//     error object).
//   - DecodeX(src) and EncodeX(dst, v) (DecodeXJSON, EncodeXJSON for a
//     body) are the same for a sealed interface X, as package functions.
//   - AppendX(dst, ...) []byte frames bytes made elsewhere, unread: the relay
//     path. It cannot fail.
//
// Every Encode appends to dst and, when it fails, gives dst back as it was
// with an *EncodeError; every Decode leaves its receiver as it was when it
// fails; a nil receiver is [ErrNil], never a panic.
//
// # Payloads
//
// A payload is one tag byte followed by that variant's body: compact JSON,
// raw bytes, or nothing. Split separates the two; a payload with no byte at
// all is ErrEmpty, and a tag a family does not know is an *UnknownTagError.
// Bare variants never look past their tag, so bytes after a bare tag are
// accepted and dropped, as the Rust decoders do. A family's decode error is
// its own instance of FrameError (enqueue.FrameError,
// begin.ResponseFrameError, ...), so errors.As tells the families apart; a
// body that is not the JSON the schema wants has a *JSONError as its cause.
//
// # JSON, the serde_json way
//
// Go's encoding/json differs from serde_json in ways that matter on this
// wire: it escapes <, >, & and U+2028/U+2029, matches member names without
// regard to case, lets a repeated member win silently and accepts invalid
// UTF-8. The families therefore read with serde's rules (case-sensitive
// member names, duplicate struct members rejected, unknown members skipped,
// a struct also accepted as an array of its members, the MaxDepth nesting
// limit, serde_json's own float parsing and range checks) and write with
// serde_json's string escaping and float formatting.
//
// Raw and Object carry JSON the protocol treats as opaque (secret values,
// chunks, templates, _meta). A decoded one is the producer's bytes when
// those are already what serde_json would write, which is always the case
// for a Rust producer, and otherwise the value normalized exactly as
// serde_json would re-serialize it. Only the decoders (Raw.DecodeJSON and
// Object.DecodeJSON among them) and the checked constructors (NewRaw,
// NewObject, NewRawString) make one, so an encoder can write one unread.
//
// # Encoding what Rust could hold
//
// Every encoder writes exactly what the reference writes for the same
// value, or refuses a value the reference could not hold, with an
// *EncodeError naming the member ("content[2].text") and the reason:
// ErrInvalidUTF8 for a string that is not UTF-8, ErrNil for a nil frame,
// block or contents, ErrNoValue for a zero Raw or Object where one is
// required, ErrUnknownValue for an enum value the protocol does not have,
// ErrUnset for an answer whose outcome was never set, and ErrTooDeep for a
// Raw or Object that would pass the nesting limit where it stands in the
// payload (the limit counts from the payload's top). The message never
// quotes the value. The relay paths (AppendTagged and the begin package's
// AppendChunk and AppendInactive) frame bytes encoded elsewhere and check
// nothing.
//
// # Memory
//
// Decoded values may alias the payload they were decoded from (Raw, Object
// and byte-array fields); strings are copied. A caller that reuses a payload
// buffer must finish with the decoded value first, or copy it.
package wire
