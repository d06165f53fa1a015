package proxy

import (
	"context"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Program is the container's program, as the server drives it. Its methods
// may be called from several goroutines at once (a feed may come while a
// loop runs), and each must return once its ctx ends.
type Program interface {
	// Register takes the container's arguments (any JSON, null included)
	// and answers what the program declares: its dependency templates and
	// its secrets. An error is written as the begin's Error, in the
	// error's words (see queue.Refusal), and ends the begin.
	Register(ctx context.Context, arguments wire.Raw) (begin.Registered, error)
	// Feed takes the values of every declared secret. An error refuses
	// them (the feed is answered Error and the gate stays closed). The
	// values are the server's until Feed returns: Clone them to keep them.
	Feed(ctx context.Context, values secrets.Values) error
	// Run runs one loop: it sends its chunks on loop and calls loop.Seam
	// where it can take messages that came meanwhile. Returning ends the
	// loop; an error (or a panic) marks it failed. It must return once
	// ctx ends.
	Run(ctx context.Context, loop *Loop) error
	// Collect hands back the rotating secrets after a loop: every name
	// declared rotating, to the value the program leaves in it. It is
	// called only when the program declared a rotating secret. Names not
	// declared rotating are dropped; a missing one, or an error, ends the
	// begin with an Error naming the rotating secrets.
	Collect(ctx context.Context) (secrets.Values, error)
	// Info answers an Info channel with an opaque payload (the image's
	// DIVERGE.md, parsed). An error finishes the channel with no answer.
	Info(ctx context.Context) ([]byte, error)
}

// PostgresProgram is a Program that also serves Postgres channels. A
// Program that does not implement it has every Postgres request finished
// with no answer (not served).
type PostgresProgram interface {
	Program
	// Postgres serves the connection connID: it sends the channel's byte
	// stream with send, in order, and returns when it is done (the
	// channel is then finished). It must return once ctx ends.
	Postgres(ctx context.Context, connID uint32, send func(ctx context.Context, payload []byte) error) error
}
