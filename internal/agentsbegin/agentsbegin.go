// Package agentsbegin holds the one part of the proxy's scopes that the
// public material does not show: the body of an agents begin's Request,
// after its scope tag. It is **inferred** from the crates' older begin,
// which sends {"arguments": <any JSON>} — the container's arguments (seed
// 003: "the container holds its arguments"). Change it here, and only here,
// when the real definition is known.
package agentsbegin

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// The scope tags of a Request to the proxy: its payload's first byte.
const (
	TagAgents     byte = 0 // agents begin (this package's body follows)
	TagTools      byte = 1 // tools begin
	TagMount      byte = 2 // FUSE mount
	TagTree       byte = 3 // filesystem tree
	TagRead       byte = 4 // filesystem read
	TagWrite      byte = 5 // filesystem write
	argumentsName      = "arguments"
)

// ErrBody is an agents begin whose body is not the inferred
// {"arguments": …} object, or that is not an agents begin at all.
var ErrBody = errors.New("agents begin: the request is not tag 0 and {\"arguments\":…}")

// Append appends an agents begin Request payload to dst: tag 0, then
// {"arguments":<arguments>} (inferred). A zero arguments is written null.
func Append(dst []byte, arguments wire.Raw) []byte {
	dst = append(dst, TagAgents)
	dst = append(dst, `{"`+argumentsName+`":`...)
	if arguments.IsZero() {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, arguments.Bytes()...)
	}
	return append(dst, '}')
}

// Parse reads an agents begin Request payload (tag first) and returns its
// arguments, any JSON value. It fails with ErrBody for another tag, a body
// that is not a JSON object, or an object with no "arguments" member
// (serde's derive refuses a missing member of type Value); other members
// are ignored, as serde ignores unknown members. The result may alias
// payload.
func Parse(payload []byte) (wire.Raw, error) {
	tag, body, ok := wire.Split(payload)
	if !ok || tag != TagAgents {
		return wire.Raw{}, ErrBody
	}
	var obj wire.Object
	if err := obj.DecodeJSON(body); err != nil {
		return wire.Raw{}, ErrBody
	}
	args, ok := obj.Get(argumentsName)
	if !ok {
		return wire.Raw{}, ErrBody
	}
	return args, nil
}
