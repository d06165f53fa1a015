package serde

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
	"unsafe"
)

// strBytes reads the rest of a string whose opening quote is consumed, with
// every check the reference makes of a string it parses. It returns the
// string's bytes: a slice of the source when there was no escape, else the
// decoded bytes appended to scratch.
func (d *Decoder) strBytes(scratch []byte) (b []byte, escaped bool, err error) {
	start := d.pos
	s, err := d.scanString()
	if err != nil {
		return nil, false, err
	}
	raw := d.src[start : d.pos-1]
	if s.firstEsc < 0 {
		return raw, false, nil
	}
	return unescape(scratch[:0], raw, s.firstEsc, s.size), true, nil
}

// scanStr checks the rest of a string as strBytes does, without decoding
// it, and reports whether its bytes are exactly what serde_json would write
// and whether it holds any escape.
func (d *Decoder) scanStr() (canon, escaped bool, err error) {
	if end, canon, esc, ok := scanShort(d.src, d.pos); ok {
		// Short (most names and many values): without the general scan's
		// set-up.
		d.pos = end
		return canon, esc, nil
	}
	s, err := d.scanString()
	return s.canon, s.firstEsc >= 0, err
}

// scanShortLimit is how far scanShort follows a string: it bounds the work
// redone when scanShort gives up and scanString starts the string again.
const scanShortLimit = 256

// scanShort checks a string whose bytes start at src[i] in one pass, as
// scanString would, when it ends within scanShortLimit bytes and holds only
// plain ASCII, valid UTF-8 and the short escapes: the index past its closing
// quote, whether serde_json would write it so (it writes / bare) and whether
// it has an escape. ok is false for anything else (a \u escape, a control,
// invalid UTF-8, a longer string, the end of input): scanString then takes
// the string from its start.
func scanShort(src []byte, i int) (end int, canon, esc, ok bool) {
	limit := min(len(src), i+scanShortLimit)
	canon = true
	for {
		if i+8 <= limit {
			// A word at a time to the next stop, which is then at i.
			m := stopMask(binary.LittleEndian.Uint64(src[i:]))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) / 8
		} else {
			for i < limit && strClass[src[i]] == plain {
				i++
			}
			if i >= limit {
				return 0, false, false, false
			}
		}
		switch c := src[i]; {
		case c == '"':
			return i + 1, canon, esc, true
		case c == '\\':
			if i+1 >= limit {
				return 0, false, false, false
			}
			switch src[i+1] {
			case '"', '\\', 'b', 'f', 'n', 'r', 't':
			case '/':
				canon = false
			default:
				return 0, false, false, false
			}
			esc = true
			i += 2
		case c >= 0x80:
			j, valid := validRun(src[:limit], i)
			if !valid {
				return 0, false, false, false
			}
			i = j
		default:
			return 0, false, false, false
		}
	}
}

// strInfo is what scanString learns of a string on its way through it.
type strInfo struct {
	canon    bool // exactly what serde_json would write
	firstEsc int  // offset of the first backslash from the string's start, or -1
	size     int  // length of the decoded string
}

// scanString checks the rest of a string whose opening quote is consumed,
// with every check the reference makes of a string it parses, in one pass:
// the bytes are classified with nextStop, runs of non-ASCII checked as UTF-8
// where they stand, and escapes checked (and their decoded length counted)
// as they come. With AVX2, from a first non-ASCII byte that is not near the
// string's end on, UTF-8 is checked in a vectorized pass of its own at the
// end instead, and escapes past the first are passed over by a kernel. It
// leaves the cursor past the closing quote.
//
// As serde_json does, it reports invalid UTF-8 only once the string has
// ended well (at the string's start): a control, a bad escape or the end of
// input after it is the error instead. Escapes are ASCII, and a multi-byte
// sequence broken by one is invalid either way, so checking the raw bytes is
// checking the decoded ones.
func (d *Decoder) scanString() (strInfo, error) { return d.scanStringTo(false) }

