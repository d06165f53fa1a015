package wire

import (
	"bytes"
	"encoding/json"
	"iter"
	"log/slog"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
)

// Raw is one JSON value in the form serde_json writes it: compact, its
// strings valid UTF-8 and escaped as serde_json escapes them, its numbers as
// serde_json prints them and no object repeating a member name. It is how
// the protocol's opaque values travel (secret values, and inside an [Object]
// every member).
//
// Its bytes are unexported so that every Raw is one of these: the only ways
// to make one are the decoders ([Raw.DecodeJSON] among them), [NewRaw] and
// [NewRawString], each of which checks the value and leaves it in
// serde_json's form. The
// zero Raw holds no value at all (it is not null): encoders leave an optional
// one out and refuse a required one with [ErrNoValue].
type Raw serde.Raw

// Object is a JSON object in the form [Raw] describes: a chunk, a dependency
// template, an MCP _meta. Member order is the producer's. As for Raw, the
// only ways to make one are the decoders ([Object.DecodeJSON] among them)
// and [NewObject].
// The zero Object is absent, which differs from the empty object "{}".
//
// (No conversion turns a Raw that is not an object into an Object.)
type Object serde.Object

// DecodeJSON reads src, exactly one JSON value (whitespace around it
// allowed) as serde_json reads a Value, into r in serde_json's form. r may
// alias src. A failure is a *JSONError and leaves r as it was; a nil r is
// ErrNil.
func (r *Raw) DecodeJSON(src []byte) error { return decodeTo(r, src, decodeRaw) }

// EncodeJSON appends r's JSON text to dst. It fails, leaving dst as it was,
// with a *EncodeError for the zero Raw (ErrNoValue).
func (r Raw) EncodeJSON(dst []byte) ([]byte, error) {
	if r.IsZero() {
		return dst, &EncodeError{Err: ErrNoValue}
	}
	return append(dst, r.Bytes()...), nil
}

// decodeRaw is b as a Raw, checked and normalized; it may alias b.
func decodeRaw(b []byte) (Raw, error) {
	d := serde.NewDecoder(b)
	v, err := d.Value()
	if err == nil {
		err = d.End()
	}
	if err != nil {
		return Raw{}, jsonError(err)
	}
	return Raw(v), nil
}

// DecodeJSON is [Raw.DecodeJSON] for a value that must be an object. A
// failure is a *JSONError and leaves o as it was; a nil o is ErrNil.
func (o *Object) DecodeJSON(src []byte) error { return decodeTo(o, src, decodeObject) }

// decodeTo stores decode(src) in *v, or leaves *v as it was on failure; a
// nil v is ErrNil.
func decodeTo[T Raw | Object](v *T, src []byte, decode func([]byte) (T, error)) error {
	if v == nil {
		return ErrNil
	}
	x, err := decode(src)
	if err != nil {
		return err
	}
	*v = x
	return nil
}

// EncodeJSON appends o's JSON text to dst. It fails, leaving dst as it was,
// with a *EncodeError for the zero Object (ErrNoValue).
func (o Object) EncodeJSON(dst []byte) ([]byte, error) { return o.Raw().EncodeJSON(dst) }

// decodeObject is b as an Object, checked and normalized; it may alias b.
func decodeObject(b []byte) (Object, error) {
	d := serde.NewDecoder(b)
	v, err := d.Object()
	if err == nil {
		err = d.End()
	}
	if err != nil {
		return Object{}, jsonError(err)
	}
	return Object(v), nil
}

// NewRaw encodes v with encoding/json and normalizes the result to
// serde_json's form (so "<" stays "<" and floats print as serde_json prints
// them). Member order is what encoding/json produces: struct field order, or
// sorted keys for a Go map.
//
// encoding/json would write each byte of a Go string that is not UTF-8 as
// the escape \ufffd, silently; NewRaw refuses such a value with
// [ErrInvalidUTF8] instead, as every encoder here does. (So it also refuses
// a \ufffd escape that a MarshalJSON method wrote itself: give such JSON to
// [Raw.DecodeJSON].)
//
// A failure never quotes v, which may be a secret: encoding/json's errors,
// whose texts may (as "json: invalid number literal" does), are kept only
// when they name nothing but Go types (*json.UnsupportedTypeError, and a
// *json.MarshalerError with its cause made quiet); the others become
// [ErrMarshal].
func NewRaw(v any) (Raw, error) {
	b, err := marshal(v)
	if err != nil {
		return Raw{}, err
	}
	return decodeRaw(b)
}

// NewObject is [NewRaw] for a value that must encode as a JSON object (a
// struct, a map, or a type whose MarshalJSON writes an object).
func NewObject(v any) (Object, error) {
	b, err := marshal(v)
	if err != nil {
		return Object{}, err
	}
	return decodeObject(b)
}

// marshal is json.Marshal, refusing the output when it holds the escape
// encoding/json writes for bytes that are not UTF-8. Its errors quote
// nothing of v (see quietJSON).
func marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, quietJSON(err, ErrMarshal)
	}
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte(`\ufffd`))
		if j < 0 {
			return b, nil
		}
		j += i
		// An escape only if the backslash is not itself escaped: an odd
		// run of backslashes ends here.
		n := 0
		for k := j; k >= 0 && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 1 {
			return nil, ErrInvalidUTF8
		}
		i = j + 1
	}
}

// NewRawString is s as a JSON string. s must be valid UTF-8, as every Rust
// string is; otherwise the error is [ErrInvalidUTF8].
func NewRawString(s string) (Raw, error) {
	b, err := serde.AppendString(nil, s)
	if err != nil {
		return Raw{}, err
	}
	return Raw(serde.RawOf(b)), nil
}

