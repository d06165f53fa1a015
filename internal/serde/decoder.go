package serde

// MaxDepth is how deeply arrays and objects may nest, counted from the top of
// the payload: serde_json's recursion limit. One level deeper is refused.
const MaxDepth = 127

// Decoder reads JSON from a byte slice with serde_json's rules. Its zero
// value reads nothing; [NewDecoder] starts one on a slice. A Decoder is a
// cursor: each read consumes one value (or one piece of syntax) and leaves it
// past that value. After an error the cursor is unspecified.
//
// The frame families build their decoders from these reads; a caller outside
// this module rarely needs one.
type Decoder struct {
	src   []byte
	pos   int
	depth int // arrays and objects open now

	slab []byte   // the block short strings are carved from (copy.go)
	ptrs []string // the array of strings StringRef and ReadStrings hand out

	planned []planMember // normalize's stack, kept for the next value
}

// NewDecoder returns a Decoder at the start of src.
func NewDecoder(src []byte) Decoder { return Decoder{src: src} }

// Offset is the cursor's byte offset in the slice.
func (d *Decoder) Offset() int { return d.pos }

func (d *Decoder) fail(r Reason) error { return &Error{Offset: d.pos, Reason: r} }

func (d *Decoder) failAt(pos int, r Reason) error { return &Error{Offset: pos, Reason: r} }

func (d *Decoder) failWant(r Reason, want string) error {
	return &Error{Offset: d.pos, Reason: r, Want: want}
}

// ws skips JSON whitespace and returns the next byte, or ok=false at the end.
func (d *Decoder) ws() (c byte, ok bool) {
	for d.pos < len(d.src) {
		c = d.src[d.pos]
		if c != ' ' && c != '\n' && c != '\t' && c != '\r' {
			return c, true
		}
		d.pos++
	}
	return 0, false
}

// next is ws that treats the end of input as an error.
func (d *Decoder) next() (byte, error) {
	c, ok := d.ws()
	if !ok {
		return 0, d.fail(EOFValue)
	}
	return c, nil
}

// End checks that nothing but whitespace follows: serde_json's end of
// document.
func (d *Decoder) End() error {
	if _, ok := d.ws(); ok {
		return d.fail(TrailingBytes)
	}
	return nil
}

// literal consumes the literal word at the cursor (null, true or false).
func (d *Decoder) literal(word string) error {
	for i := 0; i < len(word); i++ {
		if d.pos >= len(d.src) {
			return d.fail(EOFValue)
		}
		if d.src[d.pos] != word[i] {
			return d.fail(InvalidLiteral)
		}
		d.pos++
	}
	return nil
}

// Null consumes a null if one is next and reports whether it did: how an
// optional member's null reads as absent.
func (d *Decoder) Null() (bool, error) {
	c, err := d.next()
	if err != nil || c != 'n' {
		return false, err
	}
	return true, d.literal("null")
}

// enter opens an array or object: one level deeper, within MaxDepth.
func (d *Decoder) enter() error {
	if d.depth >= MaxDepth {
		return d.fail(DepthLimit)
	}
	d.depth++
	d.pos++
	return nil
}

// more moves to the next element of an open array or object, as serde_json's
// SeqAccess and MapAccess do: false at the closing bracket (which it
// consumes, leaving the level), an error for a missing comma, a trailing
// comma or the end of input.
func (d *Decoder) more(first *bool, close byte) (bool, error) {
	c, ok := d.ws()
	if !ok {
		return false, d.fail(eofIn(close))
	}
	if c == close {
		d.pos++
		d.depth--
		return false, nil
	}
	if *first {
		*first = false
		return true, nil
	}
	if c != ',' {
		return false, d.fail(ExpectedComma)
	}
	d.pos++
	c, ok = d.ws()
	switch {
	case !ok:
		return false, d.fail(EOFValue)
	case c == close:
		return false, d.fail(TrailingComma)
	}
	return true, nil
}

func eofIn(close byte) Reason {
	if close == ']' {
		return EOFList
	}
	return EOFObject
}

