package begin

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Registered is what the container's program declared when it registered,
// as Begun carries it: {"dependencies":[…],"secrets":{…}}, each member
// absent when empty. The proxy sends both exactly as the program produced
// them and reads neither.
type Registered struct {
	// Dependencies are the dependency tool templates, in declared order,
	// each a JSON object carried verbatim (their schema is the registration
	// channel's, outside this protocol). None may be the zero wire.Object.
	Dependencies []wire.Object
	// Secrets are the secrets the program takes, each by name to its mode,
	// in declared order.
	Secrets secrets.Declaration
}

var registeredStruct = serde.Struct[Registered]{Name: "Registered", Fields: []serde.Field[Registered]{
	{Name: "dependencies", Default: true, Read: func(d *serde.Decoder, r *Registered) error {
		r.Dependencies = []wire.Object{}
		return d.Array(func() error {
			t, err := d.Object()
			r.Dependencies = serde.Append(r.Dependencies, wire.Object(t))
			return err
		})
	}},
	{Name: "secrets", Default: true, Read: func(d *serde.Decoder, r *Registered) error {
		return codec.ReadDeclaration(d, &r.Secrets)
	}},
}}

// DecodeJSON reads src, the registration's whole JSON document. The
// templates may alias src. A failure is a *wire.JSONError and leaves r as it
// was.
//
//go:noinline
func (r *Registered) DecodeJSON(src []byte) error {
	return codec.DecodeStruct(src, &registeredStruct, r)
}

// EncodeJSON appends the registration's JSON to dst, leaving out each empty
// member. It fails, leaving dst as it was, with a *wire.EncodeError: for a nil
// r (wire.ErrNil), a zero template ("dependencies[i]", wire.ErrNoValue) or
// one nested too deep for its place (wire.ErrTooDeep), and a declared name or
// Mode the declaration cannot encode ("secrets" and the path inside it; see
// secrets.Declaration.EncodeJSON).
func (r *Registered) EncodeJSON(dst []byte) ([]byte, error) {
	if r == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	w := serde.Writer(dst)
	w.Byte('{')
	first := true
	if len(r.Dependencies) > 0 {
		w.Member(&first, "dependencies")
		w.Byte('[')
		for i, t := range r.Dependencies {
			if i > 0 {
				w.Byte(',')
			}
			// Inside the registration's object and the dependencies array.
			if err := w.Object(serde.Object(t), 2); err != nil {
				return dst, codec.ErrorAt(codec.IndexMember("dependencies", i), err)
			}
		}
		w.Byte(']')
	}
	if r.Secrets.Len() > 0 {
		w.Member(&first, "secrets")
		var err error
		if w, err = r.Secrets.EncodeJSON(w); err != nil {
			return dst, codec.ErrorAt("secrets", err)
		}
	}
	w.Byte('}')
	return w, nil
}