// scanStringTo is scanString; with toEscape set it stops at the first
// backslash instead (the cursor on it, s.size -1), unless invalid UTF-8 came
// before it, which only the whole string's scan reports rightly.
func (d *Decoder) scanStringTo(toEscape bool) (strInfo, error) {
	src := d.src
	start, i := d.pos, d.pos
	s := strInfo{canon: true, firstEsc: -1}
	shrink := 0 // how much shorter the decoded string is than the raw one
	bad := false
	c := newStopCache()
	// With AVX2, from the first byte that is not ASCII on, the scan stops
	// only at quotes, backslashes and controls, and UTF-8 from there on is
	// checked apart, vectorized too, where the reference reports it: once
	// the string has ended well (or at the first escape, for toEscape). In
	// prose the accents and the escapes come a few bytes apart, and one
	// scan stopping at both pays for a stop at each.
	vec, high := false, 0 // vec: past src[high], the first non-ASCII byte
	for {
		if vec && s.firstEsc >= 0 && len(src)-i >= 32 {
			// Past the first escape: whole steps and the short escapes
			// in them, vectorized.
			di, sh := skipEscapesVec(src[i:])
			i, shrink = i+di, shrink+sh
		}
		i = stopFrom(src, i, vec, &c)
		if i >= len(src) {
			d.pos = len(src)
			return strInfo{}, d.fail(EOFString)
		}
		switch ch := src[i]; {
		case ch >= 0x80 && useAVX2 && len(src)-i >= 64 && bytes.IndexByte(src[i:i+64], '"') < 0:
			// Non-ASCII, and the string goes on: vectorized from here (a
			// short one is cheaper without the kernels' calls).
			vec, high = true, i
			i++
		case ch >= 0x80:
			if bad {
				i++ // past the first invalid sequence, only the classes matter
				continue
			}
			j, ok := validRun(src, i)
			if !ok {
				bad = true
				j++
			}
			i = j
		case ch == '"':
			d.pos = i + 1
			if vec && !bad && !validUTF8Vec(src[high:i]) {
				bad = true
			}
			if bad {
				return strInfo{}, d.failAt(start, InvalidUTF8)
			}
			s.size = i - start - shrink
			return s, nil
		case ch == '\\':
			if s.firstEsc < 0 {
				s.firstEsc = i - start
				if vec && toEscape && !validUTF8Vec(src[high:i]) {
					bad = true
				}
				if toEscape && !bad {
					d.pos = i
					s.size = -1
					return s, nil
				}
			}
			if i+1 < len(src) {
				switch src[i+1] {
				case '"', '\\', 'b', 'f', 'n', 'r', 't':
					i += 2
					shrink++
					continue
				}
			}
			d.pos = i + 1
			r, canon, err := d.escapeRune()
			if err != nil {
				return strInfo{}, err
			}
			s.canon = s.canon && canon
			shrink += d.pos - i - utf8.RuneLen(r)
			i = d.pos
		default:
			d.pos = i
			return strInfo{}, d.fail(ControlChar)
		}
	}
}

