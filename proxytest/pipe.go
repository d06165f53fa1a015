package proxytest

import (
	"context"

	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/proxy"
)

// Proxy is a container proxy served over an in-memory connection, for a
// provider's tests: Client is the provider's end.
type Proxy struct {
	Client *provider.Client
	done   chan error
}

// Pipe serves prog (with opts, which may be nil) over frame.Pipe and
// returns the provider's end. Close it when done.
func Pipe(prog proxy.Program, opts *proxy.Options, popts *provider.Options) (*Proxy, error) {
	clientEnd, serverEnd := frame.Pipe()
	srv := &proxy.Server{Program: prog}
	if opts != nil {
		srv.Options = *opts
	}
	p := &Proxy{done: make(chan error, 1)}
	go func() { p.done <- srv.ServeConn(context.Background(), serverEnd) }()
	c, err := provider.NewClient(clientEnd, popts)
	if err != nil {
		_ = clientEnd.Close()
		<-p.done
		return nil, err
	}
	p.Client = c
	return p, nil
}

// Close ends the connection and returns once the proxy has stopped, with
// what its ServeConn returned.
func (p *Proxy) Close() error {
	_ = p.Client.Close()
	return <-p.done
}
