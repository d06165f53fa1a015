//go:build !race

package scopes

const raceBuild = false
