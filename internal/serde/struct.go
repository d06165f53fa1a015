package serde

// Field is one member of a struct T as serde derive reads it: its name, how
// its absence is treated, and the reader that sets it in a T.
type Field[T any] struct {
	// Name is the member's name as serde derive writes it: no quote,
	// backslash or control in it.
	Name string
	// Optional marks an Option: absent from an object, it is None. In the
	// array form it must still be there (serde gives arrays no defaults).
	Optional bool
	// Default marks #[serde(default)]: absent from an object, or missing
	// from the end of the array form, it takes its default.
	Default bool
	// Read reads the member's value at d's cursor into v.
	Read func(d *Decoder, v *T) error
}

// Struct describes a struct T for [ReadStruct]: its members in declaration
// order (at most 64), each beside its reader, and how it treats members it
// does not know.
type Struct[T any] struct {
	Name   string // for messages
	Fields []Field[T]
	// Checked marks a struct that serde reads from buffered content (one
	// inside an internally tagged enum, such as an MCP content block): its
	// unknown members are checked in full, not merely skipped.
	Checked bool
	// MapOnly marks a struct serde reads only from an object: a variant of
	// an untagged enum, which serde derive gives no array form.
	MapOnly bool
}

// index finds the member called name, or -1.
func (s *Struct[T]) index(name []byte) int {
	for i := range s.Fields {
		if s.Fields[i].Name == string(name) {
			return i
		}
	}
	return -1
}

// ReadStruct reads a struct into v as serde derive does: an object whose
// members match s's names exactly (case counts; a repeated member is an
// error; an unknown one is skipped; a missing required one is an error), or
// an array of the members in declaration order. Each member present is read
// by its Field's Read.
func ReadStruct[T any](d *Decoder, s *Struct[T], v *T) error {
	c, err := d.next()
	if err != nil {
		return err
	}
	switch {
	case c == '{':
		if err := d.enter(); err != nil {
			return err
		}
		return structMembers(d, s, v, true, "")
	case c == '[' && !s.MapOnly:
		if err := d.enter(); err != nil {
			return err
		}
		return structElements(d, s, v, true)
	}
	return d.typeError("struct " + s.Name)
}

// structMembers reads the members of an open object. first is false when a
// member was read already. tag, when set, is an internally tagged enum's tag
// member, which may appear once among the members and is skipped.
//
// The compact form, {"name":value,"name":value}, takes a fast path: the
// separator is checked where it stands and a name of plain ASCII (no escape,
// control or other byte the string reader stops at) directly followed by its
// quote is the source's bytes, as the string reader would return them.
// Anything else (whitespace, an escape, non-ASCII, an error) goes the general
// way from the same cursor, so what is accepted, and every error and its
// offset, is the general path's.
func structMembers[T any](d *Decoder, s *Struct[T], v *T, first bool, tag string) error {
	var seen uint64
	next := 0 // the member after the last one read
	tagSeen := tag != "" && !first
	for {
		src, p := d.src, d.pos
		switch {
		case p < len(src) && src[p] == '}':
			d.pos++
			d.depth--
			return s.missing(d, seen)
		case first && p < len(src) && src[p] == '"':
			first = false
		case !first && p+1 < len(src) && src[p] == ',' && src[p+1] == '"':
			d.pos++
		default:
			ok, err := d.more(&first, '}')
			if err != nil {
				return err
			}
			if !ok {
				return s.missing(d, seen)
			}
		}
		// The name and its colon.
		var i int
		var isTag bool
		k := 0 // past the quote that closes the name of the member after the last one read
		if next < len(s.Fields) {
			k = quotedAt(d.src, d.pos, s.Fields[next].Name)
		}
		if k > 0 && k < len(d.src) && d.src[k] == ':' {
			// That member, as serde_json writes them in order: no need
			// to find the name's end first (member names are plain, so
			// these are the bytes plainName and the colon check read).
			d.pos, i = k+1, next
		} else if name, ok := d.plainName(); ok {
			if p := d.pos; p < len(d.src) && d.src[p] == ':' {
				d.pos++
			} else if err := d.colon(); err != nil {
				return err
			}
			i = s.index(name)
			isTag = i < 0 && tag != "" && string(name) == tag
		} else {
			var err error
			if i, isTag, err = slowMemberIndex(d, s, tag); err != nil {
				return err
			}
		}
		if i < 0 {
			if isTag {
				if tagSeen {
					return d.failWant(DuplicateField, tag)
				}
				tagSeen = true
			}
			if err := d.Skip(s.Checked); err != nil {
				return err
			}
			continue
		}
		if seen&(1<<i) != 0 {
			return d.failWant(DuplicateField, s.Fields[i].Name)
		}
		seen |= 1 << i
		next = i + 1
		if err := s.Fields[i].Read(noescape(d), noescape(v)); err != nil {
			return err
		}
	}
}

