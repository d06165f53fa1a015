package serde

import "unsafe"

// noescape hides p from escape analysis, so that passing it to a Field's
// Read, a call through a function value the compiler cannot see into, does
// not move the caller's Decoder and struct to the heap (two allocations on
// every decode of a small frame otherwise). It is safe because no Read
// keeps d or v past its call: each reads one member into v and returns.
// Stack growth still finds the pointer, which stays a *T all the way.
// (The runtime and strings.Builder use the same device.)
func noescape[T any](p *T) *T {
	x := uintptr(unsafe.Pointer(p))
	return *(**T)(unsafe.Pointer(&x))
}
