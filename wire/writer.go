package wire

// Writer appends a frame to a caller's buffer: the tag, then JSON written as
// serde_json writes it. It is a byte slice, so it costs nothing to make and
// allocates only when the buffer runs out of room:
//
//	w := wire.Writer(dst)
//	w.Byte(tag)
//	w.Lit(`{"key":`)
//	w.String(key)
//	w.Byte('}')
//	return w, nil
type Writer []byte

// Byte appends one byte.
func (w *Writer) Byte(c byte) { *w = append(*w, c) }

// Lit appends s as it is: JSON syntax the caller spells out, such as a member
// name with its quotes and colon.
func (w *Writer) Lit(s string) { *w = append(*w, s...) }

// Raw appends b as it is: already-encoded JSON or a frame body.
func (w *Writer) Raw(b []byte) { *w = append(*w, b...) }

// String appends s as a JSON string, escaped as serde_json escapes.
func (w *Writer) String(s string) { *w = AppendString(*w, s) }

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
func AppendString[S ~string | ~[]byte](dst []byte, s S) []byte {
	dst = append(dst, '"')
	for {
		i, _ := scanPlain([]byte(s), 0)
		dst = append(dst, s[:i]...)
		if i == len(s) {
			return append(dst, '"')
		}
		c := s[i]
		if e := escapes[c]; e != 'u' {
			dst = append(dst, '\\', e)
		} else {
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		}
		s = s[i+1:]
	}
}
