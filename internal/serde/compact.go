package serde

import (
	"encoding/binary"
	"math/bits"
)

// Opaque JSON (a chunk, a template, _meta, a secret's value) is almost always
// what serde_json wrote: compact, canonical. scanCompact checks that case
// with one loop over the value's structure instead of scanValue's call per
// element, member and separator; anything it does not take on it leaves to
// scanValue, which then reads the value from its start.

// compactDepth is how deep scanCompact follows a value; deeper goes the
// general way.
const compactDepth = 10

// scanCompact reports whether the value at the cursor (whitespace before it
// skipped) is valid JSON exactly as serde_json serializes it, with no
// whitespace outside strings, integers of at most 18 digits, and no repeated
// member names; with the cursor then past it. false says nothing about the
// value, and leaves the cursor anywhere: the caller reads it again with
// scanValue. Strings are checked by scanStr, as scanValue checks them.
func (d *Decoder) scanCompact() bool {
	if d.depth+compactDepth >= MaxDepth {
		return false
	}
	src := d.src
	i := d.pos
	var (
		objects uint32                  // bit n set: level n is an object
		depth   int                     // levels open
		names   [compactDepth][2]uint64 // per open object: a filter of its member names
	)
	for {
		// A value at src[i].
		if i >= len(src) {
			return false
		}
		switch c := src[i]; {
		case c == '"':
			d.pos = i + 1
			if canon, _, err := d.scanStr(); err != nil || !canon {
				return false
			}
			i = d.pos
		case c == '{' || c == '[':
			if depth == compactDepth || i+1 >= len(src) {
				return false
			}
			i++
			if c == '{' {
				if src[i] == '}' {
					i++
					break
				}
				objects |= 1 << depth
				names[depth] = [2]uint64{}
				depth++
				var ok bool
				if i, ok = d.compactName(i, &names[depth-1]); !ok {
					return false
				}
				continue
			}
			if src[i] == ']' {
				i++
				break
			}
			objects &^= 1 << depth
			depth++
			continue
		case c >= '0' && c <= '9' || c == '-':
			var ok bool
			if i, ok = compactInteger(src, i); !ok {
				return false
			}
		case c == 't':
			if !hasAt(src, i, "true") {
				return false
			}
			i += 4
		case c == 'f':
			if !hasAt(src, i, "false") {
				return false
			}
			i += 5
		case c == 'n':
			if !hasAt(src, i, "null") {
				return false
			}
			i += 4
		default:
			return false
		}
		// After a value: close what ends here, until a comma opens the
		// next value or nothing is left open.
		for {
			if depth == 0 {
				d.pos = i
				return true
			}
			if i >= len(src) {
				return false
			}
			obj := objects&(1<<(depth-1)) != 0
			switch c := src[i]; {
			case c == '}' && obj, c == ']' && !obj:
				i++
				depth--
				continue
			case c == ',':
				i++
				if obj {
					var ok bool
					if i, ok = d.compactName(i, &names[depth-1]); !ok {
						return false
					}
				}
			default:
				return false
			}
			break
		}
	}
}

// compactName checks a member's name at src[i] and the colon right after
// it, adding the name to seen, its object's filter: false for a name that is
// not plain canonical (no escape) or that the filter may have seen before,
// which the general way tells apart.
func (d *Decoder) compactName(i int, seen *[2]uint64) (int, bool) {
	src := d.src
	if i >= len(src) || src[i] != '"' {
		return 0, false
	}
	start := i + 1
	if j := plainEnd(src, start, len(src)); j >= 0 {
		// Plain ASCII up to its quote, as names nearly always are.
		i = j + 1
	} else {
		d.pos = start
		canon, esc, err := d.scanStr()
		if err != nil || !canon || esc {
			return 0, false
		}
		i = d.pos
	}
	if i >= len(src) || src[i] != ':' {
		return 0, false
	}
	h := nameHash(src, start, i-1)
	b0, b1 := uint64(1)<<(h>>58), uint64(1)<<(h>>52&63)
	if seen[0]&b0 != 0 && seen[1]&b1 != 0 {
		return 0, false
	}
	seen[0] |= b0
	seen[1] |= b1
	return i + 1, true
}

// nameHash mixes the length and the first and last eight bytes of
// src[start:end] (fewer for a shorter name, read a byte at a time near the
// end of src).
func nameHash(src []byte, start, end int) uint64 {
	n := end - start
	var first, last uint64
	switch {
	case n >= 8:
		first = binary.LittleEndian.Uint64(src[start:])
		last = binary.LittleEndian.Uint64(src[end-8:])
	case start+8 <= len(src):
		first = binary.LittleEndian.Uint64(src[start:]) & (1<<(8*n) - 1)
	default:
		for k := n - 1; k >= 0; k-- {
			first = first<<8 | uint64(src[start+k])
		}
	}
	h := (first ^ uint64(n)) * 0x9e3779b97f4a7c15
	h ^= bits.RotateLeft64(last*0xc2b2ae3d27d4eb4f, 31)
	return h * 0x165667b19e3779f9
}

// compactInteger checks an integer at src[i] as serde_json writes one: an
// optional minus, then 0 alone or up to 18 digits without a leading zero,
// followed by what may end a value. -0 (a float to serde_json), fractions,
// exponents and longer numbers are left to the general way.
func compactInteger(src []byte, i int) (int, bool) {
	start := i
	if src[i] == '-' {
		i++
	}
	if i >= len(src) || src[i] < '0' || src[i] > '9' {
		return 0, false
	}
	if src[i] == '0' {
		if src[start] == '-' {
			return 0, false
		}
		i++
	} else {
		j := i
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			i++
		}
		if i-j > 18 {
			return 0, false
		}
	}
	if i < len(src) {
		switch src[i] {
		case ',', ']', '}':
		default:
			return 0, false
		}
	}
	return i, true
}

// hasAt reports whether src holds word at i.
func hasAt(src []byte, i int, word string) bool {
	return len(src)-i >= len(word) && string(src[i:i+len(word)]) == word
}
