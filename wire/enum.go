package wire

// Tagged reads a value of an internally tagged enum, serde's
// #[serde(tag = "...")] (an MCP content block is one): an object whose tag
// member, a string, names the variant and whose other members are that
// variant's, or an array whose first element is the tag and whose others are
// the variant's members in order. The tag may stand anywhere among the
// members, but only once. variant is called with the index of the tag's value
// in names and returns that variant's Struct and member reader (as
// [Decoder.Struct] takes them).
//
// serde buffers the whole value before it reads the variant, so everything
// in it is checked in full; the variants' Structs should be Checked.
func (d *Decoder) Tagged(tag string, names []string, variant func(i int) (*Struct, func(i int) error)) error {
	c, err := d.next()
	if err != nil {
		return err
	}
	switch c {
	case '{':
	case '[':
		if err := d.enter(); err != nil {
			return err
		}
		first := true
		ok, err := d.more(&first, ']')
		if err != nil {
			return err
		}
		if !ok {
			return d.failWant(MissingField, tag)
		}
		i, err := d.identifier(names)
		if err != nil {
			return err
		}
		s, member := variant(i)
		return d.structElements(s, member, false)
	default:
		return d.typeError("internally tagged enum")
	}
	if err := d.enter(); err != nil {
		return err
	}
	start, depth := d.pos, d.depth
	first := true
	ok, err := d.more(&first, '}')
	if err != nil {
		return err
	}
	if ok {
		// The usual case: the tag leads, as serde writes it.
		mark := d.pos
		var scratch [32]byte
		name, _, err := d.key(scratch[:0])
		if err != nil {
			return err
		}
		if string(name) == tag {
			i, err := d.identifier(names)
			if err != nil {
				return err
			}
			s, member := variant(i)
			return d.structMembers(s, member, false, tag)
		}
		d.pos = mark
	}
	// The tag is elsewhere (or missing): find it, then read the members.
	d.pos, d.depth = start, depth
	i, err := d.findTag(tag, names)
	if err != nil {
		return err
	}
	d.pos, d.depth = start, depth
	s, member := variant(i)
	return d.structMembers(s, member, true, tag)
}

// findTag scans the members of an open object for the tag, checking every
// value, and returns the variant it names.
func (d *Decoder) findTag(tag string, names []string) (int, error) {
	found := -1
	err := d.members(func(name []byte) error {
		if string(name) != tag {
			_, err := d.scanValue(false)
			return err
		}
		if found >= 0 {
			return d.failWant(DuplicateField, tag)
		}
		i, err := d.identifier(names)
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
