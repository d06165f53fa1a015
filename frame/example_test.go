package frame_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/frame"
)

// The worked example of the protocol between the two cores, over an
// in-memory connection: an agents begin on scope 1 answered Begun, and an
// enqueue on the client's channel 1 answered Delivered, then finished.
// Over the network the client's Conn comes from Dial and the server's from
// a Handler.
func Example() {
	ctx := context.Background()
	clientEnd, serverEnd := frame.Pipe()
	server, _ := frame.NewServer(ctx, serverEnd, nil)
	client, _ := frame.NewClient(ctx, clientEnd, nil)
	defer server.Close()
	defer client.Close()

	go func() {
		scope, err := server.Accept(ctx)
		if err != nil {
			return
		}
		_ = scope.Send(ctx, []byte("\x00{}")) // Begun
		enqueue, err := scope.AcceptChannel(ctx)
		if err != nil {
			return
		}
		_ = enqueue.Send(ctx, []byte{0}) // Delivered
		_ = enqueue.Finish(ctx)
	}()

	begin, _ := client.Open(ctx, []byte("\x00{\"arguments\":null}"))
	begun, _ := begin.Recv(ctx)
	fmt.Printf("scope %d: % x\n", begin.Number(), begun)
	enqueue, _ := begin.OpenChannel(ctx, []byte("\x02{\"key\":\"k\",\"content\":[]}"))
	fate, _ := enqueue.Recv(ctx)
	fmt.Printf("channel %d: % x\n", enqueue.Channel(), fate)
	_, err := enqueue.Recv(ctx)
	fmt.Println(errors.Is(err, frame.ErrFinished))
	// Output:
	// scope 1: 00 7b 7d
	// channel 1: 00
	// true
}

// The bytes of the enqueue's answer and finish, as PROTOCOL.md writes
// them.
func ExampleAppendFrame() {
	delivered := frame.AppendFrame(nil, frame.Header{Type: frame.TypeChannelResponse, Scope: 1, Channel: 1}, []byte{0})
	finish := frame.AppendHeader(nil, frame.Header{Type: frame.TypeChannelResponseFinish, Scope: 1, Channel: 1})
	fmt.Printf("% x\n% x\n", delivered, finish)

	var f frame.Frame
	err := f.Decode([]byte{5, 0, 0, 0})
	var fe *frame.FrameError
	fmt.Println(errors.As(err, &fe), fe.Kind)
	// Output:
	// 05 00 00 00 01 00 00 00 01 00
	// 06 00 00 00 01 00 00 00 01
	// true short
}
