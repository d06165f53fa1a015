package wire

import (
	"bytes"
	"encoding/json"
	"iter"
	"log/slog"
)

// Raw is one JSON value in the form serde_json writes it: compact, its
// strings valid UTF-8 and escaped as serde_json escapes them, its numbers as
// serde_json prints them and no object repeating a member name. It is how
// the protocol's opaque values travel (secret values, and inside an [Object]
// every member).
//
// Its bytes are unexported so that every Raw is one of these: the only ways
// to make one are a [Decoder], [ParseRaw], [MarshalRaw] and [StringRaw],
// each of which checks the value and leaves it in serde_json's form. The
// zero Raw holds no value at all (it is not null): encoders leave an optional
// one out and refuse a required one with [ErrNoValue].
type Raw struct{ b []byte }

// Object is a JSON object in the form [Raw] describes: a chunk, a dependency
// template, an MCP _meta. Member order is the producer's. As for Raw, the
// only ways to make one are a [Decoder], [ParseObject] and [MarshalObject].
// The zero Object is absent, which differs from the empty object "{}".
//
// (Its field differs from Raw's so that no conversion turns a Raw that is
// not an object into an Object.)
type Object struct{ obj []byte }

// Value reads one JSON value as serde_json reads a Value and returns it in
// serde_json's form: the source bytes themselves when they are already in
// that form (the Raw then aliases the source), else a normalized copy with
// escapes and numbers rewritten and repeated member names collapsed (the last
// value, at the first name's place), as serde_json would re-serialize it.
func (d *Decoder) Value() (Raw, error) {
	if _, err := d.next(); err != nil {
		return Raw{}, err
	}
	start, depth := d.pos, d.depth
	canon, err := d.scanValue(true)
	if err != nil {
		return Raw{}, err
	}
	if canon {
		return Raw{d.src[start:d.pos]}, nil
	}
	sub := Decoder{src: d.src[:d.pos], pos: start, depth: depth}
	return Raw{sub.canonical(nil)}, nil
}

// Object reads a JSON object as [Decoder.Value] reads any value; anything
// else is a type error.
func (d *Decoder) Object() (Object, error) {
	c, err := d.next()
	if err != nil {
		return Object{}, err
	}
	if c != '{' {
		return Object{}, d.typeError("a map")
	}
	v, err := d.Value()
	return Object{v.b}, err
}

// canonical appends the value at the cursor, already checked by scanValue,
// as serde_json would serialize it.
func (d *Decoder) canonical(dst []byte) []byte {
	c, _ := d.next()
	switch {
	case c == 'n' || c == 't' || c == 'f':
		start := d.pos
		for d.pos < len(d.src) && d.src[d.pos] >= 'a' && d.src[d.pos] <= 'z' {
			d.pos++
		}
		return append(dst, d.src[start:d.pos]...)
	case c == '"':
		d.pos++
		s, _, _ := d.strBytes(nil)
		dst, _ = AppendString(dst, s) // checked by scanValue: valid UTF-8
		return dst
	case c == '[':
		_ = d.enter()
		dst = append(dst, '[')
		first := true
		for i := 0; ; i++ {
			if ok, _ := d.more(&first, ']'); !ok {
				return append(dst, ']')
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = d.canonical(dst)
		}
	case c == '{':
		return d.canonicalObject(dst)
	}
	n, _ := d.parseNumber()
	return appendNumber(dst, n)
}

// canonicalObject appends the object at the cursor as serde_json would
// serialize it: members in order, a repeated name at its first place with
// its last value. Members are written straight into dst, so a value nested
// many levels deep is copied once, not once per level; an object that turns
// out to repeat a name is written again from its source by
// canonicalObjectRepeats.
func (d *Decoder) canonicalObject(dst []byte) []byte {
	start, depth, mark := d.pos, d.depth, len(dst)
	_ = d.enter()
	dst = append(dst, '{')
	var seen map[string]struct{}
	first := true
	for n := 0; ; n++ {
		if ok, _ := d.more(&first, '}'); !ok {
			return append(dst, '}')
		}
		name, _, _ := d.key(nil)
		if seen == nil {
			seen = make(map[string]struct{})
		}
		if _, dup := seen[string(name)]; dup {
			d.pos, d.depth = start, depth
			return d.canonicalObjectRepeats(dst[:mark])
		}
		seen[string(name)] = struct{}{}
		if n > 0 {
			dst = append(dst, ',')
		}
		dst, _ = AppendString(dst, name) // checked by scanValue
		dst = append(dst, ':')
		dst = d.canonical(dst)
	}
}

// canonicalObjectRepeats is canonicalObject for an object that repeats a
// name: a first pass finds each name's first place and last value, a second
// writes them, each value canonicalized from the source straight into dst.
func (d *Decoder) canonicalObjectRepeats(dst []byte) []byte {
	_ = d.enter()
	inside := d.depth
	type member struct {
		name  []byte
		value int // where the last value of the name starts in the source
	}
	var members []member
	index := map[string]int{}
	first := true
	for {
		if ok, _ := d.more(&first, '}'); !ok {
			break
		}
		name, _, _ := d.key(nil)
		d.ws()
		at := d.pos
		_, _ = d.scanValue(false)
		if i, dup := index[string(name)]; dup {
			members[i].value = at
			continue
		}
		index[string(name)] = len(members)
		members = append(members, member{name, at})
	}
	end, after := d.pos, d.depth
	dst = append(dst, '{')
	for i, m := range members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst, _ = AppendString(dst, m.name) // checked by scanValue
		dst = append(dst, ':')
		d.pos, d.depth = m.value, inside
		dst = d.canonical(dst)
	}
	d.pos, d.depth = end, after
	return append(dst, '}')
}