// quotedAt returns, when src[p:] starts with name in quotes, the index past
// the closing quote; otherwise 0. For a name with no quote, backslash or
// control it is what the string reader would read there.
func quotedAt(src []byte, p int, name string) int {
	n := len(name)
	if len(src)-p < n+2 || src[p] != '"' || src[p+1+n] != '"' || string(src[p+1:p+1+n]) != name {
		return 0
	}
	return p + n + 2
}

// missing is the error for the first required member not in seen, or nil.
func (s *Struct[T]) missing(d *Decoder, seen uint64) error {
	for i, f := range s.Fields {
		if seen&(1<<i) == 0 && !f.Optional && !f.Default {
			return d.failWant(MissingField, f.Name)
		}
	}
	return nil
}

// slowMemberIndex reads a member's name at the cursor and the colon after
// it with the general key reader (a name with an escape, non-ASCII or
// something wrong), and returns the index of the member of that name, or -1;
// isTag reports an unknown name that is tag (when tag is set).
func slowMemberIndex[T any](d *Decoder, s *Struct[T], tag string) (i int, isTag bool, err error) {
	var scratch [64]byte
	name, _, err := d.key(scratch[:0])
	if err != nil {
		return 0, false, err
	}
	i = s.index(name)
	return i, i < 0 && tag != "" && string(name) == tag, nil
}

// structElements reads the members of an open array, in order; first is
// false when an element was read already.
func structElements[T any](d *Decoder, s *Struct[T], v *T, first bool) error {
	for i := range s.Fields {
		ok, err := d.more(&first, ']')
		if err != nil {
			return err
		}
		if !ok {
			// The array ended early: every member left must have a default.
			for _, f := range s.Fields[i:] {
				if !f.Default {
					return d.failWant(WrongLength, "struct "+s.Name)
				}
			}
			return nil
		}
		if err := s.Fields[i].Read(noescape(d), noescape(v)); err != nil {
			return err
		}
	}
	ok, err := d.more(&first, ']')
	if err != nil {
		return err
	}
	if ok {
		return d.failWant(WrongLength, "struct "+s.Name)
	}
	return nil
}

// UnitVariant reads an enum whose variants carry nothing, as serde does: the
// variant's name as a string, or an object of exactly that one name to null.
// checked is [Struct.Checked]'s: inside buffered content serde also takes
// an empty object for the null. It returns the index of the name in names.
func (d *Decoder) UnitVariant(names []string, checked bool) (int, error) {
	c, err := d.next()
	if err != nil {
		return 0, err
	}
	switch c {
	case '"':
		return d.variantName(names)
	case '{':
	default:
		return 0, d.typeError("string or map")
	}
	if err := d.enter(); err != nil {
		return 0, err
	}
	if c, ok := d.ws(); !ok || c != '"' {
		return 0, d.failWant(WrongType, "a single variant name")
	}
	i, err := d.variantName(names)
	if err != nil {
		return 0, err
	}
	if err := d.colon(); err != nil {
		return 0, err
	}
	null, err := d.Null()
	if err != nil {
		return 0, err
	}
	if !null {
		empty := false
		if c, _ := d.ws(); checked && c == '{' {
			if err := d.enter(); err != nil {
				return 0, err
			}
			first := true
			more, err := d.more(&first, '}')
			if err != nil {
				return 0, err
			}
			empty = !more
		}
		if !empty {
			return 0, d.typeError("unit")
		}
	}
	if c, ok := d.ws(); !ok || c != '}' {
		return 0, d.failWant(WrongType, "map with a single key")
	}
	d.pos++
	d.depth--
	return i, nil
}

