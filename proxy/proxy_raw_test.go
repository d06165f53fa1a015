package proxy_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

const (
	beginNull = "\x00{\"arguments\":null}"
	enqueueHi = "\x02{\"key\":\"k\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}"
	userHi    = "\x02{\"type\":\"user_text_content\",\"key\":\"k\",\"text\":\"hi\"}"
	echoHi    = "\x02{\"type\":\"assistant_text_content\",\"text\":\"echo: hi\"}"
)

func declared(names map[string]secrets.Mode, order ...string) begin.Registered {
	d := secrets.NewDeclaration()
	for _, n := range order {
		d.Set(n, names[n])
	}
	return begin.Registered{Secrets: d}
}

// The worked example of PROTOCOL.md §7, byte for byte: Begun on scope 1,
// an enqueue on channel 1 answered Delivered and finished, and the loop it
// started: Active, its user part, the echo, Inactive.
func TestWorkedExample(t *testing.T) {
	p := serveRaw(t, &proxytest.Program{Reply: proxytest.Echo}, proxy.Options{})
	p.send(1, 1, 0, beginNull)
	require.Equal(t, hdr(2, 1, 0, "\x00{}"), show(p.read()))
	p.send(4, 1, 1, enqueueHi)
	frames := p.readN(6)
	main, chans := split(frames, 1)
	assert.Equal(t, []string{
		hdr(2, 1, 0, "\x03"), hdr(2, 1, 0, userHi), hdr(2, 1, 0, echoHi), hdr(2, 1, 0, "\x04{}"),
	}, main)
	assert.Equal(t, []string{hdr(5, 1, 1, "\x00"), hdr(6, 1, 1, "")}, chans[1])
	assert.Equal(t, "05 00000001 00000001 \x00", chans[1][0])
	assert.Equal(t, "06 00000001 00000001", chans[1][1])
	assert.Less(t, index(frames, main[0]), index(frames, chans[1][0]), "Active before Delivered")
}

// Requests the proxy cannot read, or does not serve, get a bare finish; a
// second agents begin gets Error and its finish, and the first goes on.
func TestScopes(t *testing.T) {
	p := serveRaw(t, &proxytest.Program{Reply: proxytest.Echo}, proxy.Options{})
	p.send(1, 1, 0, beginNull)
	require.Equal(t, hdr(2, 1, 0, "\x00{}"), show(p.read()))
	tests := []struct {
		name    string
		scope   uint32
		payload string
		want    []string
	}{
		{"second agents begin", 2, beginNull, []string{
			hdr(2, 2, 0, "\x01{\"kind\":\"proxy\",\"error\":\"the container has begun already: one agents begin per connection\"}"),
			hdr(3, 2, 0, ""),
		}},
		{"tools begin", 3, "\x01{}", []string{hdr(3, 3, 0, "")}},
		{"FUSE mount", 4, "\x02", []string{hdr(3, 4, 0, "")}},
		{"filesystem write", 5, "\x05", []string{hdr(3, 5, 0, "")}},
		{"unknown tag", 6, "\x07", []string{hdr(3, 6, 0, "")}},
		{"empty", 7, "", []string{hdr(3, 7, 0, "")}},
		{"begin without arguments", 8, "\x00{}", []string{hdr(3, 8, 0, "")}},
		{"begin not JSON", 9, "\x00{", []string{hdr(3, 9, 0, "")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p.t = t
			p.send(1, tt.scope, 0, tt.payload)
			assert.Equal(t, tt.want, p.readN(len(tt.want)))
		})
	}
	p.t = t
	// The first begin goes on.
	p.send(4, 1, 1, enqueueHi)
	_, chans := split(p.readN(6), 1)
	assert.Equal(t, []string{hdr(5, 1, 1, "\x00"), hdr(6, 1, 1, "")}, chans[1])
}