// ParseRaw checks that b is exactly one JSON value (whitespace around it
// allowed) as serde_json reads a Value, and returns it in serde_json's form.
// The result may alias b.
func ParseRaw(b []byte) (Raw, error) {
	d := NewDecoder(b)
	v, err := d.Value()
	if err != nil {
		return Raw{}, err
	}
	if err := d.End(); err != nil {
		return Raw{}, err
	}
	return v, nil
}

// ParseObject is [ParseRaw] for a value that must be an object.
func ParseObject(b []byte) (Object, error) {
	d := NewDecoder(b)
	v, err := d.Object()
	if err != nil {
		return Object{}, err
	}
	if err := d.End(); err != nil {
		return Object{}, err
	}
	return v, nil
}

// MarshalRaw encodes v with encoding/json and normalizes the result to
// serde_json's form (so "<" stays "<" and floats print as serde_json prints
// them). Member order is what encoding/json produces: struct field order, or
// sorted keys for a Go map.
//
// encoding/json would write each byte of a Go string that is not UTF-8 as
// the escape \ufffd, silently; MarshalRaw refuses such a value with
// [ErrInvalidUTF8] instead, as every encoder here does. (So it also refuses
// a \ufffd escape that a MarshalJSON method wrote itself: give such JSON to
// [ParseRaw].)
func MarshalRaw(v any) (Raw, error) {
	b, err := marshal(v)
	if err != nil {
		return Raw{}, err
	}
	return ParseRaw(b)
}

// MarshalObject is [MarshalRaw] for a value that must encode as a JSON
// object (a struct, a map, or a type whose MarshalJSON writes an object).
func MarshalObject(v any) (Object, error) {
	b, err := marshal(v)
	if err != nil {
		return Object{}, err
	}
	return ParseObject(b)
}

// marshal is json.Marshal, refusing the output when it holds the escape
// encoding/json writes for bytes that are not UTF-8.
func marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
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

// StringRaw is s as a JSON string. s must be valid UTF-8, as every Rust
// string is; otherwise the error is [ErrInvalidUTF8].
func StringRaw(s string) (Raw, error) {
	b, err := AppendString(nil, s)
	if err != nil {
		return Raw{}, err
	}
	return Raw{b}, nil
}

// Bytes is r's JSON text, nil for the zero Raw. It aliases r (and what r was
// decoded from): do not modify it.
func (r Raw) Bytes() []byte { return r.b }

// IsZero reports whether r is the zero Raw, holding no value.
func (r Raw) IsZero() bool { return r.b == nil }

// IsNull reports whether r is the JSON null.
func (r Raw) IsNull() bool { return string(r.b) == "null" }

// String is r's JSON text, "" for the zero Raw. Where r is a secret's value,
// printing it prints the secret.
func (r Raw) String() string { return string(r.b) }

// MarshalJSON is r's JSON text itself, so that encoding/json embeds r as the
// value it is; the zero Raw is written as null.
func (r Raw) MarshalJSON() ([]byte, error) {
	if r.b == nil {
		return []byte("null"), nil
	}
	return r.b, nil
}