// variantName reads a string at the cursor and finds it among names.
func (d *Decoder) variantName(names []string) (int, error) {
	name, ok := d.plainName() // plain ASCII to its quote: what strBytes would return
	if !ok {
		d.pos++
		var scratch [32]byte
		var err error
		if name, _, err = d.strBytes(scratch[:0]); err != nil {
			return 0, err
		}
	}
	for i, n := range names {
		if n == string(name) {
			return i, nil
		}
	}
	return 0, d.fail(UnknownVariant)
}

// ReadU64 reads a number as serde reads a u64 from buffered content: an
// integer without sign, fraction or exponent that fits 64 bits.
func (d *Decoder) ReadU64() (uint64, error) {
	c, err := d.next()
	if err != nil {
		return 0, err
	}
	if c != '-' && !isDigit(c) {
		return 0, d.typeError("u64")
	}
	n, err := d.parseNumber()
	if err != nil {
		return 0, err
	}
	if n.kind != numU64 {
		return 0, d.typeError("u64")
	}
	return n.u, nil
}

// ReadF32 reads a number as serde reads an f32: parsed as serde_json parses
// an f64 (or an integer), then rounded to f32. A value beyond f32's range
// becomes an infinity, which serde_json writes back as null.
func (d *Decoder) ReadF32() (float32, error) {
	c, err := d.next()
	if err != nil {
		return 0, err
	}
	if c != '-' && !isDigit(c) {
		return 0, d.typeError("f32")
	}
	n, err := d.parseNumber()
	if err != nil {
		return 0, err
	}
	switch n.kind {
	case numU64:
		return float32(n.u), nil
	case numI64:
		return float32(n.i), nil
	}
	return float32(n.f), nil
}

// OneString reads src when it is open (a one-member struct's opening, such
// as {"key":), a JSON string, the closing brace and nothing but whitespace:
// the compact form serde_json writes such a struct in, read without the
// struct machinery. ok is false for anything else (whitespace or another
// member before the string, a second member, any error) and the caller
// reads src the general way, which accepts or refuses exactly what
// ReadStruct does; OneString accepts only what it would accept, with the
// same string.
func OneString(src []byte, open string) (s string, ok bool) {
	if len(src) <= len(open) || string(src[:len(open)]) != open {
		return "", false
	}
	d := Decoder{src: src, pos: len(open), depth: 1}
	s, err := d.ReadString()
	if err != nil || d.pos >= len(src) || src[d.pos] != '}' {
		return "", false
	}
	d.pos++
	if d.End() != nil {
		return "", false
	}
	return s, true
}

// ReadBool reads true or false as serde reads a bool: anything else, null
// included, is a type error.
func (d *Decoder) ReadBool() (bool, error) {
	c, err := d.next()
	if err != nil {
		return false, err
	}
	switch c {
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	}
	return false, d.typeError("a boolean")
}

// Visitor receives a value as serde's deserialize_any hands it to a type
// that reads several JSON forms (a rust_decimal Decimal): a string's
// contents, or a number as serde_json holds it, a u64, an i64 (negative) or
// an f64 (a fraction, an exponent, -0, an integer past 64 bits). Each
// returns the type's own refusal; a nil function refuses that form.
type Visitor[T any] struct {
	Str func(s []byte) (T, error)
	U64 func(u uint64) (T, error)
	I64 func(i int64) (T, error)
	F64 func(f float64) (T, error)
}

// ReadAny reads a string or a number and hands it to v; any other value,
// or a form v has no function for, is a type error.
func ReadAny[T any](d *Decoder, v *Visitor[T], want string) (T, error) {
	var zero T
	c, err := d.next()
	if err != nil {
		return zero, err
	}
	switch {
	case c == '"' && v.Str != nil:
		d.pos++
		var scratch [64]byte
		b, _, err := d.strBytes(scratch[:0])
		if err != nil {
			return zero, err
		}
		return v.Str(b)
	case c == '-' || isDigit(c):
		at := d.pos
		n, err := d.parseNumber()
		if err != nil {
			return zero, err
		}
		switch {
		case n.kind == numU64 && v.U64 != nil:
			return v.U64(n.u)
		case n.kind == numI64 && v.I64 != nil:
			return v.I64(n.i)
		case n.kind == numF64 && v.F64 != nil:
			return v.F64(n.f)
		}
		d.pos = at
		return zero, d.typeError(want)
	}
	return zero, d.typeError(want)
}