// A malformed channel request is finished with no answer, and the begin
// goes on.
func TestMalformedChannel(t *testing.T) {
	p := serveRaw(t, &proxytest.Program{}, proxy.Options{})
	p.send(1, 1, 0, beginNull)
	require.Equal(t, hdr(2, 1, 0, "\x00{}"), show(p.read()))
	for i, bad := range []string{"", "\x09", "\x02{", "\x00\x01\x02", "\x03{}", "\x04[]"} {
		ch := uint32(i + 1)
		p.send(4, 1, ch, bad)
		assert.Equal(t, hdr(6, 1, ch, ""), show(p.read()), "request %q", bad)
	}
	p.send(4, 1, 1, "\x03{\"key\":\"k\"}")
	assert.Equal(t, []string{hdr(5, 1, 1, "\x01"), hdr(6, 1, 1, "")}, p.readN(2), "Empty")
}

// Channel requests are taken in the order they arrive: an enqueue and a
// dequeue of its key, written back to back while the gate is closed, find
// the message waiting.
func TestEnqueueThenDequeue(t *testing.T) {
	prog := &proxytest.Program{Registered: declared(map[string]secrets.Mode{"token": secrets.Fixed}, "token")}
	p := serveRaw(t, prog, proxy.Options{})
	p.send(1, 1, 0, beginNull)
	require.Equal(t, hdr(2, 1, 0, "\x00{\"secrets\":{\"token\":\"fixed\"}}"), show(p.read()))
	p.send(4, 1, 1, enqueueHi)
	p.send(4, 1, 2, "\x03{\"key\":\"k\"}")
	_, chans := split(p.readN(4), 1)
	assert.Equal(t, []string{hdr(5, 1, 1, "\x01"), hdr(6, 1, 1, "")}, chans[1], "the message: Dequeued")
	assert.Equal(t, []string{hdr(5, 1, 2, "\x00"), hdr(6, 1, 2, "")}, chans[2], "the dequeue: Dequeued")
}

// A program that declared a secret gets nothing until a feed is answered
// Fed, and the Fed is on the wire before the Active it lets through.
func TestFeedGate(t *testing.T) {
	prog := &proxytest.Program{
		Registered: declared(map[string]secrets.Mode{"token": secrets.Rotating}, "token"),
		HandBack:   proxytest.Prime,
	}
	p := serveRaw(t, prog, proxy.Options{})
	p.send(1, 1, 0, beginNull)
	require.Equal(t, hdr(2, 1, 0, "\x00{\"secrets\":{\"token\":\"rotating\"}}"), show(p.read()))
	p.send(4, 1, 1, enqueueHi)
	p.send(4, 1, 2, "\x04{\"token\":\"t0\"}")
	frames := p.readN(7)
	main, chans := split(frames, 1)
	assert.Equal(t, []string{hdr(5, 1, 2, "\x00"), hdr(6, 1, 2, "")}, chans[2], "Fed")
	assert.Equal(t, []string{hdr(2, 1, 0, "\x03"), hdr(2, 1, 0, userHi), hdr(2, 1, 0, "\x04{\"token\":\"t0'\"}")}, main)
	assert.Less(t, index(frames, chans[2][0]), index(frames, main[0]), "Fed before Active")
	assert.Equal(t, []string{hdr(5, 1, 1, "\x00"), hdr(6, 1, 1, "")}, chans[1])

	// After the Inactive the gate is closed again: the next message waits,
	// and a dequeue withdraws it.
	p.send(4, 1, 3, enqueueHi)
	p.send(4, 1, 4, "\x03{\"key\":\"k\"}")
	_, chans = split(p.readN(4), 1)
	assert.Equal(t, []string{hdr(5, 1, 3, "\x01"), hdr(6, 1, 3, "")}, chans[3])
}

