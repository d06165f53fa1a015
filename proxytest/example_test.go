package proxytest_test

import (
	"context"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// A provider's test against a scripted proxy: begin, feed, enqueue, and
// read the loop the message started.
func Example() {
	ctx := context.Background()
	decl := secrets.NewDeclaration()
	decl.Set("token", secrets.Rotating)
	prog := &proxytest.Program{
		Registered: begin.Registered{Secrets: decl},
		Reply:      proxytest.Echo,
		HandBack:   proxytest.Prime,
	}
	p, _ := proxytest.Pipe(prog, nil, nil)
	defer p.Close()

	var args wire.Raw
	_ = args.DecodeJSON([]byte(`{"model":"m"}`))
	b, err := p.Client.Begin(ctx, args)
	if err != nil {
		fmt.Println(err)
		return
	}
	values := secrets.NewValues()
	v, _ := wire.NewRawString("t0")
	values.Set("token", v)
	fed, _ := b.Feed(ctx, values)
	fmt.Println("feed:", fed.Outcome)
	fate, _ := b.Enqueue(ctx, enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "hi"}}})
	fmt.Println("fate:", fate.Outcome)
	for {
		r, err := b.Recv(ctx)
		if err != nil {
			fmt.Println(err)
			return
		}
		switch r := r.(type) {
		case *begin.Active:
			fmt.Println("active")
		case *begin.Chunk:
			switch c := r.Chunk.(type) {
			case *chunk.UserTextContent:
				fmt.Printf("user %s: %s\n", c.Key, c.Content.Text)
			case *chunk.AssistantTextContent:
				fmt.Println("assistant:", c.Content.Text)
			}
		case *begin.Inactive:
			s, _, _ := r.Values.GetString("token")
			fmt.Println("inactive, token handed back:", s)
			return
		}
	}
	// Output:
	// feed: fed
	// fate: delivered
	// active
	// user k: hi
	// assistant: echo: hi
	// inactive, token handed back: t0'
}
