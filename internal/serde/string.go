package serde

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
	"unsafe"
)

// Byte classes inside a JSON string.
const (
	plain   = iota // copied as is
	quote          // ends the string
	escape         // starts an escape
	control        // U+0000..U+001F: refused raw
	multi          // starts a multi-byte UTF-8 sequence
)

var strClass = func() (t [256]uint8) {
	for i := range 0x20 {
		t[i] = control
	}
	t['"'] = quote
	t['\\'] = escape
	for i := 0x80; i < 0x100; i++ {
		t[i] = multi
	}
	return t
}()

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// special returns a word with the high bit set in each byte of w that is a
// quote, a backslash or a control; its lowest set bit is exact (borrows can
// only mark bytes above a true one).
func special(w uint64) uint64 {
	q := w ^ (ones * '"')
	b := w ^ (ones * '\\')
	return ((q-ones)&^q | (b-ones)&^b | (w-ones*0x20)&^w) & highs
}

// scanPlain returns the index of the first byte in b at or after i that a
// writer cannot copy as it is: a quote, a backslash or a control, which it
// escapes (len(b) if there is none). It checks, in the same pass, that
// everything it passes over is UTF-8, and returns -1 at the first sequence
// that is not. ASCII is read 32 bytes a step, as four words, so plain ASCII
// text costs one test per 32 bytes; a non-ASCII run is decoded sequence by
// sequence where it stands, and the word-at-a-time scan resumes after it.
func scanPlain(b []byte, i int) int {
	for {
		for i+32 <= len(b) {
			m0 := stopMask(binary.LittleEndian.Uint64(b[i:]))
			m1 := stopMask(binary.LittleEndian.Uint64(b[i+8:]))
			m2 := stopMask(binary.LittleEndian.Uint64(b[i+16:]))
			m3 := stopMask(binary.LittleEndian.Uint64(b[i+24:]))
			if m0|m1|m2|m3 == 0 {
				i += 32
				continue
			}
			switch {
			case m0 != 0:
				i += bits.TrailingZeros64(m0) / 8
			case m1 != 0:
				i += 8 + bits.TrailingZeros64(m1)/8
			case m2 != 0:
				i += 16 + bits.TrailingZeros64(m2)/8
			default:
				i += 24 + bits.TrailingZeros64(m3)/8
			}
			goto stopped
		}
		for i+8 <= len(b) {
			if m := stopMask(binary.LittleEndian.Uint64(b[i:])); m != 0 {
				i += bits.TrailingZeros64(m) / 8
				goto stopped
			}
			i += 8
		}
		for i < len(b) && strClass[b[i]] == plain {
			i++
		}
		if i == len(b) {
			return i
		}
	stopped:
		if b[i] < 0x80 {
			return i // a byte to escape
		}
		// A non-ASCII run: check it sequence by sequence, up to the next
		// ASCII byte. Where four bytes are left, a sequence is checked in
		// one word: its second byte against its lead's range, the others'
		// continuation bits against a mask.
		for {
			c := b[i]
			seq := utf8Seq[c]
			// The length by comparison, not from the table, so that the
			// next i waits on no second load. (A lead that starts no
			// sequence fails the table's test below.)
			n := 2
			if c >= 0xE0 {
				n++
			}
			if c >= 0xF0 {
				n++
			}
			if i+4 <= len(b) {
				w := binary.LittleEndian.Uint32(b[i:])
				cont := utf8Cont[seq&7]
				if uint8(w>>8)-uint8(seq>>8) > uint8(seq>>16) || w&cont.mask != cont.want {
					return -1
				}
			} else if !validTail(b[i:], seq) {
				return -1
			}
			i += n
			if i == len(b) {
				return i
			}
			if b[i] < 0x80 {
				break
			}
		}
	}
}

// validTail is scanPlain's check of a sequence that starts fewer than four
// bytes before the end of the string.
func validTail(b []byte, seq uint32) bool {
	n := int(seq & 7)
	if n < 2 || n > len(b) {
		return false
	}
	if b[1]-uint8(seq>>8) > uint8(seq>>16) {
		return false
	}
	return n == 2 || b[2]&0xC0 == 0x80
}

