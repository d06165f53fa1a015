package proxy_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// A second connection while one is served is refused with 409.
func TestSecondConnectionBusy(t *testing.T) {
	p := serveRaw(t, &proxytest.Program{}, proxy.Options{})
	_, err := provider.Dial(p.ctx, "ws"+strings.TrimPrefix(p.srv.URL, "http")+"/", nil)
	assert.ErrorIs(t, err, frame.ErrBusy)
}

// ServeOne serves one connection and returns; with none, it returns when
// its ctx ends.
func TestServeOne(t *testing.T) {
	t.Run("one connection", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		s := &proxy.Server{Program: &proxytest.Program{}}
		done := make(chan error, 1)
		go func() { done <- s.ServeOne(context.Background(), ln) }()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, err := provider.Dial(ctx, "ws://"+ln.Addr().String()+"/", nil)
		require.NoError(t, err)
		_, err = c.Begin(ctx, wire.Raw{})
		require.NoError(t, err)
		require.NoError(t, c.Close())
		assert.NoError(t, <-done)
	})
	t.Run("ctx ends", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		s := &proxy.Server{Program: &proxytest.Program{}}
		assert.ErrorIs(t, s.ServeOne(ctx, ln), context.DeadlineExceeded)
	})
}

// Nil and missing input are errors, never panics.
func TestServerNil(t *testing.T) {
	var s *proxy.Server
	assert.ErrorIs(t, s.ServeConn(context.Background(), nil), proxy.ErrNoProgram)
	assert.ErrorIs(t, (&proxy.Server{}).ServeOne(context.Background(), nil), proxy.ErrNoProgram)
	s = &proxy.Server{Program: &proxytest.Program{}}
	assert.ErrorIs(t, s.ServeConn(context.Background(), nil), wire.ErrNil)
	var nilCtx context.Context
	assert.ErrorIs(t, s.ServeOne(nilCtx, nil), wire.ErrNil)
}
