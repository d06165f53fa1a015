package wiretap_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/trace"
	"github.com/diverge-network/diverge-sdk-go/wire"
	"github.com/diverge-network/diverge-sdk-go/wiretap"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

type buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

const fedToken = "tok-8f2c1e"

// runSession runs one begin with a fixed and a rotating secret through a
// proxy over a pipe, both sides tapped.
func runSession(t *testing.T, proxyTap proxy.Tap, providerTap provider.Tap) {
	t.Helper()
	ctx := context.Background()
	decl := secrets.NewDeclaration()
	decl.Set("api", secrets.Fixed)
	decl.Set("token", secrets.Rotating)
	prog := &proxytest.Program{Registered: begin.Registered{Secrets: decl}, Reply: proxytest.Echo, HandBack: proxytest.Prime}
	p, err := proxytest.Pipe(prog, &proxy.Options{Tap: proxyTap}, &provider.Options{Tap: providerTap})
	require.NoError(t, err)
	b, err := p.Client.Begin(ctx, wire.Raw{})
	require.NoError(t, err)
	values := secrets.NewValues()
	api, _ := wire.NewRawString("api-key-77aa")
	tok, _ := wire.NewRawString(fedToken)
	values.Set("api", api)
	values.Set("token", tok)
	fed, err := b.Feed(ctx, values)
	require.NoError(t, err)
	require.Equal(t, secrets.Fed, fed.Outcome)
	fate, err := b.Enqueue(ctx, enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "hi"}}})
	require.NoError(t, err)
	require.Equal(t, enqueue.Delivered, fate.Outcome)
	for {
		r, err := b.Recv(ctx)
		require.NoError(t, err)
		if _, ok := r.(*begin.Inactive); ok {
			break
		}
	}
	require.NoError(t, p.Close())
}

// Both sides recorded, one leaving the secrets out: both files pass the
// checker, and only the full one holds the values, in any form.
func TestWithRedactedSecrets(t *testing.T) {
	var full, redacted buffer
	fullTap := wiretap.New(&full)
	redactedTap := wiretap.New(&redacted, wiretap.WithRedactedSecrets())
	runSession(t, redactedTap, fullTap)
	require.NoError(t, fullTap.Err())
	require.NoError(t, redactedTap.Err())
	for name, b := range map[string]*buffer{"full": &full, "redacted": &redacted} {
		require.NoError(t, trace.Check(trace.NewReader(bytes.NewReader(b.b.Bytes()))), name)
	}
	for _, value := range []string{fedToken, fedToken + "'", "api-key-77aa"} {
		h := hex.EncodeToString([]byte(value))
		assert.Contains(t, full.b.String(), h, "the full file holds %s", value)
		assert.NotContains(t, redacted.b.String(), h, "the redacted file holds %s", value)
		assert.NotContains(t, redacted.b.String(), value)
	}
	// The names are kept.
	assert.Contains(t, redacted.b.String(), hex.EncodeToString([]byte(`{"api":null,"token":null}`)))
	assert.Contains(t, redacted.b.String(), hex.EncodeToString([]byte(`{"token":null}`)))
}

// A session that breaks a rule is reported live, once, with or without
// the secrets in the file.
func TestLiveViolation(t *testing.T) {
	for _, opts := range [][]wiretap.Option{nil, {wiretap.WithRedactedSecrets()}} {
		var out bytes.Buffer
		var seen []*session.Violation
		tap := wiretap.New(&out, append(opts, wiretap.WithViolationFunc(func(v *session.Violation) { seen = append(seen, v) }))...)
		require.NoError(t, tap.Main([]byte("\x00{}")))
		err := tap.Main([]byte("\x04{}")) // Inactive with no loop open
		var v *session.Violation
		require.True(t, errors.As(err, &v), "got %v", err)
		assert.Equal(t, session.RuleInactiveOutsideLoop, v.Rule)
		assert.Equal(t, 2, v.Line)
		require.Len(t, seen, 1)
		assert.ErrorAs(t, tap.Err(), &v)
		require.NoError(t, tap.Main([]byte("\x03")))
		assert.Len(t, seen, 1)
	}
}

// A Secrets request that does not decode is cut to its tag in the file.
func TestRedactMalformed(t *testing.T) {
	var out bytes.Buffer
	tap := wiretap.New(&out, wiretap.WithRedactedSecrets())
	require.NoError(t, tap.Main([]byte("\x00{}")))
	_ = tap.Channel("c1", []byte("\x04{\"a\":\"secret-x"))
	assert.NotContains(t, out.String(), hex.EncodeToString([]byte("secret-x")))
	assert.Contains(t, out.String(), "c1 begin.channel_request 04\n")
}
