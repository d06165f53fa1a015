package proxy_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// pgProgram serves Postgres channels: two payloads, then the finish.
type pgProgram struct {
	proxytest.Program
}

func (p *pgProgram) Postgres(ctx context.Context, id uint32, send func(context.Context, []byte) error) error {
	if err := send(ctx, []byte{byte(id)}); err != nil {
		return err
	}
	return send(ctx, []byte("rest"))
}

// Info and Postgres channels: answered by a program that serves them, and
// finished with no answer by one that does not.
func TestInfoAndPostgres(t *testing.T) {
	tests := []struct {
		name    string
		prog    proxy.Program
		request string
		want    []string
	}{
		{"info", &proxytest.Program{InfoAnswer: []byte("# DIVERGE.md")}, "\x01", []string{hdr(5, 1, 1, "# DIVERGE.md"), hdr(6, 1, 1, "")}},
		{"info, empty answer", &proxytest.Program{}, "\x01", []string{hdr(5, 1, 1, ""), hdr(6, 1, 1, "")}},
		{"postgres served", &pgProgram{}, "\x00\x00\x00\x00\x09", []string{hdr(5, 1, 1, "\x09"), hdr(5, 1, 1, "rest"), hdr(6, 1, 1, "")}},
		{"postgres not served", &proxytest.Program{}, "\x00\x00\x00\x00\x09", []string{hdr(6, 1, 1, "")}},
		{"postgres id not 4 bytes", &pgProgram{}, "\x00\x00\x09", []string{hdr(6, 1, 1, "")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := serveRaw(t, tt.prog, proxy.Options{})
			p.send(1, 1, 0, beginNull)
			require.Equal(t, hdr(2, 1, 0, "\x00{}"), show(p.read()))
			p.send(4, 1, 1, tt.request)
			assert.Equal(t, tt.want, p.readN(len(tt.want)))
		})
	}
}

// A chunk sent after Run returned is refused, and nothing reaches the
// wire; nil input is an error.
func TestLoopEnded(t *testing.T) {
	var kept *proxy.Loop
	prog := &keepLoop{kept: &kept}
	p := serveRaw(t, prog, proxy.Options{})
	p.send(1, 1, 0, beginNull)
	p.read()
	p.send(4, 1, 1, enqueueHi)
	p.readN(5) // Active, user part, Inactive, Delivered, finish
	require.NotNil(t, kept)
	assert.ErrorIs(t, kept.Send(context.Background(), nil), wireErrNil)
	assert.ErrorIs(t, kept.Send(context.Background(), &chunk.AssistantTextContent{Content: mcpcontent.Text{Text: "late"}}), proxy.ErrLoopEnded)
	// The next frame on the wire is the dequeue's answer, not the late chunk.
	p.send(4, 1, 2, "\x03{\"key\":\"k\"}")
	assert.Equal(t, hdr(5, 1, 2, "\x01"), show(p.read()))
	assert.Empty(t, kept.Seam(context.Background()))
	var nilLoop *proxy.Loop
	assert.ErrorIs(t, nilLoop.Send(context.Background(), nil), proxy.ErrLoopEnded)
	assert.Empty(t, nilLoop.Seam(context.Background()))
}

type keepLoop struct {
	proxytest.Program
	kept **proxy.Loop
}

func (k *keepLoop) Run(_ context.Context, l *proxy.Loop) error {
	*k.kept = l
	return nil
}

var wireErrNil = wire.ErrNil
