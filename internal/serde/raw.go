package serde

import (
	"bytes"
	"iter"
)

// Raw is one JSON value in serde_json's form; the package wire's Raw is
// this type, with its methods. Only the decoder and RawOf make one.
type Raw struct{ b []byte }

// Object is a JSON object in serde_json's form; see Raw.
type Object struct{ obj []byte }

// RawOf is b, already in serde_json's form, as a Raw.
func RawOf(b []byte) Raw { return Raw{b} }

// ObjectOf is b, an object already in serde_json's form, as an Object.
func ObjectOf(b []byte) Object { return Object{b} }

// Bytes is r's JSON text; nil for the zero Raw.
func (r Raw) Bytes() []byte { return r.b }

// Bytes is o's JSON text; nil for the zero Object.
func (o Object) Bytes() []byte { return o.obj }

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
	if d.scanCompact() {
		return Raw{d.src[start:d.pos]}, nil
	}
	d.pos = start
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

// Depth is the nesting depth of b, one JSON value in serde_json's form.
func Depth(b []byte) int {
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

// Members yields the members of obj, an object in serde_json's form, in
// order, each name decoded; the values alias obj.
func Members(obj []byte) iter.Seq2[string, Raw] {
	return func(yield func(string, Raw) bool) {
		if len(obj) == 0 {
			return
		}
		d := NewDecoder(obj)
		_ = d.Map(func(name []byte) error {
			start := d.pos
			if _, err := d.scanValue(false); err != nil {
				return err
			}
			if !yield(string(name), Raw{obj[start:d.pos]}) {
				return errStop
			}
			return nil
		})
	}
}

var errStop = &Error{}
