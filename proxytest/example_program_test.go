package proxytest_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/trace"
	"github.com/diverge-network/diverge-sdk-go/wire"
	"github.com/diverge-network/diverge-sdk-go/wiretap"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// A proxy's test with the scripted Program: the program refuses to start
// once (RunErr), and the proxy must still answer the message and say the
// loop failed; the session is recorded and checked as it goes.
func ExampleProgram() {
	ctx := context.Background()
	prog := &proxytest.Program{Reply: proxytest.Echo, RunErr: errors.New("model unavailable")}
	var log syncBuffer
	tap := wiretap.New(&log)
	p, _ := proxytest.Pipe(prog, &proxy.Options{Tap: tap}, nil)

	b, _ := p.Client.Begin(ctx, wire.Raw{})
	fate, _ := b.Enqueue(ctx, enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "hi"}}})
	fmt.Println("fate:", fate.Outcome)
	for {
		r, _ := b.Recv(ctx)
		if c, ok := r.(*begin.Chunk); ok {
			fmt.Println("chunk:", c.Chunk.Type())
		}
		if _, ok := r.(*begin.Inactive); ok {
			break
		}
	}
	_ = p.Close()
	fmt.Println("taken:", len(prog.Taken()), "loops:", prog.Loops())
	fmt.Println("live check:", tap.Err())
	fmt.Println("check of the file:", trace.Check(trace.NewReader(bytes.NewReader(log.b.Bytes()))))
	// Output:
	// fate: delivered
	// chunk: user_text_content
	// chunk: assistant_text_content
	// chunk: notification
	// taken: 1 loops: 1
	// live check: <nil>
	// check of the file: <nil>
}
