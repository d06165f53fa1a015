package serde

// TaggedValue is where the members of an internally tagged enum's value
// start, once [Decoder.BeginTagged] has read its tag.
type TaggedValue struct {
	array bool // the array form: the variant's members follow the tag in order
	first bool // the object form, and no member read yet (the tag was found by a scan)
	tag   string
}

// BeginTagged starts reading a value of an internally tagged enum, serde's
// #[serde(tag = "...")] (an MCP content block is one): an object whose tag
// member, a string, names the variant and whose other members are that
// variant's, or an array whose first element is the tag and whose others are
// the variant's members in order. The tag may stand anywhere among the
// members, but only once. It returns the index of the tag's value in names;
// [ReadTaggedMembers] then reads the variant's members.
//
// serde buffers the whole value before it reads the variant, so everything
// in it is checked in full; the variants' Structs should be Checked.
func (d *Decoder) BeginTagged(tag string, names []string) (int, TaggedValue, error) {
	return d.beginTagged(tag, names, tagIdentifier)
}

// BeginTaggedBuffered is [Decoder.BeginTagged] for a value that serde reads
// from content it has already buffered (a content block inside an agentic
// loop chunk, which is untagged): the tag's value is read from that content
// as an identifier, so a variant's index, an integer without sign, fraction
// or exponent below len(names), names it too.
func (d *Decoder) BeginTaggedBuffered(tag string, names []string) (int, TaggedValue, error) {
	return d.beginTagged(tag, names, tagIdentifierOrIndex)
}

// tagForm is how an enum's tag value is read.
type tagForm uint8

const (
	tagIdentifier        tagForm = iota // a name, as a string
	tagUnitVariant                      // a name, as a string or {"name":null}
	tagIdentifierOrIndex                // a name, or a variant's index
)

// BeginUnitTagged is [Decoder.BeginTagged] for an untagged enum of structs
// whose first member, tag, is a unit enum of one variant that tells them
// apart (the agentic loop chunk's "type"): the tag's value is read as
// [Decoder.UnitVariant] reads one from buffered content that serde walks by
// reference, a name as a string or an object of that one name to null (an
// empty object there is refused), and the array form's first element too.
func (d *Decoder) BeginUnitTagged(tag string, names []string) (int, TaggedValue, error) {
	return d.beginTagged(tag, names, tagUnitVariant)
}

// beginTagged is BeginTagged, BeginUnitTagged or BeginTaggedBuffered, as
// form says.
func (d *Decoder) beginTagged(tag string, names []string, form tagForm) (int, TaggedValue, error) {
	tv := TaggedValue{tag: tag}
	c, err := d.next()
	if err != nil {
		return 0, tv, err
	}
	switch c {
	case '{':
	case '[':
		if err := d.enter(); err != nil {
			return 0, tv, err
		}
		first := true
		ok, err := d.more(&first, ']')
		if err != nil {
			return 0, tv, err
		}
		if !ok {
			return 0, tv, d.failWant(MissingField, tag)
		}
		tv.array = true
		i, err := d.tagValue(names, form)
		return i, tv, err
	default:
		return 0, tv, d.typeError("internally tagged enum")
	}
	if err := d.enter(); err != nil {
		return 0, tv, err
	}
	if i, ok := d.leadingTag(tag, names); ok {
		return i, tv, nil
	}
	start, depth := d.pos, d.depth
	first := true
	ok, err := d.more(&first, '}')
	if err != nil {
		return 0, tv, err
	}
	if ok {
		// The usual case: the tag leads, as serde writes it.
		var scratch [32]byte
		name, _, err := d.key(scratch[:0])
		if err != nil {
			return 0, tv, err
		}
		if string(name) == tag {
			i, err := d.tagValue(names, form)
			return i, tv, err
		}
	}
	// The tag is elsewhere (or missing): find it, then come back.
	d.pos, d.depth = start, depth
	i, err := d.findTag(tag, names, form)
	d.pos, d.depth = start, depth
	tv.first = true
	return i, tv, err
}

