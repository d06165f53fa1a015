package queue

import (
	"context"
	"sync"
	"testing"

	"go.uber.org/goleak"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// undeclared and declared are what a program declares in its Begun: no
// secret (never gated), and one secret (gated until Fed).
var (
	undeclared secrets.Declaration
	declared   = func() secrets.Declaration {
		d := secrets.NewDeclaration()
		d.Set("token", secrets.Fixed)
		return d
	}()
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// msg is a one-block text message.
func msg(key, text string) enqueue.Request {
	return enqueue.Request{Key: key, Content: []mcpcontent.Block{&mcpcontent.Text{Text: text}}}
}

// textOf is a message's first text block.
func textOf(r enqueue.Request) string {
	if len(r.Content) == 0 {
		return ""
	}
	if t, ok := r.Content[0].(*mcpcontent.Text); ok {
		return t.Text
	}
	return ""
}

func texts(msgs []enqueue.Request) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = textOf(m)
	}
	return out
}

// call is one call the queue made to a scriptAgent.
type call struct {
	start bool // StartLoop, else Offer
	loop  *Loop
	texts []string
}

// scriptAgent records every call and answers by the functions it holds
// (nil: take everything).
type scriptAgent struct {
	mu    sync.Mutex
	calls []call
	loops []*Loop // loops whose StartLoop returned nil

	start func(ctx context.Context, l *Loop, msgs []enqueue.Request) ([]error, error)
	offer func(ctx context.Context, l *Loop, msgs []enqueue.Request) []error
}

func (a *scriptAgent) StartLoop(ctx context.Context, l *Loop, msgs []enqueue.Request) ([]error, error) {
	a.mu.Lock()
	a.calls = append(a.calls, call{start: true, loop: l, texts: texts(msgs)})
	fn := a.start
	a.mu.Unlock()
	var refused []error
	var err error
	if fn != nil {
		refused, err = fn(ctx, l, msgs)
	}
	if err == nil {
		a.mu.Lock()
		a.loops = append(a.loops, l)
		a.mu.Unlock()
	}
	return refused, err
}

func (a *scriptAgent) Offer(ctx context.Context, l *Loop, msgs []enqueue.Request) []error {
	a.mu.Lock()
	a.calls = append(a.calls, call{loop: l, texts: texts(msgs)})
	fn := a.offer
	a.mu.Unlock()
	if fn != nil {
		return fn(ctx, l, msgs)
	}
	return nil
}

func (a *scriptAgent) Calls() []call {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]call(nil), a.calls...)
}

// Loop is the n-th loop that started (0-based).
func (a *scriptAgent) Loop(n int) *Loop {
	a.mu.Lock()
	defer a.mu.Unlock()
	if n >= len(a.loops) {
		return nil
	}
	return a.loops[n]
}
