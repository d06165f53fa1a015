//go:build !race

package serde

// raceBuild is false without the race detector: see race_test.go.
const raceBuild = false
