//go:build !amd64 || purego

package serde

import "unsafe"

// useAVX512 is false off amd64, or built with the purego tag.
var useAVX512 = false

// copyVec never copies here: the built-in copy does.
func copyVec(dst, src []byte) bool { return false }

// memmoveRepMovs, memmoveByBytes and memmoveStreams are false here:
// cloneString's steering of memmove is for its amd64 assembly. (The tests
// switch them on everywhere; copyRepMovsb is then the built-in copy.)
var memmoveRepMovs, memmoveByBytes, memmoveStreams = false, false, false

func copyRepMovsb(dst, src *byte, n int) { copy(unsafe.Slice(dst, n), unsafe.Slice(src, n)) }
