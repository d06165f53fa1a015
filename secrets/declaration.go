package secrets

import (
	"fmt"
	"iter"
	"log/slog"

	orderedmap "github.com/wk8/go-ordered-map/v2"

	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Declaration is the program's answer about its secrets: each name it
// takes, to its Mode, in the order the program named them. Empty, the
// program takes none and is never gated.
//
// Like Values, a Declaration is a reference to its entries, as a Go map is:
// copies share them and see each other's Set, Delete and Decode; Clone makes
// an independent copy. The zero Declaration is empty and ready to use, but a
// copy taken before its first Set (or Decode) does not share that Set; make
// it with NewDeclaration when copies of an empty one must share.
//
// A Declaration holds no secret value, so it prints in full: fmt shows
// secrets.Declaration{"token": rotating}, log/slog a group of names to modes
// and encoding/json its wire form, {"token":"rotating"}.
type Declaration struct {
	e *entries[Mode]
}

// NewDeclaration returns an empty Declaration whose entries exist already,
// so that its copies share them from the start.
func NewDeclaration() Declaration {
	return Declaration{e: newEntries[Mode](0)}
}

// Clone returns an independent copy of d: the same names and modes in the
// same order.
func (d Declaration) Clone() Declaration {
	if d.e == nil {
		return NewDeclaration()
	}
	return Declaration{e: d.e.clone()}
}

// Delete removes name.
func (d *Declaration) Delete(name string) {
	if d.e != nil {
		d.e.ordered().Delete(name)
	}
}

// Set declares name with mode. A name already declared keeps its place and
// takes the new mode, as the reference's map does with a repeated name.
func (d *Declaration) Set(name string, mode Mode) {
	if d.e == nil {
		d.e = newEntries[Mode](0)
	}
	d.e.ordered().Set(name, mode)
}

// Get returns the mode declared for name.
func (d Declaration) Get(name string) (Mode, bool) { return d.e.get(name) }

// Len is the number of names declared.
func (d Declaration) Len() int { return d.e.len() }

// All yields each name and its mode, in declared order.
func (d Declaration) All() iter.Seq2[string, Mode] { return d.e.all() }

// Ordered is d's entries as wk8's ordered map, the one d refers to: a
// change made through it is a change to d and its copies. A decoded
// Declaration makes the map at its first lookup or change; Ordered makes it
// then. It returns nil for the zero Declaration.
func (d Declaration) Ordered() *orderedmap.OrderedMap[string, Mode] {
	if d.e == nil {
		return nil
	}
	return d.e.ordered()
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

// DecodeJSON reads src, a declaration's whole JSON document: an object of names
// to "fixed" or "rotating", and makes them d's entries in place of those it
// had (copies of d see them). A failure is a *wire.JSONError, and leaves d
// as it was.
func (d *Declaration) DecodeJSON(src []byte) error {
	if d == nil {
		return wire.ErrNil
	}
	return decodeEntries(&d.e, src, readMode)
}

func init() {
	// Lend begin's Registered the reader of its "secrets" member, which
	// takes the JSON engine's cursor and so is not exported. The
	// declaration it reads into is a fresh one.
	codec.ReadDeclaration = func(dec *serde.Decoder, d any) error {
		e, err := readEntries(dec, nil, readMode)
		if err == nil {
			d.(*Declaration).e = e
		}
		return err
	}
}

// EncodeJSON appends the declaration's JSON to dst. It fails, leaving dst as it
// was, with a *wire.EncodeError: wire.ErrNil for a nil d; for a name that is
// not valid UTF-8 (Member "[name i]", i the name's place); and for a Mode
// that is neither Fixed nor Rotating (Member ["name"]): wire.ErrUnset for the
// zero Mode, wire.ErrUnknownValue for any other.
func (d *Declaration) EncodeJSON(dst []byte) ([]byte, error) {
	if d == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	return d.e.appendJSON(dst, writeMode)
}

// writeMode writes one declared mode.
func writeMode(dst []byte, m Mode) ([]byte, error) {
	w := serde.Writer(dst)
	err := m.append(&w)
	return w, err
}

// Format prints the names and their modes, whatever the verb:
// secrets.Declaration{"api_key": fixed, "token": rotating}.
func (d Declaration) Format(f fmt.State, _ rune) {
	fmt.Fprint(f, "secrets.Declaration{")
	first := true
	for name, mode := range d.All() {
		if !first {
			fmt.Fprint(f, ", ")
		}
		first = false
		fmt.Fprintf(f, "%q: %s", name, mode)
	}
	fmt.Fprint(f, "}")
}

// LogValue makes log/slog print d as a group of its names, each with its
// mode: d.token=rotating under slog's text handler, "d":{"token":"rotating"}
// under its JSON handler. (slog leaves an empty group out.)
func (d Declaration) LogValue() slog.Value {
	attrs := make([]slog.Attr, 0, d.Len())
	for name, mode := range d.All() {
		attrs = append(attrs, slog.String(name, mode.String()))
	}
	return slog.GroupValue(attrs...)
}

// MarshalJSON writes d for encoding/json in its wire form, as Encode does:
// {"api_key":"fixed","token":"rotating"}.
func (d Declaration) MarshalJSON() ([]byte, error) { return d.EncodeJSON(nil) }