// key reads an object member's name and the colon after it, returning the
// name's bytes: the source bytes when it has no escape, else scratch
// (reused). The name is checked as a string the reference parses is.
func (d *Decoder) key(scratch []byte) (name []byte, esc bool, err error) {
	if d.src[d.pos] != '"' {
		return nil, false, d.fail(KeyNotString)
	}
	name, ok := d.plainName()
	if !ok {
		// Not plain ASCII to its quote (plainName reads those, as names
		// nearly always are, to the bytes strBytes would return, without
		// its scan's set-up).
		d.pos++
		if name, esc, err = d.strBytes(scratch); err != nil {
			return nil, false, err
		}
	}
	if p := d.pos; p < len(d.src) && d.src[p] == ':' {
		d.pos++
	} else if err := d.colon(); err != nil {
		return nil, false, err
	}
	return name, esc, nil
}

func (d *Decoder) colon() error {
	c, ok := d.ws()
	switch {
	case !ok:
		return d.fail(EOFObject)
	case c != ':':
		return d.fail(ExpectedColon)
	}
	d.pos++
	return nil
}

// Array reads an array, calling elem once per element with the cursor on
// it; elem must consume exactly one value. A value that is not an array is a
// type error.
func (d *Decoder) Array(elem func() error) error {
	c, err := d.next()
	if err != nil {
		return err
	}
	if c != '[' {
		return d.typeError("a sequence")
	}
	if err := d.enter(); err != nil {
		return err
	}
	first := true
	for {
		ok, err := d.more(&first, ']')
		if !ok || err != nil {
			return err
		}
		if err := elem(); err != nil {
			return err
		}
	}
}

// Map reads an object as serde reads a map, calling member with each
// member's name (escapes decoded, checked as UTF-8) and the cursor on its
// value; member must consume the value. A repeated name is passed again:
// what it means is the map's business. A value that is not an object is a
// type error.
func (d *Decoder) Map(member func(name []byte) error) error {
	c, err := d.next()
	if err != nil {
		return err
	}
	if c != '{' {
		return d.typeError("a map")
	}
	if err := d.enter(); err != nil {
		return err
	}
	return d.members(member)
}

// typeError is the error for a value of the wrong type at the cursor. The
// reference checks the offending value's own syntax first (a malformed
// number is a syntax error, not a type error); either way the input is
// refused, so only the reason differs.
func (d *Decoder) typeError(want string) error {
	return d.failWant(WrongType, "expected "+want)
}

// Append appends v to s, doubling the capacity whenever it runs out. A
// decoder collecting a list of unknown length uses it so that what it
// allocates stays within twice what it keeps (plain append grows large
// slices by a quarter, allocating some five times the final size on the way).
func Append[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		grown := make([]T, len(s), 2*len(s)+4)
		copy(grown, s)
		s = grown
	}
	return append(s, v)
}

// plainName reads, when the cursor is on a string of plain ASCII (no quote
// inside, no backslash, control or byte of 0x80 and above) followed by its
// closing quote, that string, and leaves the cursor past the quote: exactly
// what strBytes would return for it. Otherwise it returns ok=false and
// leaves the cursor where it was, for the general reader.
func (d *Decoder) plainName() (name []byte, ok bool) { return d.plainString(len(d.src)) }

// plainString is plainName for a string whose quote comes within limit
// bytes of its start: it gives up past them.
func (d *Decoder) plainString(limit int) (name []byte, ok bool) {
	src, p := d.src, d.pos
	if p >= len(src) || src[p] != '"' {
		return nil, false
	}
	j := plainEnd(src, p+1, limit)
	if j < 0 {
		return nil, false
	}
	d.pos = j + 1
	return src[p+1 : j], true
}

// plainEnd returns the index of the quote that ends the string whose bytes
// start at src[j] when they are plain ASCII up to it and it comes within
// limit bytes of j; otherwise -1.
func plainEnd(src []byte, j, limit int) int {
	j = plainRun(src, j, limit)
	if j >= len(src) || src[j] != '"' {
		return -1
	}
	return j
}
