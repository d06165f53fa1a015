package frame

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzHeader: any bytes either parse, and write back as the same header
// with its unused fields zeroed, or fail with the *FrameError their length
// or type calls for. Seeded with the worked example's frames.
func FuzzHeader(f *testing.F) {
	for _, seed := range [][]byte{
		fr(TypeRequest, 1, 0, "\x00{\"arguments\":null}"),
		fr(TypeResponse, 1, 0, "\x00{}"),
		fr(TypeChannelRequest, 1, 1, "\x02{\"key\":\"k\",\"content\":[]}"),
		fr(TypeChannelResponse, 1, 1, "\x00"),
		fr(TypeChannelResponseFinish, 1, 1, ""),
		fr(TypeResponseFinish, 0xffffffff, 7, "x"),
		fr(TypeAuth, 3, 4, "token"),
		fr(Type(7), 1, 1, ""),
		{1, 2, 3},
		{},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var fe *FrameError
		h, err := parseHeader(data)
		switch {
		case len(data) < HeaderLen:
			require.ErrorAs(t, err, &fe)
			require.Equal(t, ErrorKindShort, fe.Kind)
			return
		case data[0] > 6:
			require.ErrorAs(t, err, &fe)
			require.Equal(t, ErrorKindUnknownType, fe.Kind)
			return
		}
		require.NoError(t, err)
		head := AppendHeader(nil, h)
		require.Len(t, head, HeaderLen)
		require.Equal(t, data[0], head[0])
		for i := 1; i < HeaderLen; i++ {
			require.True(t, head[i] == data[i] || head[i] == 0, "byte %d: only unused fields change, to 0", i)
		}
		again, err := parseHeader(head)
		require.NoError(t, err)
		require.Equal(t, h, again)

		var fr Frame
		require.NoError(t, fr.Decode(data))
		out, err := fr.Encode(nil)
		require.NoError(t, err)
		if h.Type.hasPayload() {
			require.Equal(t, append(head, data[HeaderLen:]...), out)
		} else {
			require.Equal(t, head, out)
		}
	})
}

// script turns fuzz bytes into messages a peer sends: mostly frames with
// small scope and channel numbers (so that they meet open streams), some
// raw bytes and text.
func script(data []byte) (msgs [][]byte, text []bool) {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	for len(data) > 0 && len(msgs) < 200 {
		op := next()
		switch {
		case op == 0xff:
			msgs, text = append(msgs, []byte("text")), append(text, true)
		case op&0x80 != 0: // raw bytes, often short
			n := min(int(op&0x0f), len(data))
			msgs, text = append(msgs, bytes.Clone(data[:n])), append(text, false)
			data = data[n:]
		default:
			typ := Type(op & 7)
			scope, channel := uint32(next()&3), uint32(next()&3)
			n := min(int(next()&7), len(data))
			msgs = append(msgs, fr(typ, scope, channel, string(data[:n])))
			text = append(text, false)
			data = data[n:]
		}
	}
	return msgs, text
}

// FuzzRouting sends random frame sequences to a core, whose callers read,
// answer, finish and abandon what comes: no panic, no hang (every wait is
// bounded), every goroutine gone at the end (goleak in TestMain), and the
// discards counted no more than the messages sent.
func FuzzRouting(f *testing.F) {
	frames := func(fs ...[]byte) []byte {
		var b []byte
		for _, x := range fs {
			h, _ := parseHeader(x)
			payload := x[HeaderLen:]
			b = append(b, byte(h.Type), byte(h.Scope), byte(h.Channel), byte(len(payload)))
			b = append(b, payload...)
		}
		return b
	}
	f.Add(false, frames(fr(TypeRequest, 1, 0, "a"), fr(TypeChannelRequest, 1, 1, "b"), fr(TypeChannelResponse, 1, 1, "c"), fr(TypeChannelResponseFinish, 1, 1, "")))
	f.Add(false, frames(fr(TypeRequest, 1, 0, "a"), fr(TypeRequest, 1, 0, "dup"), fr(TypeAuth, 0, 0, "")))
	f.Add(true, frames(fr(TypeResponse, 1, 0, "a"), fr(TypeChannelRequest, 1, 2, "b"), fr(TypeResponseFinish, 1, 0, ""), fr(TypeResponse, 1, 0, "late")))
	f.Add(true, frames(fr(TypeChannelResponse, 2, 1, "a"), fr(TypeChannelResponseFinish, 2, 1, ""), fr(TypeChannelResponseFinish, 3, 0, "")))
	f.Add(true, []byte{0x83, 1, 2, 3, 0xff, 0x8f})
	f.Fuzz(func(t *testing.T, client bool, data []byte) {
		msgs, text := script(data)
		c, s := Pipe()
		core, peer := s, c
		if client {
			core, peer = c, s
		}
		var wg sync.WaitGroup
		defer func() {
			done := make(chan struct{})
			go func() { wg.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(wait):
				t.Fatal("a caller still waits after the connection ended")
			}
		}()
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		wg.Add(1)
		go func() { defer wg.Done(); drainConn(peer) }()

		serve := func(sc *Scope, depth int) {
			wg.Add(2)
			go func() {
				defer wg.Done()
				for {
					r, err := sc.AcceptChannel(ctx)
					if err != nil {
						return
					}
					if len(r.Request())%2 == 0 {
						_ = r.Send(ctx, r.Request())
					}
					_ = r.Finish(ctx)
				}
			}()
			go func() {
				defer wg.Done()
				st, err := sc.OpenChannel(ctx, []byte("q"))
				if err != nil {
					return
				}
				if depth%2 == 1 {
					st.Abandon()
				}
				for {
					if _, err := st.Recv(ctx); err != nil {
						return
					}
				}
			}()
		}
		var ended <-chan struct{}
		var closeCore func() error
		if client {
			cl, err := NewClient(ctx, core, &Options{Depth: 2})
			require.NoError(t, err)
			ended, closeCore = cl.Done(), cl.Close
			for i := range 3 {
				sc, err := cl.Open(ctx, []byte{byte(i)})
				require.NoError(t, err)
				serve(&sc.Scope, i)
				wg.Add(1)
				go func() {
					defer wg.Done()
					if i == 2 {
						sc.Abandon()
					}
					for {
						if _, err := sc.Recv(ctx); err != nil {
							return
						}
					}
				}()
			}
		} else {
			sv, err := NewServer(ctx, core, &Options{Depth: 2})
			require.NoError(t, err)
			ended, closeCore = sv.Done(), sv.Close
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					sc, err := sv.Accept(ctx)
					if err != nil {
						return
					}
					serve(&sc.Scope, i)
					if i%3 == 0 {
						_ = sc.Send(ctx, sc.Request())
						_ = sc.Finish(ctx)
					}
				}
			}()
		}

		pe := peer.t.(*pipeEnd)
		for i, m := range msgs {
			if err := pe.send(ctx, pipeMsg{binary: !text[i], data: m}); err != nil {
				require.False(t, errors.Is(err, context.DeadlineExceeded), "the core stopped reading")
				break // an Auth frame ended the connection
			}
		}
		_ = peer.Close()
		select {
		case <-ended:
		case <-time.After(wait):
			t.Fatal("the core did not see the connection end")
		}
		require.NoError(t, closeCore())
		st := core.Stats()
		assert.LessOrEqual(t, st.Skipped+st.Short+st.Undefined+st.NotOpen+st.Duplicate, uint64(len(msgs)))
	})
}

// drainConn reads one end of a pipe until the connection ends.
func drainConn(c *Conn) {
	for {
		if _, _, err := c.t.read(context.Background()); err != nil {
			return
		}
	}
}