// skipStrLax passes over the rest of a string as serde_json does for a value
// it ignores: escapes must be well formed, raw controls are refused, but
// neither UTF-8 nor surrogate pairing is checked.
func (d *Decoder) skipStrLax() error {
	for {
		// A word at a time to the next quote, backslash or control (bytes
		// of 0x80 and above are plain here).
		for d.pos+8 <= len(d.src) {
			if m := special(binary.LittleEndian.Uint64(d.src[d.pos:])); m != 0 {
				d.pos += bits.TrailingZeros64(m) / 8
				break
			}
			d.pos += 8
		}
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
	start := d.pos + 1
	d.pos = start
	s, err := d.scanStringTo(true)
	if err != nil {
		return "", err
	}
	if s.size >= 0 {
		// No escape: the string is its bytes.
		return d.newString(d.src[start : d.pos-1]), nil
	}
	if str, ok := d.readShortEscaped(start, start+s.firstEsc); ok {
		return str, nil
	}
	if str, ok := d.readEscaped(start, start+s.firstEsc); ok {
		return str, nil
	}
	// Something is wrong past the first escape: the whole-string scan
	// finds what, and where, as the reference reports it.
	d.pos = start
	if s, err = d.scanString(); err != nil {
		return "", err
	}
	raw := d.src[start : d.pos-1]
	// Escapes: decode into a fresh buffer of exactly the decoded length
	// that nothing else references, and hand it over as the string.
	buf := unescape(nil, raw, s.firstEsc, s.size)
	if len(buf) == 0 {
		return "", nil
	}
	return unsafe.String(&buf[0], len(buf)), nil
}

// readShortEscaped decodes the rest of a string whose first escape is at
// src[esc], the bytes from start to there checked already, in one pass into
// a buffer on the stack, finding the closing quote as it goes (readEscaped searches for it first, and allocates the raw
// string's length): for the short strings with an escape or two that
// messages and names are. ok is false, with the cursor anywhere, for a
// string that does not fit the buffer or that holds anything wrong: the
// caller goes on with readEscaped.
func (d *Decoder) readShortEscaped(start, esc int) (string, bool) {
	var buf [256]byte
	src := d.src
	if len(buf)-8-(esc-start) < 32 {
		return "", false // too long for the buffer
	}
	o := copy(buf[:], src[start:esc])
	i := esc
	for o <= len(buf)-8 { // room for a word, or a rune
		if i+8 <= len(src) {
			// A plain run a word at a time, each stored as read: a stop
			// inside it is written over by what follows.
			w := binary.LittleEndian.Uint64(src[i:])
			binary.LittleEndian.PutUint64(buf[o:], w)
			m := stopMask(w)
			if m == 0 {
				i, o = i+8, o+8
				continue
			}
			k := bits.TrailingZeros64(m) / 8
			i, o = i+k, o+k
		}
		if i >= len(src) {
			return "", false
		}
		switch c := src[i]; {
		case c == '"':
			d.pos = i + 1
			return d.newString(buf[:o]), true
		case c == '\\':
			if i+1 >= len(src) {
				return "", false
			}
			if e := unescaped[src[i+1]]; e != 0 {
				buf[o] = e
				o, i = o+1, i+2
				continue
			}
			d.pos = i + 1
			r, _, err := d.escapeRune()
			if err != nil {
				return "", false
			}
			o += len(appendRune(buf[o:o], r))
			i = d.pos
		case c >= 0x80:
			j, ok := validRun(src, i)
			if !ok || j-i > len(buf)-o {
				return "", false
			}
			o += copy(buf[o:], src[i:j])
			i = j
		case c < 0x20:
			return "", false
		default: // a plain byte among the last seven of src
			buf[o] = c
			o, i = o+1, i+1
		}
	}
	return "", false
}

// readEscaped decodes the rest of a string whose first escape is at
// src[esc], the bytes from start to there checked already, in one pass: the
// closing quote is found first (the first quote after an even run of
// backslashes), then every byte up to it is classified, checked and copied,
// escapes decoded, into a buffer the length of the raw string, which the
// decoded one never exceeds. ok is false, with the cursor anywhere, for a
// string that does not decode so: the caller then scans it again for the
// reference's error.
func (d *Decoder) readEscaped(start, esc int) (string, bool) {
	src := d.src
	end := ClosingQuote(src, esc)
	if end < 0 {
		return "", false
	}
	raw := src[start:end]
	// With AVX2 the rest, unless short, is checked as UTF-8 first,
	// vectorized, and the loop below decodes 32 bytes a block, copying
	// non-ASCII as it copies ASCII.
	vec := useAVX2 && len(raw)-(esc-start) >= 64
	if vec && !validUTF8Vec(raw[esc-start:]) {
		return "", false
	}
	out := makeNoZero(len(raw))
	o := copy(out, raw[:esc-start])
	i := esc - start
	for i < len(raw) {
		if vec && len(raw)-i >= 64 {
			// Whole blocks of plain bytes and short escapes, vectorized.
			do, di := unescapeVec(out[o:], raw[i:])
			o, i = o+do, i+di
			if i == len(raw) {
				break
			}
		}
		c := raw[i]
		switch {
		case c == '\\':
			if i+1 >= len(raw) {
				return "", false // the closing quote is this escape's
			}
			if e := unescaped[raw[i+1]]; e != 0 {
				out[o] = e
				o++
				i += 2
				continue
			}
			d.pos = start + i + 1
			r, _, err := d.escapeRune()
			if err != nil || d.pos > end {
				return "", false
			}
			o += len(appendRune(out[o:o], r))
			i = d.pos - start
		case c >= 0x80 && !vec:
			j, ok := validRun(raw, i)
			if !ok {
				return "", false
			}
			if j-i <= 8 && i+8 <= len(raw) && o+8 <= len(out) {
				// A short run (an accented letter, a dash) as one word.
				binary.LittleEndian.PutUint64(out[o:], binary.LittleEndian.Uint64(raw[i:]))
				o += j - i
			} else {
				o += copy(out[o:], raw[i:j])
			}
			i = j
		case c < 0x20 || c == '"':
			return "", false
		default:
			// A plain run, a word at a time while a whole word fits: the
			// word is stored as read, and a stop inside it is written over
			// by what follows.
			for i+8 <= len(raw) && o+8 <= len(out) {
				w := binary.LittleEndian.Uint64(raw[i:])
				binary.LittleEndian.PutUint64(out[o:], w)
				if m := stops(w, vec); m != 0 {
					k := bits.TrailingZeros64(m) / 8
					i += k
					o += k
					goto next
				}
				i += 8
				o += 8
			}
			for i < len(raw) && (stopClass[raw[i]] == 0 || vec && raw[i] >= 0x80) {
				out[o] = raw[i]
				i++
				o++
			}
		next:
		}
	}
	d.pos = end + 1
	if o == 0 {
		return "", true
	}
	if len(out)-o > len(out)/8 {
		// The string keeps its whole buffer alive. Slack up to an eighth
		// is what the allocator's size classes already round a request up
		// by, and spares prose (an escape here and there) a second copy;
		// past it (JSON inside JSON; \u escapes leave up to five sixths
		// unused) a copy to the exact length costs less than what it frees.
		return string(out[:o]), true
	}
	return unsafe.String(&out[0], o), true
}
