package serde

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"
)

// unescaped is the byte each short escape stands for, by the letter after
// the backslash; 0 for \u and for what is no escape.
var unescaped = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

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

// unescape appends raw's decoded form to dst: raw is a string's bytes,
// already checked by scanString, whose first backslash is at firstEsc and
// whose decoded form is size bytes long. It grows dst once, to exactly
// that, and then copies the plain runs between the escapes.
func unescape(dst, raw []byte, firstEsc, size int) []byte {
	n := len(dst)
	if cap(dst)-n < size {
		grown := make([]byte, n, n+size)
		copy(grown, dst)
		dst = grown
	}
	dst = dst[:n+size]
	out := dst[n:]
	o := copy(out, raw[:firstEsc])
	i := firstEsc
	for {
		// raw[i] is a backslash.
		c := raw[i+1]
		i += 2
		switch c {
		case 'b':
			out[o] = '\b'
		case 'f':
			out[o] = '\f'
		case 'n':
			out[o] = '\n'
		case 'r':
			out[o] = '\r'
		case 't':
			out[o] = '\t'
		case 'u':
			r := rune(hexValue(raw[i : i+4]))
			i += 4
			if r >= 0xD800 && r <= 0xDBFF {
				r = (r-0xD800)<<10 | (rune(hexValue(raw[i+2:i+6])) - 0xDC00) + 0x10000
				i += 6
			}
			o += len(appendRune(out[o:o], r)) - 1
		default: // '"', '\\', '/'
			out[o] = c
		}
		o++
		// The plain run up to the next backslash. One word, stored as read
		// (a backslash in it is written over by what follows), finds the
		// next escape where they come a few bytes apart, as in JSON inside
		// JSON; a longer run costs one IndexByte and one copy, which past a
		// word are cheaper than going on a word at a time.
		if i+8 <= len(raw) && o+8 <= len(out) {
			w := binary.LittleEndian.Uint64(raw[i:])
			binary.LittleEndian.PutUint64(out[o:], w)
			x := w ^ (ones * '\\')
			if m := (x - ones) &^ x & highs; m != 0 {
				k := bits.TrailingZeros64(m) / 8
				i += k
				o += k
				goto next
			}
			i += 8
			o += 8
		}
		if k := bytes.IndexByte(raw[i:], '\\'); k >= 0 {
			o += copy(out[o:], raw[i:i+k])
			i += k
		} else {
			o += copy(out[o:], raw[i:])
			i = len(raw)
		}
	next:
		if i == len(raw) {
			return dst
		}
	}
}

