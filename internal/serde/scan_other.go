//go:build !amd64 || purego

package serde

// vecStop is false here: the portable search is used.
func vecStop(b []byte, i int) (int, bool) { return 0, false }

// useAVX2 is false off amd64, or built with the purego tag; vecStop does
// not look at it (it is here for the tests that run both searches).
var useAVX2 = false
