package proxytest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestPrime(t *testing.T) {
	tests := []struct{ fed, want string }{
		{`"t0"`, `"t0'"`},
		{`""`, `"'"`},
		{`"a\"b"`, `"a\"b'"`},
		{`42`, `42`},
		{`{"k":"v"}`, `{"k":"v"}`},
	}
	for _, tt := range tests {
		var fed wire.Raw
		require.NoError(t, fed.DecodeJSON([]byte(tt.fed)))
		assert.Equal(t, tt.want, string(proxytest.Prime("x", fed).Bytes()), tt.fed)
	}
	assert.True(t, proxytest.Prime("x", wire.Raw{}).IsZero())
}

func TestEcho(t *testing.T) {
	got := proxytest.Echo([]enqueue.Request{
		{Key: "a", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "one"}, &mcpcontent.Image{Data: "AA==", MIMEType: "image/png"}, (*mcpcontent.Text)(nil)}},
		{Key: "b", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "two"}}},
	})
	require.Len(t, got, 2)
	assert.Equal(t, "echo: one", got[0].(*chunk.AssistantTextContent).Content.Text)
	assert.Equal(t, "echo: two", got[1].(*chunk.AssistantTextContent).Content.Text)
}
