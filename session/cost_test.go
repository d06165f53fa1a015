//go:build unix

package session

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// cpuTime is the CPU time the test process has used so far.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	require.NoError(t, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loopAtError is a Checker inside loop 1 of a program that declared names
// secrets (the first rotating of them rotating, the rest fixed), all fed, and
// the payload of a loop Error that names the last rotating one in a
// message of msgBytes bytes, most of it "secret_ " again and again: a near
// miss of every name at every eighth byte.
func loopAtError(t *testing.T, names, rotating, msgBytes int) (*Checker, []byte) {
	t.Helper()
	var decl, feed strings.Builder
	decl.WriteString("\x00" + `{"secrets":{`)
	feed.WriteString("\x04{")
	for i := range names {
		if i > 0 {
			decl.WriteByte(',')
			feed.WriteByte(',')
		}
		mode := "fixed"
		if i >= names-rotating {
			mode = "rotating"
		}
		fmt.Fprintf(&decl, `"secret_%05d":%q`, i, mode)
		fmt.Fprintf(&feed, `"secret_%05d":"v%05d"`, i, i)
	}
	decl.WriteString("}}")
	feed.WriteString("}")
	c := &Checker{}
	require.NoError(t, onMain(c, []byte(decl.String())))
	require.NoError(t, onChannel(c, "f1", []byte(feed.String())))
	require.NoError(t, onChannel(c, "f1", []byte(fed)))
	require.NoError(t, onChannel(c, "e1", []byte(enqueueReq)))
	require.NoError(t, onMain(c, []byte(active)))
	require.NoError(t, onMain(c, []byte(partK1)))

	head := fmt.Sprintf("rotating secret secret_%05d was not handed back; ", names-1)
	msg := head + strings.Repeat("secret_ ", (msgBytes-len(head))/8)
	payload, err := json.Marshal(map[string]string{"message": msg})
	require.NoError(t, err)
	return c, append([]byte{1}, payload...)
}

// TestLoopErrorCostFlat: the rotating-name test of a loop's Error costs
// about the same whether the program declared one rotating secret or
// 64,000 (with the same 64,000 names declared, fed and kept, and the same
// 0.8 MB message): the names are looked for in one pass over the message,
// not one pass each. Each Error is timed in CPU time, the many names'
// against the one name's measured in the same run, with a margin of 25
// (one pass per name is tens of thousands of times slower; the run is
// stopped as soon as the margin is passed).
func TestLoopErrorCostFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 64,000-name session")
	}
	const names, msgBytes, margin, baselineRuns = 64_000, 800_000, 25, 3

	var baseline time.Duration
	one, payload := loopAtError(t, names, 1, msgBytes)
	for range baselineRuns {
		// A copy of the Checker: taking the Error changes only fields of
		// its own (the maps it shares are only read).
		c := *one
		runtime.GC() // the setup's garbage is not the Error's work
		start := cpuTime(t)
		require.NoError(t, onMain(&c, payload))
		baseline += cpuTime(t) - start
	}
	baseline /= baselineRuns
	limit := margin * baseline

	c, payload := loopAtError(t, names, names, msgBytes)
	done := make(chan error, 1)
	runtime.GC()
	start := cpuTime(t)
	go func() { done <- onMain(c, payload) }()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			require.NoError(t, err)
			used := cpuTime(t) - start
			require.Less(t, used, limit, "64,000 rotating names took %v, one took %v", used, baseline)
			t.Logf("one rotating name: %v; %d: %v", baseline, names, used)
			return
		case <-tick.C:
			if used := cpuTime(t) - start; used > limit {
				t.Fatalf("64,000 rotating names: over %v and still running, where one took %v", used, baseline)
			}
		}
	}
}
