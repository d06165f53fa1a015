// Package variant names the reference's error variant that a decode error
// stands for, as the oracle's line protocol and the golden vectors write it.
package variant

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Name is the snake_case name of the Rust error variant err stands for:
// a frame family's error kind, "postgres" for a bad connection id, "json"
// for a plain JSON payload.
func Name(err error) string {
	var fe interface{ KindName() string }
	if errors.As(err, &fe) {
		return fe.KindName()
	}
	var pe *begin.PostgresError
	if errors.As(err, &pe) {
		return "postgres"
	}
	var je *wire.JSONError
	if errors.As(err, &je) {
		return "json"
	}
	return "unknown"
}
