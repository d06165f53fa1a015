package proxy

import (
	"bytes"
	"context"
	"iter"
	"sync"

	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/queue"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// programPanic is a Program method that panicked. Its words are the
// server's own, never the panic's, which may hold anything.
type programPanic struct{}

func (programPanic) Error() string { return "proxy: the program panicked" }

// call2 calls a Program method, turning a panic into an error whose
// refusal is errProgramPanic.
func call2[T any](ctx context.Context, f func(context.Context) (T, error)) (v T, err error) {
	defer func() {
		if recover() != nil {
			var zero T
			v, err = zero, programPanic{}
		}
	}()
	return f(ctx)
}

// refusal is the protocol error a Program's error becomes.
func refusal(err error) protoerr.Error {
	if _, ok := err.(programPanic); ok {
		return errProgramPanic
	}
	return queue.Refusal(err)
}

// scrub gives back e, or errWithheld when e's JSON holds any of values in
// the form a program would print it: a string's contents (raw, and as
// escaped between its quotes) or any other value's JSON text. Values that
// hold nothing are not looked for.
func scrub(e protoerr.Error, values secrets.Values) protoerr.Error {
	text := e.Value.Bytes()
	words, _ := e.Text()
	for _, v := range values.All() {
		raw := v.Bytes()
		var forms [][]byte
		var s string
		if v.DecodeInto(&s) == nil {
			if s == "" {
				continue
			}
			forms = append(forms, []byte(s), raw[1:len(raw)-1])
		} else {
			switch string(raw) {
			case "null", "{}", "[]":
				continue
			}
			forms = append(forms, raw)
		}
		for _, f := range forms {
			if bytes.Contains(text, f) || (words != "" && bytes.Contains([]byte(words), f)) {
				return errWithheld
			}
		}
	}
	return e
}

// iterPull pulls the declared names in order.
func iterPull(d secrets.Declaration) (func() (string, bool), func()) {
	return iter.Pull(func(yield func(string) bool) {
		for name := range d.All() {
			if !yield(name) {
				return
			}
		}
	})
}

// pending counts answers not yet finished, and lets one wait for none.
type pending struct {
	mu      sync.Mutex
	n       int
	waiters []chan struct{}
}

func (p *pending) add() {
	p.mu.Lock()
	p.n++
	p.mu.Unlock()
}

func (p *pending) done() {
	p.mu.Lock()
	p.n--
	var w []chan struct{}
	if p.n == 0 {
		w, p.waiters = p.waiters, nil
	}
	p.mu.Unlock()
	for _, c := range w {
		close(c)
	}
}

// wait returns once none is pending, or ctx ends.
func (p *pending) wait(ctx context.Context) {
	p.mu.Lock()
	if p.n == 0 {
		p.mu.Unlock()
		return
	}
	c := make(chan struct{})
	p.waiters = append(p.waiters, c)
	p.mu.Unlock()
	select {
	case <-c:
	case <-ctx.Done():
	}
}
