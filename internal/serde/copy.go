package serde

import (
	"strings"
	"unsafe"
)

// A frame of a few hundred bytes holds dozens of short strings (keys, names,
// URIs, MIME types), and an allocation costs more than reading a short
// one. The decoder carves short strings from blocks it allocates instead, and
// optional strings' pointers from small arrays: a block is written once, up to
// the end of what it has handed out, and never again, so the strings made of
// it are as immutable as any.
//
// What this costs in memory: a string kept after its frame keeps its block
// alive, at most slabBlock bytes and never more than the rest of the frame
// from where the block was made; a pointer from OptString or StringRef, or a
// list from ReadStrings, keeps its array of slabPointers strings (and the
// strings they hold).
//
// slabString is an eighth of slabBlock, so that a block serves at least eight
// strings per allocation; at a few hundred bytes the copy costs about what
// an allocation does, so a longer string would gain little from a block and
// take much of it. slabBlock holds the short strings of a frame of a
// few KiB in one allocation, and caps what one kept string pins at that,
// however large the frame. slabPointers string headers are 128 bytes, an
// exact size class: a frame has a handful of optional strings (a link block
// has six), so one array mostly serves the whole frame.
const (
	slabString   = 256  // longest string carved from a block
	slabBlock    = 2048 // largest block
	slabPointers = 8    // strings in one array for OptString, StringRef and ReadStrings
)

// newString returns b as a string that does not alias b.
func (d *Decoder) newString(b []byte) string {
	n := len(b)
	if n == 0 {
		return ""
	}
	if n > slabString || len(d.src)-d.pos < 3 {
		// Long, or the last string the input can hold (another takes at
		// least three bytes, "x"): nothing to share a block with.
		return string(b)
	}
	if cap(d.slab)-len(d.slab) < n {
		// What is left of the input bounds what is left to decode: a
		// small frame gets a block no larger than itself.
		d.slab = make([]byte, 0, min(len(d.src)-d.pos+n, slabBlock))
	}
	at := len(d.slab)
	d.slab = append(d.slab, b...)
	return unsafe.String(&d.slab[at], n)
}

// OptString reads an optional string: null is nil.
func (d *Decoder) OptString() (*string, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	s, err := d.ReadString()
	if err != nil {
		return nil, err
	}
	return d.StringRef(s), nil
}

// StringRef returns a pointer to a copy of s, from one of the decoder's
// arrays of strings.
func (d *Decoder) StringRef(s string) *string {
	if len(d.ptrs) == cap(d.ptrs) {
		d.ptrs = make([]string, 0, slabPointers)
	}
	d.ptrs = append(d.ptrs, s)
	return &d.ptrs[len(d.ptrs)-1]
}

// ReadStrings reads an array of strings. A list of up to slabPointers comes
// from one of the decoder's arrays of strings, its capacity its length (an
// append to it copies it first); an empty one is non-nil.
func (d *Decoder) ReadStrings() ([]string, error) {
	var few [slabPointers]string
	many, n, err := ReadList(d, few[:], d.ReadString)
	switch {
	case err != nil:
		return nil, err
	case many != nil:
		return many, nil
	case n == 0:
		return []string{}, nil
	case cap(d.ptrs)-len(d.ptrs) < n:
		d.ptrs = make([]string, 0, slabPointers)
	}
	at := len(d.ptrs)
	d.ptrs = append(d.ptrs, few[:n]...)
	return d.ptrs[at : at+n : at+n], nil
}

// ReadList reads an array, each element with read, into few (the caller's
// array, on the stack) while it fits: n is the number of elements, and many
// is nil when they are all in few[:n], else the whole list.
func ReadList[T any](d *Decoder, few []T, read func() (T, error)) (many []T, n int, err error) {
	err = d.Array(func() error {
		v, err := read()
		switch {
		case n < len(few):
			few[n] = v
		case many == nil:
			many = append(append(make([]T, 0, 2*len(few)+1), few...), v)
		default:
			many = Append(many, v)
		}
		n++
		return err
	})
	return many, n, err
}

// makeNoZero returns n bytes of fresh memory that are not zeroed first, as
// strings.Builder allocates them (make would clear them): for a buffer that
// is written before it is read, and of which only what was written is ever
// handed out.
func makeNoZero(n int) []byte {
	if n == 0 {
		return nil
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteByte(0)
	return unsafe.Slice(unsafe.StringData(b.String()), n)
}
