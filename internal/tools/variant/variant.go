// Package variant names the reference's error variant that a decode error
// stands for, as the oracle's line protocol and the golden vectors write it.
package variant

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/answer"
	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// kinds are the frame families' error kinds, each as a function that finds
// the family's FrameError in err and names its kind.
var kinds = []func(error) (string, bool){
	kind[begin.ResponseErrorKind],
	kind[begin.ChannelRequestErrorKind],
	kind[answer.ErrorKind[enqueue.Outcome]],
	kind[answer.ErrorKind[dequeue.Outcome]],
	kind[answer.ErrorKind[secrets.Outcome]],
	kind[answer.ErrorKind[legacy.Outcome]],
}

// kind is the name of the kind of the *wire.FrameError[K] in err, if there
// is one.
func kind[K wire.ErrorKind](err error) (string, bool) {
	var fe *wire.FrameError[K]
	if errors.As(err, &fe) {
		return fe.Kind.String(), true
	}
	return "", false
}

// Name is the snake_case name of the Rust error variant err stands for:
// a frame family's error kind, "postgres" for a bad connection id, "json"
// for a plain JSON payload.
func Name(err error) string {
	for _, k := range kinds {
		if name, ok := k(err); ok {
			return name
		}
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