// stopMask marks the bytes of w that scanPlain stops at (a quote, a
// backslash, a control, a byte that is not ASCII); its lowest set bit is
// exact, since special's stray marks only ever sit above a true one.
func stopMask(w uint64) uint64 { return special(w) | w&highs }

// utf8Seq describes each byte as the start of a UTF-8 sequence, after the
// unicode/utf8 package's own tables: bits 0-2 are the sequence's length (1
// for a byte that starts none), bits 8-15 the lowest second byte it allows
// and bits 16-23 how far above that the second byte may go. Rust's str
// refuses exactly what these refuse: overlong forms, surrogates, code points
// past U+10FFFF, stray continuation bytes and cut sequences.
var utf8Seq = func() (t [256]uint32) {
	seq := func(n, lo, hi uint32) uint32 { return n | lo<<8 | (hi-lo)<<16 }
	for c := range 256 {
		switch {
		case c < 0xC2:
			t[c] = 1 // ASCII (never looked up), a continuation byte, or an overlong two-byte lead
		case c < 0xE0:
			t[c] = seq(2, 0x80, 0xBF)
		case c == 0xE0:
			t[c] = seq(3, 0xA0, 0xBF) // no overlong form
		case c == 0xED:
			t[c] = seq(3, 0x80, 0x9F) // no surrogate
		case c < 0xF0:
			t[c] = seq(3, 0x80, 0xBF)
		case c == 0xF0:
			t[c] = seq(4, 0x90, 0xBF) // no overlong form
		case c < 0xF4:
			t[c] = seq(4, 0x80, 0xBF)
		case c == 0xF4:
			t[c] = seq(4, 0x80, 0x8F) // nothing past U+10FFFF
		default:
			t[c] = 1
		}
	}
	return t
}()

// utf8Cont is, by sequence length, the mask and value of the continuation
// bits of a sequence's third and fourth bytes, read as a little-endian word
// with the lead byte lowest. Length 1 is no sequence: it never matches.
var utf8Cont = [8]struct{ mask, want uint32 }{
	1: {0, 1},
	3: {0x00C00000, 0x00800000},
	4: {0xC0C00000, 0x80800000},
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
	_, escaped, err = d.scanStr()
	if err != nil {
		return nil, false, err
	}
	raw := d.src[start : d.pos-1]
	if !escaped {
		return raw, false, nil
	}
	return unescape(scratch[:0], raw), true, nil
}

// unescape appends raw, a string's checked bytes, with its escapes decoded.
func unescape(dst, raw []byte) []byte {
	for {
		i := bytes.IndexByte(raw, '\\')
		if i < 0 {
			return append(dst, raw...)
		}
		dst = append(dst, raw[:i]...)
		raw = raw[i+1:]
		c := raw[0]
		raw = raw[1:]
		switch c {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := rune(hexValue(raw[:4]))
			raw = raw[4:]
			if r >= 0xD800 && r <= 0xDBFF {
				r = (r-0xD800)<<10 | (rune(hexValue(raw[2:6])) - 0xDC00) + 0x10000
				raw = raw[6:]
			}
			dst = utf8.AppendRune(dst, r)
		default: // '"', '\\', '/'
			dst = append(dst, c)
		}
	}
}

