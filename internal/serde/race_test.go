//go:build race

package serde

// raceBuild is true under the race detector, which slows the exhaustive
// loops of some tests a hundredfold; those sample instead (make test runs
// the package once more without it).
const raceBuild = true
