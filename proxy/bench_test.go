package proxy_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/wirebench"
)

// sizes are the two chunk sizes measured: a small chunk, and one of about
// 64 KiB.
var sizes = []struct {
	name string
	text string
}{
	{"small", "hello"},
	{"64KiB", strings.Repeat("x", 64<<10)},
}

// bench runs w for b.N frames and reports their rate as unit.
func bench(b *testing.B, unit string, bytes int, w wirebench.Workload, err error) {
	require.NoError(b, err)
	defer w.Close()
	b.SetBytes(int64(bytes))
	b.ReportAllocs()
	b.ResetTimer()
	d, err := w.Run(b.N)
	b.StopTimer()
	require.NoError(b, err)
	b.ReportMetric(float64(b.N)/d.Seconds(), unit)
}

// BenchmarkStream measures frames per second one way, server to client,
// over a loopback WebSocket: the proxy's relay path (Loop.Relay, read by
// the provider's RecvPayload) beside coder/websocket alone writing the same
// messages and reading them whole. make bench-wire compares the two in
// alternating rounds.
func BenchmarkStream(b *testing.B) {
	for _, size := range sizes {
		body := wirebench.ChunkJSON(size.text)
		msg := wirebench.Message(body)
		b.Run("websocket/"+size.name, func(b *testing.B) {
			w, err := wirebench.LibraryStream(msg)
			bench(b, "frames/s", len(msg), w, err)
		})
		b.Run("relay/"+size.name, func(b *testing.B) {
			w, err := wirebench.RelayStream(body)
			bench(b, "frames/s", len(msg), w, err)
		})
	}
}

// BenchmarkRoundTrip measures one request and its answer at a time over a
// loopback WebSocket: an enqueue through the proxy (the channel's request,
// its Delivered and finish, with a loop started and ended on the main
// stream) beside coder/websocket echoing a message of the same size.
func BenchmarkRoundTrip(b *testing.B) {
	msg := wirebench.EnqueueMessage()
	b.Run("websocket", func(b *testing.B) {
		w, err := wirebench.LibraryEcho(msg)
		bench(b, "round-trips/s", len(msg), w, err)
	})
	b.Run("proxy", func(b *testing.B) {
		w, err := wirebench.EnqueueRoundTrip()
		bench(b, "round-trips/s", len(msg), w, err)
	})
}
