package serde

import "encoding/binary"

// validRun checks the run of non-ASCII that starts at b[i] as UTF-8,
// sequence by sequence, up to the next ASCII byte. It returns the index of
// that byte (len(b) at the end), or the index of the first sequence that is
// not UTF-8 and false. Where four bytes are left, a sequence is checked in
// one word: its second byte against its lead's range, the others'
// continuation bits against a mask.
func validRun(b []byte, i int) (int, bool) {
	for {
		c := b[i]
		seq := utf8Seq[c]
		// The length by comparison, not from the table, so that the next
		// i waits on no second load. (A lead that starts no sequence fails
		// the table's test below.)
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
				return i, false
			}
		} else if !validTail(b[i:], seq) {
			return i, false
		}
		i += n
		if i == len(b) || b[i] < 0x80 {
			return i, true
		}
	}
}

// validTail is validRun's check of a sequence that starts fewer than four
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