// leadingTag reads, at the start of an open object's members, the tag and
// its value as serde_json writes them, "tag":"name" with no whitespace and
// name one of names: the index of the name, the cursor past its quote. Any
// other start (whitespace, an escape, another member first, an unknown
// name) is false, the cursor where it was, for the general way, which reads
// the same bytes to the same index (names are plain ASCII: no quote,
// backslash or control).
func (d *Decoder) leadingTag(tag string, names []string) (int, bool) {
	src := d.src
	k := quotedAt(src, d.pos, tag)
	if k == 0 || k >= len(src) || src[k] != ':' {
		return 0, false
	}
	for i, name := range names {
		if end := quotedAt(src, k+1, name); end > 0 {
			d.pos = end
			return i, true
		}
	}
	return 0, false
}

// ReadTaggedMembers reads the members of the variant [Decoder.BeginTagged]
// found into v, as [ReadStruct] reads a struct's (a MapOnly struct refuses
// the array form).
func ReadTaggedMembers[T any](d *Decoder, tv TaggedValue, s *Struct[T], v *T) error {
	if tv.array {
		if s.MapOnly {
			return d.typeError("struct " + s.Name)
		}
		return structElements(d, s, v, false)
	}
	return structMembers(d, s, v, tv.first, tv.tag)
}

// findTag scans the members of an open object for the tag, checking every
// value, and returns the variant it names.
func (d *Decoder) findTag(tag string, names []string, form tagForm) (int, error) {
	found := -1
	err := d.members(func(name []byte) error {
		if string(name) != tag {
			_, err := d.scanValue(false)
			return err
		}
		if found >= 0 {
			return d.failWant(DuplicateField, tag)
		}
		i, err := d.tagValue(names, form)
		found = i
		return err
	})
	if err != nil {
		return 0, err
	}
	if found < 0 {
		return 0, d.failWant(MissingField, tag)
	}
	return found, nil
}

// members is the loop of [Decoder.Map] for an object already opened.
func (d *Decoder) members(member func(name []byte) error) error {
	var scratch []byte
	first := true
	for {
		ok, err := d.more(&first, '}')
		if !ok || err != nil {
			return err
		}
		name, esc, err := d.key(scratch)
		if err != nil {
			return err
		}
		if esc {
			scratch = name[:0]
		}
		if err := member(name); err != nil {
			return err
		}
	}
}

// tagValue reads the tag's value in the given form.
func (d *Decoder) tagValue(names []string, form tagForm) (int, error) {
	switch form {
	case tagUnitVariant:
		return d.UnitVariant(names, false)
	case tagIdentifierOrIndex:
		if c, err := d.next(); err != nil || (c != '-' && !isDigit(c)) {
			return d.identifier(names)
		}
		n, err := d.parseNumber()
		switch {
		case err != nil:
			return 0, err
		case n.kind != numU64:
			return 0, d.typeError("variant identifier")
		case n.u >= uint64(len(names)):
			return 0, d.fail(UnknownVariant)
		}
		return int(n.u), nil
	}
	return d.identifier(names)
}

// identifier reads a variant name as serde_json reads an identifier: a
// string, and one of names.
func (d *Decoder) identifier(names []string) (int, error) {
	c, err := d.next()
	if err != nil {
		return 0, err
	}
	if c != '"' {
		return 0, d.typeError("variant identifier")
	}
	return d.variantName(names)
}

// Untagged reads a value of an untagged enum, serde's #[serde(untagged)]: it
// tries each form in order from the same place and keeps the first that
// reads; when none does, the error is NoVariantMatched.
func (d *Decoder) Untagged(forms ...func() error) error {
	if _, err := d.next(); err != nil {
		return err
	}
	start, depth := d.pos, d.depth
	for _, form := range forms {
		if form() == nil {
			return nil
		}
		d.pos, d.depth = start, depth
	}
	return d.fail(NoVariantMatched)
}

// Try runs read from the cursor and reports whether it succeeded; when it
// did not, the cursor is back where it was, as if read had not run. Its
// error is dropped: for a shortcut that, failing, leaves the decoding to
// the general way.
func (d *Decoder) Try(read func() error) bool {
	start, depth := d.pos, d.depth
	if read() == nil {
		return true
	}
	d.pos, d.depth = start, depth
	return false
}

// Ahead returns up to n of the bytes from the next value on (whitespace
// before it skipped), for a guess at what the value is.
func (d *Decoder) Ahead(n int) []byte {
	d.ws()
	return d.src[d.pos:min(len(d.src), d.pos+n)]
}
