package proxy_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// relayer is a program whose loop relays bodies, in order, and keeps what
// each Relay returned; then Run returns runErr.
type relayer struct {
	proxytest.Program
	bodies []string
	runErr error
	errs   chan []error
}

func (r *relayer) Run(ctx context.Context, l *proxy.Loop) error {
	var errs []error
	buf := []byte{}
	for _, b := range r.bodies {
		buf = append(buf[:0], b...) // Relay keeps nothing: buf is reused
		errs = append(errs, l.Relay(ctx, buf))
	}
	r.errs <- errs
	return r.runErr
}

const (
	textChunk  = `{"type":"assistant_text_content","text":"relayed"}`
	fatalChunk = `{"type":"notification","message":"gone","is_fatal":true}`
	notAChunk  = `{"type":"no_such_chunk"}`
)

// Relay frames the agent's bytes as they are, after Active and the user
// parts, in the loop's order; by default it refuses what Rust would, and
// with TrustRelay it writes bytes it has not read.
func TestRelay(t *testing.T) {
	for _, tc := range []struct {
		name   string
		trust  bool
		bodies []string
		runErr error
		want   []string // the loop's main-stream payloads after the user part
		errs   []error  // what each Relay returned (nil: written)
	}{
		{
			name:   "checked",
			bodies: []string{textChunk, notAChunk, "", textChunk},
			want:   []string{"\x02" + textChunk, "\x02" + textChunk, "\x04{}"},
			errs:   []error{nil, &wire.JSONError{}, wire.ErrNoValue, nil},
		},
		{
			name:   "trusted",
			trust:  true,
			bodies: []string{textChunk, notAChunk, ""},
			want:   []string{"\x02" + textChunk, "\x02" + notAChunk, "\x04{}"},
			errs:   []error{nil, nil, wire.ErrNoValue},
		},
		{
			name:   "checked fatal notification, then Run fails: one fatal notification",
			bodies: []string{fatalChunk},
			runErr: errors.New("agent gone"),
			want:   []string{"\x02" + fatalChunk, "\x04{}"},
			errs:   []error{nil},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog := &relayer{bodies: tc.bodies, runErr: tc.runErr, errs: make(chan []error, 1)}
			p := serveRaw(t, prog, proxy.Options{TrustRelay: tc.trust})
			p.send(1, 1, 0, beginNull)
			require.Equal(t, hdr(2, 1, 0, "\x00{}"), show(p.read()))
			p.send(4, 1, 1, enqueueHi)
			frames := p.readN(4 + len(tc.want))
			main, _ := split(frames, 1)
			want := []string{hdr(2, 1, 0, "\x03"), hdr(2, 1, 0, userHi)}
			for _, w := range tc.want {
				want = append(want, hdr(2, 1, 0, w))
			}
			assert.Equal(t, want, main)
			errs := <-prog.errs
			require.Len(t, errs, len(tc.errs))
			for i, e := range tc.errs {
				switch want := e.(type) {
				case nil:
					assert.NoError(t, errs[i], "relay %d", i)
				case *wire.JSONError:
					assert.ErrorAs(t, errs[i], &want, "relay %d", i)
				default:
					assert.ErrorIs(t, errs[i], want, "relay %d", i)
					var ee *wire.EncodeError
					assert.ErrorAs(t, errs[i], &ee, "relay %d", i)
				}
			}
		})
	}
}

// A loop that has ended relays nothing; nor does a nil loop.
func TestRelayAfterLoop(t *testing.T) {
	loops := make(chan *proxy.Loop, 1)
	prog := &keeper{loops: loops}
	p := serveRaw(t, prog, proxy.Options{})
	p.send(1, 1, 0, beginNull)
	require.Equal(t, hdr(2, 1, 0, "\x00{}"), show(p.read()))
	p.send(4, 1, 1, enqueueHi)
	p.readN(5) // Active, the user part, Delivered, its finish, Inactive
	l := <-loops
	assert.ErrorIs(t, l.Relay(context.Background(), []byte(textChunk)), proxy.ErrLoopEnded)
	var nilLoop *proxy.Loop
	assert.ErrorIs(t, nilLoop.Relay(context.Background(), []byte(textChunk)), proxy.ErrLoopEnded)
}

// keeper is a program whose loop hands itself out and ends.
type keeper struct {
	proxytest.Program
	loops chan *proxy.Loop
}

func (k *keeper) Run(_ context.Context, l *proxy.Loop) error {
	k.loops <- l
	return nil
}
