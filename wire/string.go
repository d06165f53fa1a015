package wire

import (
	"unicode/utf8"
	"unsafe"
)

// Byte classes inside a JSON string.
const (
	plain   = iota // copied as is
	quote          // ends the string
	escape         // starts an escape
	control        // U+0000..U+001F: refused raw
	high           // starts a multi-byte UTF-8 sequence
)

var strClass = func() (t [256]uint8) {
	for i := range 0x20 {
		t[i] = control
	}
	t['"'] = quote
	t['\\'] = escape
	for i := 0x80; i < 0x100; i++ {
		t[i] = high
	}
	return t
}()

// plainRun advances over bytes that need no attention (ASCII other than
// quote, backslash and controls).
func (d *Decoder) plainRun() {
	src := d.src
	i := d.pos
	for i+8 <= len(src) {
		// Eight at a time while all are plain.
		if strClass[src[i]]|strClass[src[i+1]]|strClass[src[i+2]]|strClass[src[i+3]]|
			strClass[src[i+4]]|strClass[src[i+5]]|strClass[src[i+6]]|strClass[src[i+7]] != plain {
			break
		}
		i += 8
	}
	for i < len(src) && strClass[src[i]] == plain {
		i++
	}
	d.pos = i
}

// utf8Seq checks the multi-byte sequence at the cursor and moves past it.
func (d *Decoder) utf8Seq() error {
	r, n := utf8.DecodeRune(d.src[d.pos:])
	if r == utf8.RuneError && n <= 1 {
		return d.fail(InvalidUTF8)
	}
	d.pos += n
	return nil
}

// hex4 reads the four hex digits of a \u escape.
func (d *Decoder) hex4() (uint16, error) {
	if d.pos+4 > len(d.src) {
		d.pos = len(d.src)
		return 0, d.fail(EOFString)
	}
	var n uint16
	for range 4 {
		c := d.src[d.pos]
		d.pos++
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, d.failAt(d.pos-1, InvalidEscape)
		}
		n = n<<4 | uint16(v)
	}
	return n, nil
}

// escapeRune decodes one escape after its backslash, with the checks of a
// string the reference parses (surrogates must pair). canon reports whether
// the escape is the one serde_json itself would write.
func (d *Decoder) escapeRune() (r rune, canon bool, err error) {
	if d.pos >= len(d.src) {
		return 0, false, d.fail(EOFString)
	}
	c := d.src[d.pos]
	d.pos++
	switch c {
	case '"', '\\':
		return rune(c), true, nil
	case '/':
		return '/', false, nil
	case 'b':
		return '\b', true, nil
	case 'f':
		return '\f', true, nil
	case 'n':
		return '\n', true, nil
	case 'r':
		return '\r', true, nil
	case 't':
		return '\t', true, nil
	case 'u':
	default:
		return 0, false, d.failAt(d.pos-1, InvalidEscape)
	}
	start := d.pos
	n, err := d.hex4()
	if err != nil {
		return 0, false, err
	}
	switch {
	case n >= 0xDC00 && n <= 0xDFFF:
		return 0, false, d.fail(LoneSurrogate)
	case n >= 0xD800 && n <= 0xDBFF:
		if d.pos >= len(d.src) {
			return 0, false, d.fail(EOFString)
		}
		if d.src[d.pos] != '\\' {
			return 0, false, d.fail(LoneSurrogate)
		}
		d.pos++
		if d.pos >= len(d.src) {
			return 0, false, d.fail(EOFString)
		}
		if d.src[d.pos] != 'u' {
			return 0, false, d.fail(LoneSurrogate)
		}
		d.pos++
		n2, err := d.hex4()
		if err != nil {
			return 0, false, err
		}
		if n2 < 0xDC00 || n2 > 0xDFFF {
			return 0, false, d.fail(LoneSurrogate)
		}
		return (rune(n)-0xD800)<<10 | (rune(n2) - 0xDC00) + 0x10000, false, nil
	}
	// serde_json writes \u00xx, lowercase, for the controls without a
	// short form, and nothing else as \u.
	canon = n < 0x20 && n != '\b' && n != '\f' && n != '\n' && n != '\r' && n != '\t'
	for _, h := range d.src[start:d.pos] {
		if h >= 'A' && h <= 'F' {
			canon = false
		}
	}
	return rune(n), canon, nil
}

