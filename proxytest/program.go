// Package proxytest holds fakes for tests on either side of the container
// proxy's connection: Program, a scripted Program for a proxy's tests, and
// Pipe, a ready proxy over an in-memory connection for a provider's.
package proxytest

import (
	"context"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Program is a scripted proxy.Program. Each loop sends Reply's chunks for
// the messages it started on, then takes a seam; while a seam takes
// messages it replies to them and takes another. The zero Program declares
// nothing, replies nothing and accepts every feed.
type Program struct {
	// Registered is what Register answers.
	Registered begin.Registered
	// RegisterErr, FeedErr, RunErr and CollectErr, when set, are what
	// those calls return (Run and Collect after their work).
	RegisterErr, FeedErr, RunErr, CollectErr error
	// Reply gives the chunks a loop sends for messages it took; nil sends
	// none.
	Reply func(msgs []enqueue.Request) []chunk.Chunk
	// HandBack gives the value a rotating secret is handed back with,
	// from the value it was fed (the zero Raw when none was); nil hands
	// back the value fed.
	HandBack func(name string, fed wire.Raw) wire.Raw
	// InfoAnswer is Info's answer.
	InfoAnswer []byte
	// Seams bounds the seams a loop takes; 0 means no bound. A loop that
	// reaches it ends, leaving what waits to the next loop.
	Seams int
	// Step, when set, is called at every step of a loop (before each
	// chunk and each seam): a test can hold a loop there, or hurry it.
	Step func(ctx context.Context)

	mu        sync.Mutex
	arguments wire.Raw
	fed       secrets.Values
	loops     int
	taken     []enqueue.Request
}

var _ proxy.Program = (*Program)(nil)

// Register keeps the arguments and answers Registered.
func (p *Program) Register(_ context.Context, arguments wire.Raw) (begin.Registered, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.arguments = arguments
	return p.Registered, p.RegisterErr
}

// Feed keeps a copy of the values, unless FeedErr refuses them.
func (p *Program) Feed(_ context.Context, values secrets.Values) error {
	if p.FeedErr != nil {
		return p.FeedErr
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fed = values.Clone()
	return nil
}

// Run replies to the loop's messages, then to what each seam takes.
func (p *Program) Run(ctx context.Context, loop *proxy.Loop) error {
	p.mu.Lock()
	p.loops++
	p.mu.Unlock()
	msgs := loop.Messages()
	for seams := 0; len(msgs) > 0; seams++ {
		p.mu.Lock()
		p.taken = append(p.taken, msgs...)
		p.mu.Unlock()
		if p.Reply != nil {
			for _, c := range p.Reply(msgs) {
				p.step(ctx)
				if err := loop.Send(ctx, c); err != nil {
					return err
				}
			}
		}
		if p.Seams > 0 && seams >= p.Seams {
			break
		}
		p.step(ctx)
		msgs = loop.Seam(ctx)
	}
	return p.RunErr
}

func (p *Program) step(ctx context.Context) {
	if p.Step != nil {
		p.Step(ctx)
	}
}

// Collect hands back every rotating secret declared.
func (p *Program) Collect(context.Context) (secrets.Values, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := secrets.NewValues()
	for name := range p.Registered.Secrets.Rotating() {
		fed, _ := p.fed.Get(name)
		v := fed
		if p.HandBack != nil {
			v = p.HandBack(name, fed)
		}
		if !v.IsZero() {
			out.Set(name, v)
		}
	}
	// The values are dropped at the loop's end.
	p.fed = secrets.Values{}
	return out, p.CollectErr
}

// Info answers InfoAnswer.
func (p *Program) Info(context.Context) ([]byte, error) { return p.InfoAnswer, nil }

// Arguments are the arguments Register took.
func (p *Program) Arguments() wire.Raw {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.arguments
}

// Loops is how many loops ran.
func (p *Program) Loops() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.loops
}

// Taken is every message the loops took, in order.
func (p *Program) Taken() []enqueue.Request {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]enqueue.Request(nil), p.taken...)
}

// Echo answers each text block of a message with an assistant_text_content
// chunk "echo: <text>".
func Echo(msgs []enqueue.Request) []chunk.Chunk {
	var out []chunk.Chunk
	for _, m := range msgs {
		for _, b := range m.Content {
			if t, ok := b.(*mcpcontent.Text); ok && t != nil {
				out = append(out, &chunk.AssistantTextContent{Content: mcpcontent.Text{Text: "echo: " + t.Text}})
			}
		}
	}
	return out
}

// Prime hands a rotating secret back with ' appended when it was fed a
// JSON string, and as fed otherwise.
func Prime(_ string, fed wire.Raw) wire.Raw {
	var s string
	if fed.DecodeInto(&s) != nil {
		return fed
	}
	v, err := wire.NewRawString(s + "'")
	if err != nil {
		return fed
	}
	return v
}