// appendRune is utf8.AppendRune for the runes an escape can stand for
// (never a surrogate), into a buffer known to have room.
func appendRune(p []byte, r rune) []byte {
	switch {
	case r < 0x80:
		return append(p, byte(r))
	case r < 0x800:
		return append(p, 0xC0|byte(r>>6), 0x80|byte(r)&0x3F)
	case r < 0x10000:
		return append(p, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	default:
		return append(p, 0xF0|byte(r>>18), 0x80|byte(r>>12)&0x3F, 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	}
}

// ClosingQuote returns the index in b of the quote that closes a string,
// searching from b[esc], at or before the string's first backslash: the
// first quote after an even run of backslashes, or -1 if b holds none.
func ClosingQuote(b []byte, esc int) int {
	for p := esc; p < len(b); {
		k := bytes.IndexByte(b[p:], '"')
		if k < 0 {
			return -1
		}
		q := p + k
		n := 0
		for q-1-n >= esc && b[q-1-n] == '\\' {
			n++
		}
		if n%2 == 0 {
			return q
		}
		p = q + 1
		if useAVX2 && len(b)-p >= 64 {
			// An escaped quote: quotes may be dense here (JSON inside
			// JSON), and a search for each costs a call; go on a block
			// at a time.
			return quoteEndVec(b, p)
		}
	}
	return -1
}

// quoteEndFrom returns the index of the first quote at or after p in b that
// no backslash escapes, or -1: escaped says whether b[p] follows a
// backslash that escapes it. A byte at a time.
func quoteEndFrom(b []byte, p int, escaped bool) int {
	for ; p < len(b); p++ {
		switch {
		case escaped:
			escaped = false
		case b[p] == '\\':
			escaped = true
		case b[p] == '"':
			return p
		}
	}
	return -1
}

// escapedBits returns, of 64 bytes whose backslashes are the bits of bs,
// those that a backslash escapes (the byte after each odd-numbered
// backslash of a run), as simdjson finds them without a branch: runs
// starting on odd bits are carried across even ones by an addition, which
// flips which of a run's followers are escaped. carry is whether the block
// before ended in an escaping backslash; it is updated for the next block.
func escapedBits(bs uint64, carry *uint64) uint64 {
	const even = 0x5555555555555555
	bs &^= *carry // an escaped first byte escapes nothing
	follows := bs<<1 | *carry
	oddStarts := bs &^ even &^ follows
	sum, c := bits.Add64(oddStarts, bs, 0)
	*carry = c
	return (even ^ sum<<1) & follows
}

// escapes maps each byte below 0x20, '"' and '\\' to the character after
// the backslash serde_json writes for it ('u' for the \u00xx form); 0 means
// the byte is written as it is.
var escapes = func() (t [256]byte) {
	for i := range 0x20 {
		t[i] = 'u'
	}
	t['\b'], t['\f'], t['\n'], t['\r'], t['\t'] = 'b', 'f', 'n', 'r', 't'
	t['"'], t['\\'] = '"', '\\'
	return t
}()

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string the way serde_json writes one:
// quote, backslash and the C0 controls escaped (\b \f \n \r \t, else \u00xx
// in lowercase hex) and every other character, <, >, &, U+2028 and U+2029
// among them, as its own UTF-8.
//
// A Rust string is always UTF-8, so s must be: otherwise (a stray or
// truncated sequence, an overlong form, a surrogate) AppendString returns
// dst unchanged and [ErrInvalidUTF8]. The check is made in the same pass as
// the search for bytes to escape, ASCII runs scanned a word at a time and
// only the non-ASCII runs decoded; with AVX2 (amd64), from the first byte
// that is not ASCII or to escape with 64 bytes or more after it, the rest is
// checked in a vectorized pass of its own and escaped 32 bytes a step. A
// short string, as names, keys, messages and short texts are, is classified
// instead one bit for each of its bytes, shortMax bytes a mask, and only
// the bytes marked are visited (appendShort; see appendShortMax).
func AppendString[S ~string | ~[]byte](dst []byte, s S) ([]byte, error) {
	var b []byte
	switch v := any(s).(type) {
	case string:
		// The bytes are only read. A plain []byte(s) would be a copy: the
		// compiler elides one only where every callee is known not to
		// write, and the vectorized IndexByte the scan uses is assembly.
		b = unsafe.Slice(unsafe.StringData(v), len(v))
	case []byte:
		b = v
	default:
		b = []byte(s)
	}
	// vec: past that first byte, the scan stops only at the bytes it
	// escapes.
	vec := false
	out := append(dst, '"')
	if len(b) <= appendShortMax && len(b) > 0 { // (the stop kernels take 1 byte or more)
		out, ok := appendShort(out, b, shortStops(b[:min(len(b), shortMax)]))
		if !ok {
			return dst, ErrInvalidUTF8
		}
		return append(out, '"'), nil
	}
	sc := newStopCache()
	done := 0 // b[:done] is written
	i := 0
	for {
		if vec && len(b)-i >= 64 {
			// Whole blocks, escapes and all, vectorized, into the room out
			// has (grown, if it lacks room for the rest as it is, as an
			// append would grow it anyway); the loop below writes the last
			// bytes and what does not fit.
			out = append(out, b[done:i]...)
			if cap(out)-len(out) < len(b)-i {
				out = slices.Grow(out, len(b)-i+224)
			}
			o, r := escapeVec(out[len(out):cap(out)], b[i:])
			out = out[:len(out)+o]
			i += r
			done = i
		}
		i = stopFrom(b, i, vec, &sc)
		if i == len(b) {
			out = append(out, b[done:]...)
			return append(out, '"'), nil
		}
		if useAVX2 && !vec && len(b)-i >= 64 {
			// Non-ASCII or an escape, with a long way to go: check the rest
			// and go on vectorized (a short rest is cheaper without the
			// kernels' calls).
			if !validUTF8Vec(b[i:]) {
				return dst, ErrInvalidUTF8
			}
			vec = true
			continue
		}
		if b[i] >= 0x80 {
			// Non-ASCII is written as it is: check it and go on, leaving
			// the copy to the next byte to escape or the end.
			var ok bool
			if i, ok = validRun(b, i); !ok {
				return dst, ErrInvalidUTF8
			}
			continue
		}
		out = append(out, b[done:i]...)
		// Escape b[i], and the bytes right after it that need escaping too,
		// without a new scan for each.
		for {
			c := b[i]
			if e := escapes[c]; e != 'u' {
				out = append(out, '\\', e)
			} else {
				out = append(out, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			}
			i++
			if i == len(b) || escapes[b[i]] == 0 {
				break
			}
		}
		done = i
	}
}

// appendShortMax is the longest string AppendString writes with
// appendShort, which visits only the stops it marks; a longer one goes
// through the scan from stop to stop and the block kernels.
const appendShortMax = 192

// appendShort is AppendString's body for a string of at most appendShortMax
// bytes: it appends b's escaped form (without quotes) to out, visiting only
// the stops marked in each shortMax bytes, m those of the first. It returns
// false at a sequence that is not UTF-8.
func appendShort(out, b []byte, m uint64) ([]byte, bool) {
	done := 0 // b[:done] is written
	for base := 0; base < len(b); {
		n := min(shortMax, len(b)-base)
		if base > 0 {
			m = shortStops(b[base : base+n])
		}
		next := base + n
		for m != 0 {
			k := base + bits.TrailingZeros64(m)
			c := b[k]
			if c >= 0x80 {
				j, ok := validRun(b, k)
				if !ok {
					return out, false
				}
				if j >= next {
					next = j // the run went on past these bytes
					break
				}
				m &^= 1<<(j-base) - 1
				continue
			}
			m &= m - 1
			e := escapes[c]
			if e == 0 {
				continue // a false mark: see stopBits
			}
			out = append(out, b[done:k]...)
			if e != 'u' {
				out = append(out, '\\', e)
			} else {
				out = append(out, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			}
			done = k + 1
		}
		base = next
	}
	return append(out, b[done:]...), true
}
