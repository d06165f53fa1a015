// Package chunk is the agentic loop chunk: what a begin response's Chunk
// (tag 2) carries, one step of an agent's conversation as the Rust SDK's
// AgenticLoopChunk types it. A chunk is an object of one of fourteen kinds,
// told apart by its "type" member; each kind is a Go type here, and a
// decoded [Chunk] is a pointer to one of them, so a reader switches on its
// Go type.
//
// The Rust enum is untagged over the fourteen structs, and most of them
// flatten one of rmcp's content structs (package mcpcontent) after their
// own members. What that means on the wire, which this package reproduces:
//
//   - "type" may stand anywhere among the members, once; it is the kind's
//     string or serde's one-member map form {"<string>":null}, and is
//     always written first, as the string;
//   - unknown members are ignored and dropped from the re-encoding, which
//     writes the members in declaration order (a chunk is normalized, not
//     carried verbatim); a null optional member is absent; a repeated
//     member is refused;
//   - usage, notification and assistant_tool_call, which flatten nothing,
//     may also be a JSON array of their members in order; the others only
//     an object;
//   - any failure is the one JSON error of the scope (the Rust message is
//     "data did not match any variant of untagged enum AgenticLoopChunk"),
//     reported as wire.NoVariantMatched unless the document itself is not
//     JSON (syntax, nesting depth, a number out of range).
//
// A relay that forwards an agent's chunk bytes need not decode them: see
// begin.AppendChunk, and [ValidateJSON] to check them first.
package chunk