// A feed that names other secrets than declared, or that the program
// refuses, is answered Error, and its words never carry a value.
func TestFeedRefused(t *testing.T) {
	prog := &proxytest.Program{
		Registered: declared(map[string]secrets.Mode{"a": secrets.Fixed, "b": secrets.Fixed}, "a", "b"),
		FeedErr:    errors.New("bad token hunter2-secret"),
	}
	p := serveRaw(t, prog, proxy.Options{})
	p.send(1, 1, 0, beginNull)
	p.read()
	tests := []struct {
		name, feed, want string
	}{
		{"wrong order", "\x04{\"b\":1,\"a\":2}", "\x01{\"kind\":\"proxy\",\"error\":\"the feed does not name exactly the declared secrets, in their order\"}"},
		{"missing", "\x04{\"a\":1}", "\x01{\"kind\":\"proxy\",\"error\":\"the feed does not name exactly the declared secrets, in their order\"}"},
		{"value in the refusal", "\x04{\"a\":\"hunter2-secret\",\"b\":1}", "\x01{\"kind\":\"program\",\"error\":\"the program refused the feed (its words held a secret value and were withheld)\"}"},
		{"refusal", "\x04{\"a\":\"x\",\"b\":1}", "\x01{\"kind\":\"program\",\"error\":\"bad token hunter2-secret\"}"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p.t = t
			ch := uint32(i + 1)
			p.send(4, 1, ch, tt.feed)
			assert.Equal(t, []string{hdr(5, 1, ch, tt.want), hdr(6, 1, ch, "")}, p.readN(2))
		})
	}
}

// Register's error is the begin's Error and its finish.
func TestRegisterRefused(t *testing.T) {
	p := serveRaw(t, &proxytest.Program{RegisterErr: errors.New("no such model")}, proxy.Options{})
	p.send(1, 1, 0, beginNull)
	assert.Equal(t, []string{
		hdr(2, 1, 0, "\x01{\"kind\":\"program\",\"error\":\"no such model\"}"),
		hdr(3, 1, 0, ""),
	}, p.readN(2))
}

// panicky panics in the step named.
type panicky struct {
	proxytest.Program
	at string
}

func (p *panicky) Register(ctx context.Context, a wireRaw) (begin.Registered, error) {
	if p.at == "register" {
		panic("secret-ish panic text")
	}
	return p.Program.Register(ctx, a)
}

func (p *panicky) Feed(ctx context.Context, v secrets.Values) error {
	if p.at == "feed" {
		panic("secret-ish panic text")
	}
	return p.Program.Feed(ctx, v)
}

func (p *panicky) Info(ctx context.Context) ([]byte, error) {
	if p.at == "info" {
		panic("secret-ish panic text")
	}
	return p.Program.Info(ctx)
}

func (p *panicky) Run(ctx context.Context, l *proxy.Loop) error {
	if p.at == "run" {
		panic("secret-ish panic text")
	}
	return p.Program.Run(ctx, l)
}

func (p *panicky) Collect(ctx context.Context) (secrets.Values, error) {
	if p.at == "collect" {
		panic("secret-ish panic text")
	}
	return p.Program.Collect(ctx)
}

