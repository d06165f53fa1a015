//go:build !amd64 || purego

package serde

import "unicode/utf8"

// vecStop is false here: the portable search is used.
func vecStop(b []byte, i int) (int, bool) { return 0, false }

// validUTF8Vec, stopBitsVec and specialVec are never called here (useAVX2
// stays false); they are the portable checks, so that the code that would
// call them reads the same on every platform.
func validUTF8Vec(b []byte) bool { return utf8.Valid(b) }

func stopBitsVec(b []byte) uint64 { return stopBits(b) }

func specialVec(b []byte, i int) int {
	for i < len(b) && strClass[b[i]]&^multi == plain {
		i++
	}
	return i
}

// unescapeVec, escapeVec, skipEscapesVec and quoteEndVec are never called
// here either: the first three decode and escape nothing, quoteEndVec is
// the portable search.
func unescapeVec(out, raw []byte) (o, i int) { return 0, 0 }

func escapeVec(out, b []byte) (o, i int) { return 0, 0 }

func skipEscapesVec(src []byte) (i, shrink int) { return 0, 0 }

func quoteEndVec(b []byte, p int) int { return quoteEndFrom(b, p, false) }
