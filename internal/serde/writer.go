package serde

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