// strBytes reads the rest of a string whose opening quote is consumed, with
// every check the reference makes of a string it parses. It returns the
// string's bytes: a slice of the source when there was no escape, else the
// decoded bytes appended to scratch.
func (d *Decoder) strBytes(scratch []byte) (b []byte, escaped bool, err error) {
	start := d.pos
	for {
		d.plainRun()
		if d.pos >= len(d.src) {
			return nil, false, d.fail(EOFString)
		}
		switch strClass[d.src[d.pos]] {
		case quote:
			d.pos++
			if !escaped {
				return d.src[start : d.pos-1], false, nil
			}
			return append(scratch, d.src[start:d.pos-1]...), true, nil
		case escape:
			if !escaped {
				escaped = true
				scratch = scratch[:0]
			}
			scratch = append(scratch, d.src[start:d.pos]...)
			d.pos++
			r, _, err := d.escapeRune()
			if err != nil {
				return nil, false, err
			}
			scratch = utf8.AppendRune(scratch, r)
			start = d.pos
		case control:
			return nil, false, d.fail(ControlChar)
		case high:
			if err := d.utf8Seq(); err != nil {
				return nil, false, err
			}
		}
	}
}

// scanStr checks the rest of a string as strBytes does, without decoding
// it, and reports whether its bytes are exactly what serde_json would write
// and whether it holds any escape.
func (d *Decoder) scanStr() (canon, escaped bool, err error) {
	canon = true
	for {
		d.plainRun()
		if d.pos >= len(d.src) {
			return false, false, d.fail(EOFString)
		}
		switch strClass[d.src[d.pos]] {
		case quote:
			d.pos++
			return canon, escaped, nil
		case escape:
			d.pos++
			escaped = true
			_, c, err := d.escapeRune()
			if err != nil {
				return false, false, err
			}
			canon = canon && c
		case control:
			return false, false, d.fail(ControlChar)
		case high:
			if err := d.utf8Seq(); err != nil {
				return false, false, err
			}
		}
	}
}

// skipStrLax passes over the rest of a string as serde_json does for a value
// it ignores: escapes must be well formed, raw controls are refused, but
// neither UTF-8 nor surrogate pairing is checked.
func (d *Decoder) skipStrLax() error {
	for {
		for d.pos < len(d.src) && strClass[d.src[d.pos]]&^high == plain {
			d.pos++
		}
		if d.pos >= len(d.src) {
			return d.fail(EOFString)
		}
		switch strClass[d.src[d.pos]] {
		case quote:
			d.pos++
			return nil
		case escape:
			d.pos++
			if d.pos >= len(d.src) {
				return d.fail(EOFString)
			}
			c := d.src[d.pos]
			d.pos++
			switch c {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if _, err := d.hex4(); err != nil {
					return err
				}
			default:
				return d.failAt(d.pos-1, InvalidEscape)
			}
		default:
			return d.fail(ControlChar)
		}
	}
}

// ReadString reads a JSON string as serde reads a String: anything else,
// null included, is a type error.
func (d *Decoder) ReadString() (string, error) {
	c, err := d.next()
	if err != nil {
		return "", err
	}
	if c != '"' {
		return "", d.typeError("a string")
	}
	d.pos++
	start := d.pos
	_, escaped, err := d.scanStr()
	if err != nil {
		return "", err
	}
	raw := d.src[start : d.pos-1]
	if !escaped {
		return string(raw), nil
	}
	// Escapes: decode into a fresh buffer (never longer than the raw form)
	// that nothing else references, and hand it over as the string.
	buf := make([]byte, 0, len(raw))
	sub := Decoder{src: d.src, pos: start}
	buf, _, _ = sub.strBytes(buf)
	if len(buf) == 0 {
		return "", nil
	}
	return unsafe.String(&buf[0], len(buf)), nil
}
