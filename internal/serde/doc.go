// Package serde is the module's JSON engine: a Decoder that accepts exactly
// what serde 1.0.228 derive over serde_json 1.0.150 accepts, and a Writer
// that writes what serde_json writes. The frame families describe their
// structs as tables (Struct, one Field per member beside its reader) and
// read them with ReadStruct; they turn the engine's *Error into the
// *wire.JSONError users see through internal/codec.
//
// Raw and Object here are the data of wire.Raw and wire.Object (those are
// defined on these types, so the families convert between them for free);
// only the decoder and RawOf/ObjectOf make one.
package serde
