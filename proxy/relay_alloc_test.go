package proxy_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/wirebench"
)

// A relayed chunk frame, written by the proxy (Loop.Relay) and read by the
// provider as it came (RecvPayload), allocates no more than coder/websocket
// alone writing the same message and reading it at the other end, measured
// the same way over the same kind of loopback connection: n frames one
// way, every allocation of the process counted.
func TestRelayAllocs(t *testing.T) {
	const n = 200
	for _, size := range []struct {
		name string
		text string
	}{{"small", "hello"}, {"64KiB", strings.Repeat("x", 64<<10)}} {
		t.Run(size.name, func(t *testing.T) {
			body := wirebench.ChunkJSON(size.text)
			count := func(w wirebench.Workload, err error) float64 {
				require.NoError(t, err)
				defer w.Close()
				return testing.AllocsPerRun(1, func() {
					_, err := w.Run(n)
					require.NoError(t, err)
				})
			}
			library := count(wirebench.LibraryStream(wirebench.Message(body)))
			relay := count(wirebench.RelayStream(body))
			t.Logf("allocations per frame: relay %.2f, coder/websocket alone %.2f", relay/n, library/n)
			assert.LessOrEqual(t, relay, library, "the relay path allocates beyond the library's own")
		})
	}
}
