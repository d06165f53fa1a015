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
