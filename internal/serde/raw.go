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
	sub := Decoder{src: d.src[:d.pos], pos: start, depth: depth, planned: d.planned}
	out := sub.normalize(make([]byte, 0, d.pos-start))
	d.planned = sub.planned
	return Raw{out}, nil
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