// A program's panic loses no fate and never shows its text: in Register the
// begin fails; in Run the loop says so in a fatal notification and ends;
// in Collect the begin ends with an Error naming the rotating secrets.
func TestProgramPanics(t *testing.T) {
	t.Run("register", func(t *testing.T) {
		p := serveRaw(t, &panicky{at: "register"}, proxy.Options{})
		p.send(1, 1, 0, beginNull)
		assert.Equal(t, []string{
			hdr(2, 1, 0, "\x01{\"kind\":\"proxy\",\"error\":\"the container proxy's program failed\"}"),
			hdr(3, 1, 0, ""),
		}, p.readN(2))
	})
	t.Run("run", func(t *testing.T) {
		p := serveRaw(t, &panicky{at: "run"}, proxy.Options{})
		p.send(1, 1, 0, beginNull)
		p.read()
		p.send(4, 1, 1, enqueueHi)
		main, chans := split(p.readN(6), 1)
		assert.Equal(t, []string{
			hdr(2, 1, 0, "\x03"), hdr(2, 1, 0, userHi),
			hdr(2, 1, 0, "\x02{\"type\":\"notification\",\"is_fatal\":true,\"message\":{\"kind\":\"program\",\"error\":\"the program's loop failed\"}}"),
			hdr(2, 1, 0, "\x04{}"),
		}, main)
		assert.Equal(t, []string{hdr(5, 1, 1, "\x00"), hdr(6, 1, 1, "")}, chans[1])
	})
	t.Run("feed and info", func(t *testing.T) {
		tests := []struct {
			at         string
			feed, info []string
		}{
			{"feed",
				[]string{hdr(5, 1, 1, "\x01{\"kind\":\"proxy\",\"error\":\"the container proxy's program failed\"}"), hdr(6, 1, 1, "")},
				[]string{hdr(5, 1, 2, ""), hdr(6, 1, 2, "")}},
			{"info",
				[]string{hdr(5, 1, 1, "\x00"), hdr(6, 1, 1, "")},
				[]string{hdr(6, 1, 2, "")}},
		}
		for _, tt := range tests {
			prog := &panicky{at: tt.at}
			prog.Registered = declared(map[string]secrets.Mode{"token": secrets.Fixed}, "token")
			p := serveRaw(t, prog, proxy.Options{})
			p.send(1, 1, 0, beginNull)
			p.read()
			p.send(4, 1, 1, "\x04{\"token\":\"t0\"}")
			p.send(4, 1, 2, "\x01")
			_, chans := split(p.readN(len(tt.feed)+len(tt.info)), 1)
			assert.Equal(t, tt.feed, chans[1], tt.at)
			assert.Equal(t, tt.info, chans[2], tt.at)
		}
	})
	t.Run("collect", func(t *testing.T) {
		prog := &panicky{at: "collect"}
		prog.Registered = declared(map[string]secrets.Mode{"token": secrets.Rotating}, "token")
		prog.Step = holdFirst()
		p := serveRaw(t, prog, proxy.Options{})
		p.send(1, 1, 0, beginNull)
		p.read()
		p.send(4, 1, 1, "\x04{\"token\":\"t0\"}")
		p.readN(2)
		p.send(4, 1, 2, enqueueHi)
		p.send(4, 1, 3, enqueueHi) // taken at the held loop's seam
		main, chans := split(p.readN(9), 1)
		assert.Equal(t, []string{
			hdr(2, 1, 0, "\x03"), hdr(2, 1, 0, userHi), hdr(2, 1, 0, userHi),
			hdr(2, 1, 0, "\x01{\"kind\":\"secrets\",\"error\":\"the program did not hand back the rotating secrets token\"}"),
			hdr(3, 1, 0, ""),
		}, main)
		assert.Equal(t, []string{hdr(5, 1, 2, "\x00"), hdr(6, 1, 2, "")}, chans[2])
		assert.Equal(t, []string{hdr(5, 1, 3, "\x00"), hdr(6, 1, 3, "")}, chans[3])
	})
}

// holdFirst returns a Step that holds the loop's first step for a moment,
// so that a message sent right after the first is taken at its seam.
func holdFirst() func(context.Context) {
	first := true
	return func(ctx context.Context) {
		if first {
			first = false
			select {
			case <-ctx.Done():
			case <-timeAfter():
			}
		}
	}
}

type wireRaw = wire.Raw

func timeAfter() <-chan time.Time { return time.After(200 * time.Millisecond) }

// Messages waiting behind the gate start one loop together, their user
// parts in the order their requests arrived, however the answers then
// interleave.
func TestUserPartsInArrivalOrder(t *testing.T) {
	prog := &proxytest.Program{Registered: declared(map[string]secrets.Mode{"token": secrets.Fixed}, "token")}
	p := serveRaw(t, prog, proxy.Options{})
	p.send(1, 1, 0, beginNull)
	p.read()
	keys := []string{"k3", "k1", "k2", "k1"}
	for i, k := range keys {
		p.send(4, 1, uint32(i+1), "\x02{\"key\":\""+k+"\",\"content\":[{\"type\":\"text\",\"text\":\"m"+k+"\"}]}")
	}
	p.send(4, 1, 9, "\x04{\"token\":\"t\"}")
	main, chans := split(p.readN(2+2*len(keys)+len(keys)+2), 1)
	want := []string{hdr(2, 1, 0, "\x03")}
	for _, k := range keys {
		want = append(want, hdr(2, 1, 0, "\x02{\"type\":\"user_text_content\",\"key\":\""+k+"\",\"text\":\"m"+k+"\"}"))
	}
	want = append(want, hdr(2, 1, 0, "\x04{}"))
	assert.Equal(t, want, main)
	for i := range keys {
		ch := uint32(i + 1)
		assert.Equal(t, []string{hdr(5, 1, ch, "\x00"), hdr(6, 1, ch, "")}, chans[ch])
	}
}
