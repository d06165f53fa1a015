package serde

import "unsafe"

// noescape hides p from escape analysis, so that passing it to a Field's
// Read, a call through a function value the compiler cannot see into, does
// not move the caller's Decoder and struct to the heap (two allocations on
// every decode of a small frame otherwise). It is safe because no Read
// keeps d or v past its call: each reads one member into v and returns.
// (The runtime and strings.Builder use the same device.)
//
// Between its two lines the pointer is only a uintptr, which the stack
// copier does not adjust: nothing there may call a function that can grow
// the stack. checkptr (on with -race) would put its check of the second
// line's conversion there, and a stack grown in that check left the
// returned pointer on the old stack (a race build then read its members
// from a stale Decoder); go:nocheckptr keeps the check out, and in such a
// build also keeps noescape from being inlined into instrumented code.
//
//go:nocheckptr
func noescape[T any](p *T) *T {
	x := uintptr(unsafe.Pointer(p))
	return *(**T)(unsafe.Pointer(&x))
}
