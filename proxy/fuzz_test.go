package proxy_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/internal/agentsbegin"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// FuzzChannelRequest opens one channel with any request on a begun
// container: the proxy answers it at most once and finishes it, whatever
// the bytes, and an Enqueue's answer is a fate.
func FuzzChannelRequest(f *testing.F) {
	for _, seed := range []string{
		enqueueHi, "\x03{\"key\":\"k\"}", "\x04{}", "\x04{\"a\":1}", "\x01", "\x00\x00\x00\x00\x01",
		"", "\x02", "\x02[\"k\",[]]", "\x02{\"key\":\"k\",\"content\":[]}", "\x09", "\x03[\"k\"]",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, request []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		clientEnd, serverEnd := frame.Pipe()
		srv := &proxy.Server{Program: &proxytest.Program{Reply: proxytest.Echo}}
		done := make(chan error, 1)
		go func() { done <- srv.ServeConn(ctx, serverEnd) }()
		client, err := frame.NewClient(ctx, clientEnd, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			_ = client.Close()
			<-done
		}()
		scope, err := client.Open(ctx, agentsbegin.Append(nil, wire.Raw{}))
		if err != nil {
			t.Fatal(err)
		}
		go func() { // the main stream
			for {
				if _, err := scope.Recv(ctx); err != nil {
					return
				}
			}
		}()
		ch, err := scope.OpenChannel(ctx, request)
		if err != nil {
			t.Fatal(err)
		}
		var answers [][]byte
		for {
			a, err := ch.Recv(ctx)
			if errors.Is(err, frame.ErrFinished) {
				break
			}
			if err != nil {
				t.Fatalf("no finish: %v", err)
			}
			answers = append(answers, a)
		}
		if len(answers) > 1 {
			t.Fatalf("%d answers", len(answers))
		}
		if req, err := begin.DecodeChannelRequest(request); err == nil {
			if _, ok := req.(*begin.Enqueue); ok {
				var r enqueue.Response
				if len(answers) != 1 || r.Decode(answers[0]) != nil {
					t.Fatalf("an enqueue without a fate")
				}
			}
		} else if len(answers) != 0 {
			t.Fatalf("a malformed request answered")
		}
	})
}
