package serde

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"
)

// Writer appends a frame to a caller's buffer: the tag, then JSON written as
// serde_json writes it. It is a byte slice, so it costs nothing to make and
// allocates only when the buffer runs out of room:
//
//	w := serde.Writer(dst)
//	w.Byte(tag)
//	w.Lit(`{"key":`)
//	if err := w.String(key); err != nil {
//		return dst, codec.ErrorAt("key", err)
//	}
//	w.Byte('}')
//	return w, nil
type Writer []byte

// Byte appends one byte.
func (w *Writer) Byte(c byte) { *w = append(*w, c) }

// Lit appends s as it is: JSON syntax the caller spells out, such as a member
// name with its quotes and colon.
func (w *Writer) Lit(s string) { *w = append(*w, s...) }

// Raw appends b as it is, unread: JSON that is already in serde_json's form
// (a [Raw] or [Object]'s bytes, or what a Rust producer wrote) or a frame
// body. Nothing is checked; the caller vouches for b.
func (w *Writer) Raw(b []byte) { *w = append(*w, b...) }

// Value appends r as a member's or an element's value that level arrays and
// objects enclose in the payload (1 for a member of the payload's own
// object). It refuses, leaving w as it was, the zero Raw ([ErrNoValue]) and a
// value that would nest deeper than [MaxDepth] there ([ErrTooDeep]), which
// no reader would take. Otherwise r is written as it is: its constructors
// left it in serde_json's form.
func (w *Writer) Value(r Raw, level int) error {
	if r.b == nil {
		return ErrNoValue
	}
	if !fits(r.b, level) {
		return ErrTooDeep
	}
	*w = append(*w, r.b...)
	return nil
}

// Object is [Writer.Value] for an Object.
func (w *Writer) Object(o Object, level int) error { return w.Value(Raw{o.obj}, level) }

// fits reports whether the JSON value b may stand inside level arrays and
// objects. A value nests at most half its length deep ("[[]]"), so a short
// one is not even scanned.
func fits(b []byte, level int) bool {
	return level+len(b)/2 <= MaxDepth || level+Depth(b) <= MaxDepth
}

// String appends s as a JSON string, escaped as serde_json escapes. A string
// that is not valid UTF-8 is [ErrInvalidUTF8], and w is left as it was.
func (w *Writer) String(s string) error {
	out, err := AppendString(*w, s)
	*w = out
	return err
}

// F32 appends f as serde_json writes an f32.
func (w *Writer) F32(f float32) { *w = AppendF32(*w, f) }

// U64 appends n in decimal.
func (w *Writer) U64(n uint64) { *w = appendNumber(*w, number{kind: numU64, u: n}) }

// Member appends a member name and its colon, preceded by a comma unless
// first is set; it then clears first. It is for objects whose members may
// each be absent.
func (w *Writer) Member(first *bool, name string) {
	if !*first {
		*w = append(*w, ',')
	}
	*first = false
	*w = append(*w, '"')
	*w = append(*w, name...)
	*w = append(*w, '"', ':')
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
		// Unless the first bytes show as many stops as escape-heavy text
		// has, where the block kernels below are faster.
		m := shortStops(b[:min(len(b), shortMax)])
		if len(b) <= shortMax || bits.OnesCount64(m) <= denseStops {
			out, ok := appendShort(out, b, m)
			if !ok {
				return dst, ErrInvalidUTF8
			}
			return append(out, '"'), nil
		}
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
		// The first word inline: in prose most stops are a few bytes apart.
		if i+8 <= len(b) {
			if m := stops(binary.LittleEndian.Uint64(b[i:]), vec); m != 0 {
				i += bits.TrailingZeros64(m) / 8
			} else if vec {
				i = specialVec(b, i+8)
			} else {
				i = nextStop(b, i+8, &sc)
			}
		} else if vec {
			i = specialVec(b, i)
		} else {
			i = nextStop(b, i, &sc)
		}
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
