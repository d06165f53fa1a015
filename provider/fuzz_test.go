package provider_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/frame"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// messages splits fuzz data into WebSocket messages: a length byte, then
// that many bytes, over and over.
func messages(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		n := min(int(data[0]), len(data)-1)
		out = append(out, data[1:1+n])
		data = data[1+n:]
	}
	return out
}

// joinMessages is messages' inverse, for the seeds.
func joinMessages(msgs ...[]byte) []byte {
	var out []byte
	for _, m := range msgs {
		out = append(append(out, byte(len(m))), m...)
	}
	return out
}

// FuzzRouting: after Begun, a proxy sends any messages at all. The client
// hands the main stream exactly the payloads of scope 1's Responses, in
// order, up to its finish; it discards short frames, undefined types,
// frames for scopes and channels that are not open; an Auth frame ends the
// connection; and nothing hangs, panics or leaks (goleak, in TestMain).
func FuzzRouting(f *testing.F) {
	for _, seed := range [][]byte{
		joinMessages(fr(2, 1, 0, "\x03"), fr(2, 1, 0, "\x02{}"), fr(3, 1, 0, "")),
		joinMessages(fr(2, 1, 7, "\x03"), fr(5, 1, 1, "\x00"), fr(6, 1, 1, ""), fr(2, 2, 0, "\x03")),
		joinMessages(fr(4, 1, 1, "\x03"), fr(4, 1, 1, "\x03"), fr(4, 1, 0, "x"), fr(2, 1, 0, "\x04{}")),
		joinMessages([]byte{2, 0, 0}, fr(9, 1, 0, "x"), fr(1, 1, 0, "\x00"), fr(2, 1, 0, "")),
		joinMessages(fr(2, 1, 0, "\x03"), fr(0, 1, 0, "token"), fr(2, 1, 0, "\x03")),
		joinMessages(fr(3, 1, 0, ""), fr(2, 1, 0, "\x03"), fr(3, 1, 0, "")),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		msgs := messages(data)
		// What the main stream must hand over, and how it must end.
		var want [][]byte
		var wantErr error = &frame.ConnEndedError{}
		for _, m := range msgs {
			var fm frame.Frame
			if fm.Decode(m) != nil {
				continue // short, or of no type
			}
			if fm.Type == frame.TypeAuth {
				break // the connection ends
			}
			if fm.Scope != 1 {
				continue
			}
			if fm.Type == frame.TypeResponseFinish {
				wantErr = provider.ErrFinished
				break
			}
			if fm.Type == frame.TypeResponse {
				want = append(want, fm.Payload)
			}
		}

		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		cc, sc := frame.Pipe()
		served := make(chan struct{})
		go func() {
			defer close(served)
			defer sc.Close()
			if _, err := sc.ReadFrame(ctx); err != nil {
				return
			}
			_ = sc.WriteFrame(ctx, frame.Header{Type: frame.TypeResponse, Scope: 1}, []byte("\x00{}"))
			go func() { // the client's writes (finishes of the proxy's channels) are read and dropped
				for {
					if _, err := sc.ReadFrame(ctx); err != nil {
						return
					}
				}
			}()
			for _, m := range msgs {
				if sc.WriteMessage(ctx, m) != nil {
					return
				}
			}
		}()
		c, err := provider.NewClient(cc, nil)
		require.NoError(t, err)
		defer func() {
			require.NoError(t, ignoreEnded(c.Close()))
			<-served
		}()
		b, err := c.Begin(ctx, wire.Raw{})
		require.NoError(t, err)
		var got [][]byte
		for {
			p, err := b.RecvPayload(ctx)
			if err != nil {
				require.IsType(t, wantErr, err, "the main stream's end")
				if errors.Is(wantErr, provider.ErrFinished) {
					require.ErrorIs(t, err, provider.ErrFinished)
				}
				break
			}
			got = append(got, p)
		}
		require.Equal(t, len(want), len(got), "payloads handed over")
		for i := range want {
			require.Equal(t, want[i], got[i], "payload %d", i)
		}
	})
}

// ignoreEnded is nil for the errors a Close of an ended connection gives.
func ignoreEnded(err error) error {
	var ended *frame.ConnEndedError
	if err == nil || errors.As(err, &ended) || errors.Is(err, frame.ErrClosed) {
		return nil
	}
	return err
}
