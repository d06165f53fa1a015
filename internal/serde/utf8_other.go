//go:build !amd64 || purego

package serde

import "unicode/utf8"

// validUTF8Vec is never called here (useAVX2 stays false); it is the
// portable check, so that the code that would call it reads the same on
// every platform.
func validUTF8Vec(b []byte) bool { return utf8.Valid(b) }
