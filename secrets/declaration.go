package secrets

import (
	"iter"

	orderedmap "github.com/wk8/go-ordered-map/v2"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Declaration is the program's answer about its secrets: each name it
// takes, to its Mode, in the order the program named them. Empty, the
// program takes none and is never gated. The zero value is empty and ready
// to use.
type Declaration struct {
	m *orderedmap.OrderedMap[string, Mode]
}

// Set declares name with mode. A name already declared keeps its place and
// takes the new mode, as the reference's map does with a repeated name.
func (d *Declaration) Set(name string, mode Mode) {
	if d.m == nil {
		d.m = orderedmap.New[string, Mode]()
	}
	d.m.Set(name, mode)
}

// Get returns the mode declared for name.
func (d Declaration) Get(name string) (Mode, bool) {
	if d.m == nil {
		return 0, false
	}
	return d.m.Get(name)
}

// Len is the number of names declared.
func (d Declaration) Len() int {
	if d.m == nil {
		return 0
	}
	return d.m.Len()
}

// All yields each name and its mode, in declared order.
func (d Declaration) All() iter.Seq2[string, Mode] {
	return func(yield func(string, Mode) bool) {
		if d.m == nil {
			return
		}
		for p := d.m.Oldest(); p != nil; p = p.Next() {
			if !yield(p.Key, p.Value) {
				return
			}
		}
	}
}

// Rotating yields the names declared Rotating, in order: the names an
// Inactive must carry, and no others.
func (d Declaration) Rotating() iter.Seq[string] {
	return func(yield func(string) bool) {
		for name, mode := range d.All() {
			if mode == Rotating && !yield(name) {
				return
			}
		}
	}
}

// Decode reads src, a declaration's whole JSON document: an object of names
// to "fixed" or "rotating". A failure is a *wire.JSONError.
func (d *Declaration) Decode(src []byte) error {
	dec := wire.NewDecoder(src)
	var decl Declaration
	err := decl.Read(&dec)
	if err == nil {
		err = dec.End()
	}
	if err != nil {
		return err
	}
	*d = decl
	return nil
}

// Read reads a declaration at dec's cursor, adding its names to d.
func (d *Declaration) Read(dec *wire.Decoder) error {
	return dec.Map(func(name []byte) error {
		mode, err := readMode(dec)
		if err == nil {
			d.Set(string(name), mode)
		}
		return err
	})
}

// Encode appends the declaration's JSON to dst. It fails, leaving dst as it
// was, with a *wire.EncodeError for a name that is not valid UTF-8 (Member
// "[name i]", i the name's place) and for a Mode that is neither Fixed nor
// Rotating (wire.ErrUnknownValue, Member ["name"]).
func (d Declaration) Encode(dst []byte) ([]byte, error) {
	w := wire.Writer(dst)
	w.Byte('{')
	if d.m != nil {
		for p, i := d.m.Oldest(), 0; p != nil; p, i = p.Next(), i+1 {
			if i > 0 {
				w.Byte(',')
			}
			if err := w.String(p.Key); err != nil {
				return dst, wire.EncodeErrorAt(wire.KeyNameMember("", i), err)
			}
			w.Byte(':')
			if err := p.Value.append(&w); err != nil {
				return dst, wire.EncodeErrorAt(wire.KeyMember("", p.Key), err)
			}
		}
	}
	w.Byte('}')
	return w, nil
}
