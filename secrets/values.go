package secrets

import (
	"fmt"
	"iter"
	"log/slog"

	orderedmap "github.com/wk8/go-ordered-map/v2"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Values maps secret names to their values, any JSON, in order: what the
// server feeds a program (every declared name) and what the program hands
// back at an Inactive (every Rotating name). The zero value is empty and
// ready to use.
//
// Treat a Values as secret throughout: fmt (every verb), log/slog and
// encoding/json show its names and print "<hidden>" for every value. A value
// is shown only when asked for by name, with Get.
type Values struct {
	m *orderedmap.OrderedMap[string, wire.Raw]
}

// Set gives name the value, one JSON value (from wire.ParseRaw,
// wire.MarshalRaw, wire.StringRaw or a decoder, which leave it in
// serde_json's form). A name already present keeps its place. A zero
// wire.Raw is no value: Encode refuses it.
func (v *Values) Set(name string, value wire.Raw) {
	if v.m == nil {
		v.m = orderedmap.New[string, wire.Raw]()
	}
	v.m.Set(name, value)
}

// Get returns name's value.
func (v Values) Get(name string) (wire.Raw, bool) {
	if v.m == nil {
		return wire.Raw{}, false
	}
	return v.m.Get(name)
}

// Delete removes name.
func (v *Values) Delete(name string) {
	if v.m != nil {
		v.m.Delete(name)
	}
}

// Len is the number of names.
func (v Values) Len() int {
	if v.m == nil {
		return 0
	}
	return v.m.Len()
}

// All yields each name and value, in order.
func (v Values) All() iter.Seq2[string, wire.Raw] {
	return func(yield func(string, wire.Raw) bool) {
		if v.m == nil {
			return
		}
		for p := v.m.Oldest(); p != nil; p = p.Next() {
			if !yield(p.Key, p.Value) {
				return
			}
		}
	}
}

// Names yields the names, in order.
func (v Values) Names() iter.Seq[string] {
	return func(yield func(string) bool) {
		for name := range v.All() {
			if !yield(name) {
				return
			}
		}
	}
}

// Decode reads src, the values' whole JSON document: an object of names to
// any JSON. A repeated name keeps its first place and its last value, as the
// reference's map does. The values may alias src. A failure is a
// *wire.JSONError, which quotes nothing.
func (v *Values) Decode(src []byte) error {
	d := wire.NewDecoder(src)
	var vals Values
	err := vals.Read(&d)
	if err == nil {
		err = d.End()
	}
	if err != nil {
		return err
	}
	*v = vals
	return nil
}

// Read reads values at d's cursor, adding them to v.
func (v *Values) Read(d *wire.Decoder) error {
	// Gather the members first, so that the map is made at its final size
	// rather than grown (and rehashed) member by member.
	type member struct {
		name  string
		value wire.Raw
	}
	var buf [16]member
	members := buf[:0]
	err := d.Map(func(name []byte) error {
		value, err := d.Value()
		members = wire.Append(members, member{string(name), value})
		return err
	})
	if err != nil {
		return err
	}
	if v.m == nil {
		v.m = orderedmap.New[string, wire.Raw](len(members))
	}
	for _, m := range members {
		v.m.Set(m.name, m.value)
	}
	return nil
}

// Encode appends the values' JSON to dst, each value as it is held. It
// fails, leaving dst as it was, with a *wire.EncodeError for a name that is
// not valid UTF-8 (its Member "[name i]", i the name's place, since the name
// cannot be shown), and for a zero wire.Raw value (wire.ErrNoValue) or one
// nested deeper than a reader allows inside the values' object
// (wire.ErrTooDeep), its Member ["name"]. No message holds a value.
func (v Values) Encode(dst []byte) ([]byte, error) {
	w := wire.Writer(dst)
	w.Byte('{')
	if v.m != nil {
		// The map's own list, not All: a return from inside a loop over an
		// iterator costs more than the loop itself for small maps.
		for p, i := v.m.Oldest(), 0; p != nil; p, i = p.Next(), i+1 {
			if i > 0 {
				w.Byte(',')
			}
			if err := w.String(p.Key); err != nil {
				return dst, wire.EncodeErrorAt(wire.KeyNameMember("", i), err)
			}
			w.Byte(':')
			if err := w.Value(p.Value, 1); err != nil { // inside the values' object
				return dst, wire.EncodeErrorAt(wire.KeyMember("", p.Key), err)
			}
		}
	}
	w.Byte('}')
	return w, nil
}

// hidden is what every printed form of a Values shows for a value.
const hidden = "<hidden>"

// Format prints the names and masks every value, whatever the verb
// (%v, %s, %+v, %#v, %q, %x and any other):
// secrets.Values{"token": <hidden>, "db": <hidden>}.
func (v Values) Format(f fmt.State, _ rune) {
	fmt.Fprint(f, "secrets.Values{")
	first := true
	for name := range v.All() {
		if !first {
			fmt.Fprint(f, ", ")
		}
		first = false
		fmt.Fprintf(f, "%q: <hidden>", name)
	}
	fmt.Fprint(f, "}")
}

// LogValue makes log/slog print v as a group of its names, each with the
// value "<hidden>": v.token=<hidden> under slog's text handler,
// "v":{"token":"<hidden>"} under its JSON handler. (slog leaves an empty
// group out, so an empty Values logs nothing.)
func (v Values) LogValue() slog.Value {
	attrs := make([]slog.Attr, 0, v.Len())
	for name := range v.Names() {
		attrs = append(attrs, slog.String(name, hidden))
	}
	return slog.GroupValue(attrs...)
}

// MarshalJSON writes v for encoding/json as an object of its names, in
// order, each with the string "<hidden>": {"token":"<hidden>"}. It never
// writes a value; use Encode for the wire form. A name that is not valid
// UTF-8 fails as Encode fails on it.
func (v Values) MarshalJSON() ([]byte, error) {
	w := wire.Writer(make([]byte, 0, 2+v.Len()*16))
	w.Byte('{')
	i := 0
	for name := range v.Names() {
		if i > 0 {
			w.Byte(',')
		}
		if err := w.String(name); err != nil {
			return nil, wire.EncodeErrorAt(wire.KeyNameMember("", i), err)
		}
		w.Lit(`:"` + hidden + `"`)
		i++
	}
	w.Byte('}')
	return w, nil
}
