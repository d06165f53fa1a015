package wire

import (
	"encoding/json"
	"iter"
)

// Raw is one JSON value in the form serde_json writes it: compact, its
// strings escaped as serde_json escapes them, its numbers as serde_json
// prints them and no object repeating a member name. It is how the protocol's
// opaque values travel (secret values, and inside an [Object] every member).
//
// A Raw from a decoder or from [ParseRaw] is in that form. A Raw made by
// converting bytes is written as it is, unchecked: encoders trust it, as a
// relay trusts the bytes it frames.
type Raw []byte

// Object is a JSON object in the form [Raw] describes: a chunk, a dependency
// template, an MCP _meta. Member order is the producer's. A nil Object is
// absent, which differs from the empty object "{}".
type Object []byte

// Value reads one JSON value as serde_json reads a Value and returns it in
// serde_json's form: the source bytes themselves when they are already in
// that form (the Raw then aliases the source), else a normalized copy with
// escapes and numbers rewritten and repeated member names collapsed (the last
// value, at the first name's place), as serde_json would re-serialize it.
func (d *Decoder) Value() (Raw, error) {
	if _, err := d.next(); err != nil {
		return nil, err
	}
	start, depth := d.pos, d.depth
	canon, err := d.scanValue(true)
	if err != nil {
		return nil, err
	}
	if canon {
		return Raw(d.src[start:d.pos]), nil
	}
	sub := Decoder{src: d.src[:d.pos], pos: start, depth: depth}
	return Raw(sub.canonical(nil)), nil
}

// Object reads a JSON object as [Decoder.Value] reads any value; anything
// else is a type error.
func (d *Decoder) Object() (Object, error) {
	c, err := d.next()
	if err != nil {
		return nil, err
	}
	if c != '{' {
		return nil, d.typeError("a map")
	}
	v, err := d.Value()
	return Object(v), err
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
		return AppendString(dst, s)
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

func (d *Decoder) canonicalObject(dst []byte) []byte {
	_ = d.enter()
	type member struct {
		name  []byte
		value []byte
	}
	var members []member
	index := map[string]int{}
	first := true
	for {
		if ok, _ := d.more(&first, '}'); !ok {
			break
		}
		name, _, _ := d.key(nil)
		value := d.canonical(nil)
		if i, dup := index[string(name)]; dup {
			members[i].value = value
			continue
		}
		index[string(name)] = len(members)
		members = append(members, member{name, value})
	}
	dst = append(dst, '{')
	for i, m := range members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, m.name)
		dst = append(dst, ':')
		dst = append(dst, m.value...)
	}
	return append(dst, '}')
}

// ParseRaw checks that b is exactly one JSON value (whitespace around it
// allowed) as serde_json reads a Value, and returns it in serde_json's form.
// The result may alias b.
func ParseRaw(b []byte) (Raw, error) {
	d := NewDecoder(b)
	v, err := d.Value()
	if err != nil {
		return nil, err
	}
	return v, d.End()
}

// ParseObject is [ParseRaw] for a value that must be an object.
func ParseObject(b []byte) (Object, error) {
	d := NewDecoder(b)
	v, err := d.Object()
	if err != nil {
		return nil, err
	}
	return v, d.End()
}

// MarshalRaw encodes v with encoding/json and normalizes the result to
// serde_json's form (so "<" stays "<" and floats print as serde_json prints
// them). Member order is what encoding/json produces: struct field order, or
// sorted keys for a Go map.
func MarshalRaw(v any) (Raw, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return ParseRaw(b)
}

// StringRaw is s as a JSON string.
func StringRaw(s string) Raw { return Raw(AppendString(nil, s)) }

// Unmarshal decodes r into v with encoding/json, for a caller's own types.
// encoding/json's rules apply there (member names match without regard to
// case, for one); the bytes themselves were checked when r was decoded.
func (r Raw) Unmarshal(v any) error { return json.Unmarshal(r, v) }

// IsNull reports whether r is the JSON null.
func (r Raw) IsNull() bool { return string(r) == "null" }

// Unmarshal decodes o into v with encoding/json; see [Raw.Unmarshal].
func (o Object) Unmarshal(v any) error { return json.Unmarshal(o, v) }

// All yields o's members in order, each name decoded from JSON. o must be a
// decoded or parsed Object; the yielded values alias o.
func (o Object) All() iter.Seq2[string, Raw] {
	return func(yield func(string, Raw) bool) {
		if len(o) == 0 {
			return
		}
		d := NewDecoder(o)
		_ = d.Map(func(name []byte) error {
			start := d.pos
			if _, err := d.scanValue(false); err != nil {
				return err
			}
			if !yield(string(name), Raw(o[start:d.pos])) {
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
	return nil, false
}

// Len is the number of o's members.
func (o Object) Len() int {
	n := 0
	for range o.All() {
		n++
	}
	return n
}
