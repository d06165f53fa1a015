//go:build !amd64 || purego

package serde

// useAVX512 is false off amd64, or built with the purego tag.
var useAVX512 = false

// copyVec never copies here: the built-in copy does.
func copyVec(dst, src []byte) bool { return false }

// memmoveRepMovs and memmoveStreams are false here: cloneString's steering
// of memmove is for its amd64 assembly.
var memmoveRepMovs, memmoveStreams = false, false
