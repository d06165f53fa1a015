//go:build race

package scopes

// raceBuild is true under the race detector, whose shadow memory makes a
// large allocation cost more per byte than a small one: the cost harness
// then holds allocations to linear growth but not CPU time (make test runs
// the package once more without it).
const raceBuild = true
