package secrets

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"unicode/utf8"

	orderedmap "github.com/wk8/go-ordered-map/v2"

	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Values maps secret names to their values, any JSON, in order: what the
// server feeds a program (every declared name) and what the program hands
// back at an Inactive (every Rotating name).
//
// A Values is a reference to its entries, like a Go map: a copy (an
// assignment, a function argument, a struct holding it) shares the entries
// with the original, so a Set, Delete or Decode through one is seen through
// every other. Use Clone for an independent copy. The zero Values is empty
// and ready to use, but it has no entries to share yet, like a nil map: its
// first Set (or Decode) makes them for that variable only, so a copy taken
// before then stays empty. Make a Values with NewValues when copies of an
// empty one must share.
//
// Treat a Values as secret throughout: fmt (every verb), log/slog and
// encoding/json show its names and print "<hidden>" for every value. A value
// is shown only when asked for: by name with Get, GetString or GetJSON, or
// all of them with All and Encode.
type Values struct {
	e *entries[wire.Raw]
}

// ErrNotString is the reason GetString fails for a value that is not a JSON
// string.
var ErrNotString = errors.New("not a JSON string")

// NewValues returns an empty Values whose entries exist already, so that
// its copies share them from the start (see Values).
func NewValues() Values {
	return Values{e: newEntries[wire.Raw](0)}
}

// Clone returns an independent copy of v: the same names and values in the
// same order, in entries of its own, with every value's bytes copied (into
// one new block). Nothing in the clone aliases v or the buffer v was decoded
// from, so a caller may reuse that buffer and the clone's values stay as
// they were; only the names, Go strings that cannot change, are shared. A
// zero wire.Raw stays zero.
func (v Values) Clone() Values {
	c := Values{e: newEntries[wire.Raw](v.Len())}
	size := 0
	v.e.each(func(_ int, _ string, r wire.Raw) bool {
		size += len(r.Bytes())
		return true
	})
	block := make([]byte, 0, size)
	m := c.e.ordered()
	v.e.each(func(_ int, name string, r wire.Raw) bool {
		if b := r.Bytes(); b != nil {
			start := len(block)
			block = append(block, b...)
			r = wire.Raw(serde.RawOf(block[start:len(block):len(block)]))
		}
		m.Set(name, r)
		return true
	})
	return c
}

// Set gives name the value, one JSON value (from wire.Raw.DecodeJSON,
// wire.NewRaw, wire.NewRawString or a decoder, which leave it in
// serde_json's form). A name already present keeps its place. A zero
// wire.Raw is no value: Encode refuses it.
func (v *Values) Set(name string, value wire.Raw) {
	if v.e == nil {
		v.e = newEntries[wire.Raw](0)
	}
	v.e.ordered().Set(name, value)
}

// Get returns name's value: the only way, with GetString and GetJSON, to
// see a value.
func (v Values) Get(name string) (wire.Raw, bool) { return v.e.get(name) }

// Delete removes name.
func (v *Values) Delete(name string) {
	if v.e != nil {
		v.e.ordered().Delete(name)
	}
}

// Len is the number of names.
func (v Values) Len() int { return v.e.len() }

// All yields each name and value, in order.
func (v Values) All() iter.Seq2[string, wire.Raw] { return v.e.all() }

