// Package wire holds the mechanics every frame family of the diverge
// container-proxy protocol shares: splitting a payload into its tag byte and
// body, the errors common to every tagged frame, and a JSON reader and writer
// that accept and produce exactly what the Rust reference (serde_json 1.0
// with serde derive) does.
//
// # Payloads
//
// A payload is one tag byte followed by that variant's body: compact JSON,
// raw bytes, or nothing. [Split] separates the two; a payload with no byte at
// all is [ErrEmpty], and a tag a family does not know is an
// [*UnknownTagError]. Bare variants never look past their tag, so bytes
// after a bare tag are accepted and dropped, as the Rust decoders do.
//
// # JSON, the serde_json way
//
// Go's encoding/json differs from serde_json in ways that matter on this
// wire: it escapes <, >, & and U+2028/U+2029, matches member names without
// regard to case, lets a repeated member win silently and accepts invalid
// UTF-8. This package therefore reads and writes JSON itself:
//
//   - [Writer] appends compact JSON with serde_json's string escaping and
//     float formatting (the shortest digits, laid out as serde_json 1.0.150 lays them out, with ".0" on whole numbers).
//   - [Decoder] reads it with serde's rules: case-sensitive member names,
//     duplicate struct members rejected, unknown members skipped, a struct
//     also accepted as an array of its members, the 127-deep nesting limit,
//     serde_json's own (not always correctly rounded) float parsing and its
//     range checks.
//   - [Raw] and [Object] carry JSON the protocol treats as opaque (secret
//     values, chunks, templates, _meta). A decoded one is the producer's bytes
//     when those are already what serde_json would write, which is always the
//     case for a Rust producer, and otherwise the value normalized exactly as
//     serde_json would re-serialize it. Only decoders and checked
//     constructors ([ParseRaw], [ParseObject], [MarshalRaw], [MarshalObject],
//     [StringRaw]) make one, so an encoder can write one unread.
//
// # Encoding what Rust could hold
//
// Every encoder writes exactly what the reference writes for the same value,
// or refuses a value the reference could not hold, with an [*EncodeError]
// naming the member ("content[2].text") and the reason: [ErrInvalidUTF8] for
// a string that is not UTF-8 (checked in the same pass that finds the bytes
// to escape), [ErrNil] for a nil frame, block or contents, [ErrNoValue] for a
// zero Raw or Object where one is required, [ErrUnknownValue] for an enum
// value the protocol does not have, and [ErrTooDeep] for a Raw or Object
// that would pass the nesting limit where it stands in the payload (the
// limit counts from the payload's top, so [Writer.Value] takes the level).
// The message never quotes the value. A
// failing encoder gives back its dst as it was. The relay paths
// ([AppendTagged] and the begin package's AppendChunk and AppendInactive)
// frame bytes encoded elsewhere and check nothing.
//
// # Memory
//
// Decoded values may alias the payload they were decoded from ([Raw],
// [Object] and byte-array fields); strings are copied. A caller that reuses a
// payload buffer must finish with the decoded value first, or copy it.
package wire
