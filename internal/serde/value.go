package serde

// skipLax passes over one value as serde_json does for a struct member it
// ignores: the syntax must be right, but strings are not checked as UTF-8,
// surrogates need not pair, numbers need not be in range, and there is no
// depth limit (the reference keeps an explicit stack there, and so does
// this, one byte per open level).
func (d *Decoder) skipLax() error {
	var stack []byte
	for {
		c, err := d.next()
		if err != nil {
			return err
		}
		switch {
		case c == 'n':
			err = d.literal("null")
		case c == 't':
			err = d.literal("true")
		case c == 'f':
			err = d.literal("false")
		case c == '-' || isDigit(c):
			err = d.skipNumberLax()
		case c == '"':
			d.pos++
			err = d.skipStrLax()
		case c == '[' || c == '{':
			d.pos++
			next, ok := d.ws()
			if !ok {
				return d.fail(eofIn(closer(c)))
			}
			if next == closer(c) {
				d.pos++
				break
			}
			stack = append(stack, c)
			if c == '{' {
				if err := d.laxKey(); err != nil {
					return err
				}
			}
			continue
		default:
			return d.fail(ExpectedValue)
		}
		if err != nil {
			return err
		}
		// After a value: close what ends here, until a comma opens the
		// next value or nothing is left open.
		for {
			if len(stack) == 0 {
				return nil
			}
			top := stack[len(stack)-1]
			c, ok := d.ws()
			if !ok {
				return d.fail(eofIn(closer(top)))
			}
			if c == closer(top) {
				d.pos++
				stack = stack[:len(stack)-1]
				continue
			}
			if c != ',' {
				return d.fail(ExpectedComma)
			}
			d.pos++
			if top == '{' {
				if err := d.laxKey(); err != nil {
					return err
				}
			}
			break
		}
	}
}

// laxKey passes over an ignored object's member name and its colon.
func (d *Decoder) laxKey() error {
	c, ok := d.ws()
	switch {
	case !ok:
		return d.fail(EOFObject)
	case c != '"':
		return d.fail(KeyNotString)
	}
	d.pos++
	if err := d.skipStrLax(); err != nil {
		return err
	}
	return d.colon()
}

func closer(open byte) byte {
	if open == '[' {
		return ']'
	}
	return '}'
}

// Skip passes over one value. checked selects the reference's two ways of
// ignoring: false for a member of a struct read straight from JSON (syntax
// only), true for one inside an internally tagged enum such as an MCP content
// block, which serde buffers and so checks in full.
func (d *Decoder) Skip(checked bool) error {
	if checked {
		d.ws()
		if start := d.pos; !d.scanCompact() {
			d.pos = start
			_, err := d.scanValue(false)
			return err
		}
		return nil
	}
	return d.skipLax()
}

// isWS reports whether the cursor is on JSON whitespace.
func (d *Decoder) isWS() bool {
	if d.pos >= len(d.src) {
		return false
	}
	switch d.src[d.pos] {
	case ' ', '\n', '\t', '\r':
		return true
	}
	return false
}

// scanValue checks one value as serde_json parses a Value: strings checked,
// numbers in range, nesting within MaxDepth. With canon set it also reports
// whether the bytes are exactly serde_json's serialization of that Value
// (compact, canonical escapes and numbers, no repeated member names).
func (d *Decoder) scanValue(canon bool) (bool, error) {
	c, err := d.next()
	if err != nil {
		return false, err
	}
	switch {
	case c == 'n':
		return canon, d.literal("null")
	case c == 't':
		return canon, d.literal("true")
	case c == 'f':
		return canon, d.literal("false")
	case c == '"':
		d.pos++
		sc, _, err := d.scanStr()
		return canon && sc, err
	case c == '-' || isDigit(c):
		start := d.pos
		n, err := d.parseNumber()
		if err != nil || !canon {
			return false, err
		}
		return numberCanon(n, d.src[start:d.pos]), nil
	case c == '[':
		return d.scanArray(canon)
	case c == '{':
		return d.scanObject(canon)
	}
	return false, d.fail(ExpectedValue)
}

func numberCanon(n number, text []byte) bool {
	if n.kind != numF64 {
		// Integer syntax that stayed an integer: digits without leading
		// zeros, which is how it is written back.
		return true
	}
	var buf [32]byte
	return string(AppendF64(buf[:0], n.f)) == string(text)
}

func (d *Decoder) scanArray(canon bool) (bool, error) {
	if err := d.enter(); err != nil {
		return false, err
	}
	first := true
	for {
		at, was := d.pos, first
		ok, err := d.more(&first, ']')
		if err != nil {
			return false, err
		}
		if was && ok {
			canon = canon && d.pos == at
		} else {
			canon = canon && d.pos == at+1
		}
		if !ok {
			return canon, nil
		}
		ec, err := d.scanValue(canon)
		if err != nil {
			return false, err
		}
		canon = canon && ec
	}
}

func (d *Decoder) scanObject(canon bool) (bool, error) {
	if err := d.enter(); err != nil {
		return false, err
	}
	var names keySet
	first := true
	for {
		at, was := d.pos, first
		ok, err := d.more(&first, '}')
		if err != nil {
			return false, err
		}
		if was && ok {
			canon = canon && d.pos == at
		} else {
			canon = canon && d.pos == at+1
		}
		if !ok {
			return canon, nil
		}
		if d.src[d.pos] != '"' {
			return false, d.fail(KeyNotString)
		}
		d.pos++
		start := d.pos
		kc, _, err := d.scanStr()
		if err != nil {
			return false, err
		}
		canon = canon && kc
		if canon {
			// Canonical names are equal exactly when their bytes are; a
			// repeat collapses into one member when re-serialized.
			canon = names.add(d.src[start : d.pos-1])
		}
		if d.pos < len(d.src) && d.src[d.pos] == ':' {
			d.pos++ // the colon right after the name, as serde_json writes it
		} else {
			if err := d.colon(); err != nil {
				return false, err
			}
			canon = false
		}
		canon = canon && !d.isWS()
		vc, err := d.scanValue(canon)
		if err != nil {
			return false, err
		}
		canon = canon && vc
	}
}

// keySet tells whether an object repeats a member name: a few names kept
// inline and compared byte by byte, and a map once there are more. seen has
// one bit per name (keyBit) set: a name whose bit is clear is new, without a
// comparison, as most names of an object are.
type keySet struct {
	seen uint64
	few  [16][]byte
	n    int
	many map[string]struct{}
}

// keyBit is name's bit in keySet.seen, by its length and last byte.
func keyBit(name []byte) uint64 {
	h := uint(len(name))
	if h > 0 {
		h = h*7 + uint(name[h-1])
	}
	return 1 << (h & 63)
}

// add records name, and reports false if it was already there.
func (s *keySet) add(name []byte) bool {
	b := keyBit(name)
	if s.seen&b != 0 && s.has(name) {
		return false
	}
	s.seen |= b
	switch {
	case s.many != nil:
		s.many[string(name)] = struct{}{}
	case s.n < len(s.few):
		s.few[s.n] = name
		s.n++
	default:
		s.many = make(map[string]struct{}, 2*len(s.few))
		for _, k := range s.few {
			s.many[string(k)] = struct{}{}
		}
		s.many[string(name)] = struct{}{}
	}
	return true
}

// has reports whether name was added before.
func (s *keySet) has(name []byte) bool {
	if s.many != nil {
		_, ok := s.many[string(name)]
		return ok
	}
	for _, k := range s.few[:s.n] {
		if string(k) == string(name) {
			return true
		}
	}
	return false
}