// Bytes is r's JSON text, nil for the zero Raw. It aliases r (and what r was
// decoded from): do not modify it.
func (r Raw) Bytes() []byte { return serde.Raw(r).Bytes() }

// IsZero reports whether r is the zero Raw, holding no value.
func (r Raw) IsZero() bool { return r.Bytes() == nil }

// IsNull reports whether r is the JSON null.
func (r Raw) IsNull() bool { return string(r.Bytes()) == "null" }

// String is r's JSON text, "" for the zero Raw. Where r is a secret's value,
// printing it prints the secret.
func (r Raw) String() string { return string(r.Bytes()) }

// MarshalJSON is r's JSON text itself, so that encoding/json embeds r as the
// value it is; the zero Raw is written as null.
func (r Raw) MarshalJSON() ([]byte, error) {
	if r.Bytes() == nil {
		return []byte("null"), nil
	}
	return r.Bytes(), nil
}

// LogValue makes log/slog print r as its JSON text: slog's JSON handler
// embeds the value itself, its text handler prints the text as a quoted
// string. The zero Raw logs as null. Where r is a secret's value, logging it
// logs the secret.
func (r Raw) LogValue() slog.Value { return logJSON(r.Bytes()) }

// logJSON is b as a slog value that both of slog's handlers print as JSON
// text; nil is null.
func logJSON(b []byte) slog.Value {
	if b == nil {
		b = []byte("null")
	}
	return slog.AnyValue(json.RawMessage(b))
}

// UnmarshalJSON sets r to a copy of b, checked and normalized as
// [Raw.DecodeJSON] does, so that a Raw can be a member of the caller's own
// types.
func (r *Raw) UnmarshalJSON(b []byte) error {
	v, err := decodeRaw(b)
	if err != nil {
		return err
	}
	*r = Raw(serde.RawOf(bytes.Clone(v.Bytes())))
	return nil
}

// Depth is how deeply r's arrays and objects nest: 0 for a scalar or the
// zero Raw, 1 for [1] or {}, 2 for [[]] or {"a":{}}. A decoder or constructor
// allows at most MaxDepth, counted from the top of what it read.
func (r Raw) Depth() int { return serde.Depth(r.Bytes()) }

// DecodeInto decodes r into v with encoding/json, for a caller's own types
// (the way back from [NewRaw]).
// encoding/json's rules apply there (member names match without regard to
// case, for one); the bytes themselves were checked when r was made. A
// failure never quotes r, which may be a secret: a *json.UnmarshalTypeError
// keeps its Go types and the JSON kind but not the value, and an error whose
// text is not known (an UnmarshalJSON or UnmarshalText method's, such as
// time.Time's or big.Int's, which quote their input) becomes [ErrUnmarshal].
func (r Raw) DecodeInto(v any) error { return quietJSON(json.Unmarshal(r.Bytes(), v), ErrUnmarshal) }

// Raw is o as a Raw: the same bytes.
func (o Object) Raw() Raw { return Raw(serde.RawOf(o.Bytes())) }

// Bytes is o's JSON text, nil for the zero Object. It aliases o (and what o
// was decoded from): do not modify it.
func (o Object) Bytes() []byte { return serde.Object(o).Bytes() }

// IsZero reports whether o is the zero Object, which is absent.
func (o Object) IsZero() bool { return o.Bytes() == nil }

// Depth is how deeply o nests, as [Raw.Depth] counts: 1 for {"a":1}.
func (o Object) Depth() int { return serde.Depth(o.Bytes()) }

// String is o's JSON text, "" for the zero Object.
func (o Object) String() string { return string(o.Bytes()) }

// MarshalJSON is o's JSON text itself; the zero Object is written as null.
func (o Object) MarshalJSON() ([]byte, error) { return o.Raw().MarshalJSON() }

// LogValue makes log/slog print o as its JSON text, as [Raw.LogValue] does;
// the zero Object logs as null.
func (o Object) LogValue() slog.Value { return logJSON(o.Bytes()) }

// UnmarshalJSON sets o to a copy of b, checked and normalized as
// [Object.DecodeJSON] does.
func (o *Object) UnmarshalJSON(b []byte) error {
	v, err := decodeObject(b)
	if err != nil {
		return err
	}
	*o = Object(serde.ObjectOf(bytes.Clone(v.Bytes())))
	return nil
}

// DecodeInto decodes o into v with encoding/json; see [Raw.DecodeInto].
// Its failures quote nothing of o, as Raw.DecodeInto's do.
func (o Object) DecodeInto(v any) error { return quietJSON(json.Unmarshal(o.Bytes(), v), ErrUnmarshal) }

// All yields o's members in order, each name decoded from JSON; the yielded
// values alias o.
func (o Object) All() iter.Seq2[string, Raw] {
	return func(yield func(string, Raw) bool) {
		for name, v := range serde.Members(o.Bytes()) {
			if !yield(name, Raw(v)) {
				return
			}
		}
	}
}

// Get returns the member called name, if o has it.
func (o Object) Get(name string) (Raw, bool) {
	for k, v := range o.All() {
		if k == name {
			return v, true
		}
	}
	return Raw{}, false
}

// Len is the number of o's members.
func (o Object) Len() int {
	n := 0
	for range o.All() {
		n++
	}
	return n
}

// MaxDepth is how deeply arrays and objects may nest in a payload, counted
// from its top: serde_json's recursion limit, which every reader enforces.
const MaxDepth = serde.MaxDepth