// Ordered is v's entries as wk8's ordered map, the one v refers to: a change
// made through it is a change to v (and to every copy of v). A decoded
// Values makes the map at its first lookup or change, not before, so that
// decoding costs a few allocations whatever the number of names; Ordered
// makes it then. It returns nil for the zero Values, which has no entries
// yet.
func (v Values) Ordered() *orderedmap.OrderedMap[string, wire.Raw] {
	if v.e == nil {
		return nil
	}
	return v.e.ordered()
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

// DecodeJSON reads src, the values' whole JSON document: an object of names to
// any JSON, and makes them v's entries in place of those it had (copies of v
// see them). A repeated name keeps its first place and its last value, as
// the reference's map does. Each value's bytes may alias src (a value
// already in serde_json's form is kept where it is, not copied); the names
// are copies. Clone makes a Values that holds nothing of src. A failure is a
// *wire.JSONError, which quotes nothing, and leaves v as it was.
func (v *Values) DecodeJSON(src []byte) error {
	if v == nil {
		return wire.ErrNil
	}
	return decodeEntries(&v.e, src, readValue)
}

// readValue reads one secret's value: any JSON, in serde_json's form.
func readValue(d *serde.Decoder) (wire.Raw, error) {
	r, err := d.Value()
	return wire.Raw(r), err
}

// EncodeJSON appends the values' JSON to dst, each value as it is held. It
// fails, leaving dst as it was, with a *wire.EncodeError: wire.ErrNil for a
// nil v; for a name that is not valid UTF-8 (its Member "[name i]", i the
// name's place, since the name cannot be shown); and for a zero wire.Raw
// value (wire.ErrNoValue) or one nested deeper than a reader allows inside
// the values' object (wire.ErrTooDeep), its Member ["name"]. No message holds
// a value.
func (v *Values) EncodeJSON(dst []byte) ([]byte, error) {
	if v == nil {
		return dst, &wire.EncodeError{Err: wire.ErrNil}
	}
	return v.e.appendJSON(dst, writeValue)
}

// writeValue writes one secret's value, inside the values' object.
func writeValue(dst []byte, value wire.Raw) ([]byte, error) {
	w := serde.Writer(dst)
	err := w.Value(serde.Raw(value), 1)
	return w, err
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
	w := serde.Writer(make([]byte, 0, 2+v.Len()*16))
	w.Byte('{')
	i := 0
	for name := range v.Names() {
		if i > 0 {
			w.Byte(',')
		}
		if err := w.String(name); err != nil {
			return nil, codec.ErrorAt(codec.KeyNameMember("", i), err)
		}
		w.Lit(`:"` + hidden + `"`)
		i++
	}
	w.Byte('}')
	return w, nil
}

// SetString gives name the JSON string s. It fails with a *wire.EncodeError
// (errors.Is wire.ErrInvalidUTF8) when s or name is not valid UTF-8, leaving
// v as it was; the error names the secret, never the value.
func (v *Values) SetString(name, s string) error {
	if !utf8.ValidString(name) {
		return codec.ErrorAt("[name]", wire.ErrInvalidUTF8)
	}
	r, err := wire.NewRawString(s)
	if err != nil {
		return codec.ErrorAt(codec.KeyMember("", name), err)
	}
	v.Set(name, r)
	return nil
}

// GetString returns name's value when it is a JSON string, unescaped. ok is
// false when name is absent; err (errors.Is ErrNotString) when the value is
// another kind of JSON. The error names the secret, never the value.
func (v Values) GetString(name string) (s string, ok bool, err error) {
	r, ok := v.Get(name)
	if !ok {
		return "", false, nil
	}
	b := r.Bytes()
	if len(b) == 0 || b[0] != '"' {
		return "", true, &ValueError{Name: name, Err: ErrNotString}
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return "", true, &ValueError{Name: name, Err: ErrNotString}
	}
	return s, true, nil
}

// SetJSON gives name the value x encoded with encoding/json, as
// wire.NewRaw encodes it (so a string that is not valid UTF-8 is
// refused rather than altered). It fails with a *wire.EncodeError naming the
// secret, whose reason quotes nothing of x (see wire.NewRaw), leaving v
// as it was.
func (v *Values) SetJSON(name string, x any) error {
	if !utf8.ValidString(name) {
		return codec.ErrorAt("[name]", wire.ErrInvalidUTF8)
	}
	r, err := wire.NewRaw(x)
	if err != nil {
		return codec.ErrorAt(codec.KeyMember("", name), err)
	}
	v.Set(name, r)
	return nil
}

// GetJSON decodes name's value into x with encoding/json. ok is false when
// name is absent (x is then untouched); a decoding failure is a *ValueError
// whose reason quotes nothing of the value, as wire.Raw.DecodeInto's does: a
// *json.UnmarshalTypeError with the JSON kind in place of the value, or
// wire.ErrUnmarshal for an error whose text could quote it (time.Time's,
// netip.Addr's, big.Int's or any UnmarshalJSON method's).
func (v Values) GetJSON(name string, x any) (ok bool, err error) {
	r, ok := v.Get(name)
	if !ok {
		return false, nil
	}
	if err := r.DecodeInto(x); err != nil {
		return true, &ValueError{Name: name, Err: err}
	}
	return true, nil
}

// ValueError reports a secret value that could not be read as asked. Its
// message names the secret, never its value: the Err this package puts
// there quotes none (see GetJSON).
type ValueError struct {
	Name string // the secret's name
	Err  error  // the reason, such as ErrNotString or wire.ErrUnmarshal
}

// Error names the secret and the reason.
func (e *ValueError) Error() string {
	name := e.Name
	if !utf8.ValidString(name) {
		name = "(a name that is not UTF-8)"
	} else {
		name = fmt.Sprintf("%q", name)
	}
	reason := "unreadable value"
	if e.Err != nil {
		reason = e.Err.Error()
	}
	return "secrets: value of " + name + ": " + reason
}

// Unwrap returns the reason.
func (e *ValueError) Unwrap() error { return e.Err }