// LogValue makes log/slog print r as its JSON text: slog's JSON handler
// embeds the value itself, its text handler prints the text as a quoted
// string. The zero Raw logs as null. Where r is a secret's value, logging it
// logs the secret.
func (r Raw) LogValue() slog.Value { return logJSON(r.b) }

// logJSON is b as a slog value that both of slog's handlers print as JSON
// text; nil is null.
func logJSON(b []byte) slog.Value {
	if b == nil {
		b = []byte("null")
	}
	return slog.AnyValue(json.RawMessage(b))
}

// UnmarshalJSON sets r to a copy of b, checked and normalized as [ParseRaw]
// does, so that a Raw can be a member of the caller's own types.
func (r *Raw) UnmarshalJSON(b []byte) error {
	v, err := ParseRaw(b)
	if err != nil {
		return err
	}
	r.b = bytes.Clone(v.b)
	return nil
}

// Depth is how deeply r's arrays and objects nest: 0 for a scalar or the
// zero Raw, 1 for [1] or {}, 2 for [[]] or {"a":{}}. A decoder or constructor
// allows at most MaxDepth, counted from the top of what it read.
func (r Raw) Depth() int { return depthOf(r.b) }

// depthOf is the nesting depth of b, one JSON value in serde_json's form.
func depthOf(b []byte) int {
	depth, deepest := 0, 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '[', '{':
			depth++
			deepest = max(deepest, depth)
		case ']', '}':
			depth--
		case '"':
			// Skip the string: in serde_json's form a quote inside one is
			// always escaped, and so is a backslash.
			for i++; i < len(b); i++ {
				j := bytes.IndexAny(b[i:], `"\`)
				if j < 0 {
					return deepest
				}
				i += j
				if b[i] == '"' {
					break
				}
				i++ // the escaped byte
			}
		}
	}
	return deepest
}

// Unmarshal decodes r into v with encoding/json, for a caller's own types.
// encoding/json's rules apply there (member names match without regard to
// case, for one); the bytes themselves were checked when r was made.
func (r Raw) Unmarshal(v any) error { return json.Unmarshal(r.b, v) }

// Raw is o as a Raw: the same bytes.
func (o Object) Raw() Raw { return Raw{o.obj} }

// Bytes is o's JSON text, nil for the zero Object. It aliases o (and what o
// was decoded from): do not modify it.
func (o Object) Bytes() []byte { return o.obj }

// IsZero reports whether o is the zero Object, which is absent.
func (o Object) IsZero() bool { return o.obj == nil }

// Depth is how deeply o nests, as [Raw.Depth] counts: 1 for {"a":1}.
func (o Object) Depth() int { return depthOf(o.obj) }

// String is o's JSON text, "" for the zero Object.
func (o Object) String() string { return string(o.obj) }

// MarshalJSON is o's JSON text itself; the zero Object is written as null.
func (o Object) MarshalJSON() ([]byte, error) { return Raw{o.obj}.MarshalJSON() }

// LogValue makes log/slog print o as its JSON text, as [Raw.LogValue] does;
// the zero Object logs as null.
func (o Object) LogValue() slog.Value { return logJSON(o.obj) }

// UnmarshalJSON sets o to a copy of b, checked and normalized as
// [ParseObject] does.
func (o *Object) UnmarshalJSON(b []byte) error {
	v, err := ParseObject(b)
	if err != nil {
		return err
	}
	o.obj = bytes.Clone(v.obj)
	return nil
}

// Unmarshal decodes o into v with encoding/json; see [Raw.Unmarshal].
func (o Object) Unmarshal(v any) error { return json.Unmarshal(o.obj, v) }

// All yields o's members in order, each name decoded from JSON; the yielded
// values alias o.
func (o Object) All() iter.Seq2[string, Raw] {
	return func(yield func(string, Raw) bool) {
		if len(o.obj) == 0 {
			return
		}
		d := NewDecoder(o.obj)
		_ = d.Map(func(name []byte) error {
			start := d.pos
			if _, err := d.scanValue(false); err != nil {
				return err
			}
			if !yield(string(name), Raw{o.obj[start:d.pos]}) {
				return errStop
			}
			return nil
		})
	}
}

var errStop = &JSONError{}

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
