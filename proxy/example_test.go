package proxy_test

import (
	"context"
	"fmt"
	"net"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// shout is a Program: each loop answers its messages' text in capitals.
type shout struct{}

func (shout) Register(context.Context, wire.Raw) (begin.Registered, error) {
	return begin.Registered{}, nil
}
func (shout) Feed(context.Context, secrets.Values) error { return nil }
func (shout) Collect(context.Context) (secrets.Values, error) {
	return secrets.NewValues(), nil
}
func (shout) Info(context.Context) ([]byte, error) { return nil, nil }
func (shout) Run(ctx context.Context, loop *proxy.Loop) error {
	for msgs := loop.Messages(); len(msgs) > 0; msgs = loop.Seam(ctx) {
		for _, m := range msgs {
			for _, b := range m.Content {
				if t, ok := b.(*mcpcontent.Text); ok {
					c := &chunk.AssistantTextContent{Content: mcpcontent.Text{Text: t.Text + "!"}}
					if err := loop.Send(ctx, c); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// A container proxy serving one connection on a loopback port, and a
// provider that begins, enqueues and reads the loop. The server writes
// Active and the user part; the program only its answer.
func Example() {
	ctx := context.Background()
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	srv := &proxy.Server{Program: shout{}}
	served := make(chan error, 1)
	go func() { served <- srv.ServeOne(ctx, ln) }()

	c, _ := provider.Dial(ctx, "ws://"+ln.Addr().String()+"/", nil)
	b, _ := c.Begin(ctx, wire.Raw{})
	fate, _ := b.Enqueue(ctx, enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "hello"}}})
	fmt.Println(fate.Outcome)
	for {
		r, _ := b.Recv(ctx)
		switch r := r.(type) {
		case *begin.Active:
			fmt.Println("active")
		case *begin.Chunk:
			fmt.Println(r.Chunk.Type())
		case *begin.Inactive:
			fmt.Println("inactive")
			_ = c.Close()
			fmt.Println(<-served)
			return
		}
	}
	// Output:
	// delivered
	// active
	// user_text_content
	// assistant_text_content
	// inactive
	// <nil>
}

// agent is a Program that relays its agent's chunks as the agent wrote
// them: here, one line of JSON per chunk.
type agent struct {
	shout
	lines []string
}

func (a agent) Run(ctx context.Context, loop *proxy.Loop) error {
	for _, line := range a.lines {
		if err := loop.Relay(ctx, []byte(line)); err != nil {
			return err
		}
	}
	return nil
}

// A program relaying its agent's chunk JSON without decoding it, and a
// provider reading the main stream's payloads as they came (tag 2, then
// the chunk's bytes). With TrustRelay the proxy does not read the bytes
// either.
func ExampleLoop_Relay() {
	ctx := context.Background()
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	srv := &proxy.Server{
		Program: agent{lines: []string{`{"type":"assistant_text_content","text":"on it"}`}},
		Options: proxy.Options{TrustRelay: true},
	}
	served := make(chan error, 1)
	go func() { served <- srv.ServeOne(ctx, ln) }()

	c, _ := provider.Dial(ctx, "ws://"+ln.Addr().String()+"/", nil)
	b, _ := c.Begin(ctx, wire.Raw{})
	_, _ = b.SendEnqueue(ctx, enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "go"}}})
	for {
		p, _ := b.RecvPayload(ctx)
		fmt.Printf("%q\n", p)
		if p[0] == begin.TagInactive {
			_ = c.Close()
			fmt.Println(<-served)
			return
		}
	}
	// Output:
	// "\x03"
	// "\x02{\"type\":\"user_text_content\",\"key\":\"k\",\"text\":\"go\"}"
	// "\x02{\"type\":\"assistant_text_content\",\"text\":\"on it\"}"
	// "\x04{}"
	// <nil>
}
