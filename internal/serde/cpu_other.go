//go:build !amd64 || purego

package serde

// useAVX2 is false off amd64, or built with the purego tag; it is a
// variable only for the tests, which set it as on amd64.
var useAVX2 = false