// hexValue is four checked hex digits' value.
func hexValue(h []byte) uint16 {
	var n uint16
	for _, c := range h {
		switch {
		case c <= '9':
			c -= '0'
		case c >= 'a':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		n = n<<4 | uint16(c)
	}
	return n
}

// scanStr checks the rest of a string as strBytes does, without decoding
// it, and reports whether its bytes are exactly what serde_json would write
// and whether it holds any escape. UTF-8 is checked once over the whole
// string: escapes are ASCII, and a multi-byte sequence broken by one is
// invalid either way.
func (d *Decoder) scanStr() (canon, escaped bool, err error) {
	src := d.src
	start, i := d.pos, d.pos
	canon = true
	var high uint64
	quoteAt := -1 // where scanLong last found a quote, so it never looks twice
	for {
		// Eight bytes a step, inline: most runs between escapes are short.
		limit := min(i+256, len(src))
		for i+8 <= limit {
			w := binary.LittleEndian.Uint64(src[i:])
			if m := special(w); m != 0 {
				n := bits.TrailingZeros64(m) / 8
				high |= w & (1<<(8*n) - 1) & highs
				i += n
				goto found
			}
			high |= w & highs
			i += 8
		}
		if i+8 <= len(src) {
			// A long run: let the vectorized IndexByte find its end.
			var hi bool
			i, quoteAt, hi = scanLong(src, i, quoteAt)
			if hi {
				high = highs
			}
		} else {
			for i < len(src) && strClass[src[i]]&^multi == plain {
				high |= uint64(src[i] & 0x80)
				i++
			}
		}
		if i >= len(src) {
			d.pos = i
			return false, false, d.fail(EOFString)
		}
	found:
		switch src[i] {
		case '"':
			d.pos = i + 1
			if high != 0 && !utf8.Valid(src[start:i]) {
				return false, false, d.failAt(start, InvalidUTF8)
			}
			return canon, escaped, nil
		case '\\':
			escaped = true
			if i+1 < len(src) {
				switch src[i+1] {
				case '"', '\\', 'b', 'f', 'n', 'r', 't':
					i += 2
					continue
				}
			}
			d.pos = i + 1
			_, c, err := d.escapeRune()
			if err != nil {
				return false, false, err
			}
			canon = canon && c
			i = d.pos
		default:
			d.pos = i
			return false, false, d.fail(ControlChar)
		}
	}
}

// scanLong is scanPlain for a long run: the runtime's vectorized IndexByte
// finds the next quote (once: quoteAt carries it to the next call) and the
// next backslash before it, and the bytes up to there are checked for
// controls eight at a time. It returns the index of the first special byte
// (len(b) if none), the quote's index (or -1), and whether it passed over
// a byte that is not ASCII.
func scanLong(b []byte, i, quoteAt int) (int, int, bool) {
	if quoteAt < i {
		quoteAt = -1
		if q := bytes.IndexByte(b[i:], '"'); q >= 0 {
			quoteAt = i + q
		}
	}
	end := len(b)
	if quoteAt >= 0 {
		end = quoteAt
	}
	if s := bytes.IndexByte(b[i:end], '\\'); s >= 0 {
		end = i + s
	}
	var high uint64
	for i+32 <= end {
		w0 := binary.LittleEndian.Uint64(b[i:])
		w1 := binary.LittleEndian.Uint64(b[i+8:])
		w2 := binary.LittleEndian.Uint64(b[i+16:])
		w3 := binary.LittleEndian.Uint64(b[i+24:])
		if ctl(w0)|ctl(w1)|ctl(w2)|ctl(w3) != 0 {
			break
		}
		high |= (w0 | w1 | w2 | w3) & highs
		i += 32
	}
	for i+8 <= end {
		w := binary.LittleEndian.Uint64(b[i:])
		if m := ctl(w); m != 0 {
			n := bits.TrailingZeros64(m) / 8
			return i + n, quoteAt, (high | w&(1<<(8*n)-1)&highs) != 0
		}
		high |= w & highs
		i += 8
	}
	for ; i < end; i++ {
		if b[i] < 0x20 {
			break
		}
		high |= uint64(b[i] & 0x80)
	}
	return i, quoteAt, high != 0
}

// ctl marks the bytes of w below 0x20 (exactly, for the lowest).
func ctl(w uint64) uint64 { return (w - ones*0x20) &^ w & highs }

// skipStrLax passes over the rest of a string as serde_json does for a value
// it ignores: escapes must be well formed, raw controls are refused, but
// neither UTF-8 nor surrogate pairing is checked.
func (d *Decoder) skipStrLax() error {
	for {
		for d.pos < len(d.src) && strClass[d.src[d.pos]]&^multi == plain {
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
	buf := unescape(make([]byte, 0, len(raw)), raw)
	if len(buf) == 0 {
		return "", nil
	}
	return unsafe.String(&buf[0], len(buf)), nil
}
