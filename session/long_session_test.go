package session

import (
	"fmt"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// longSession feeds c a generated session of about n events: a program
// with a rotating secret, and loop after loop, each behind its own feed,
// started by one message and showing its part, joined by a second that a dequeue withdraws (its
// Dequeued recorded before the dequeue's own Dequeued, every other time), with chunks
// and a fresh rotated value at each Inactive. Every channel finishes.
func longSession(c *Checker, n int) (events int, err error) {
	do := func(e error) bool {
		events++
		err = e
		return e == nil
	}
	if !do(onMain(c, []byte("\x00"+`{"secrets":{"api_key":"fixed","token":"rotating"}}`))) {
		return
	}
	chunk := []byte("\x02" + `{"type":"assistant_text_content","text":"working"}`)
	for i := 0; events < n; i++ {
		s := strconv.Itoa(i)
		f, e1, e2, d := "f"+s, "e"+s, "x"+s, "d"+s
		key, later := []byte(`"k`+s+`"`), []byte(`"later`+s+`"`)
		feed := []byte("\x04" + `{"api_key":"sk_fixed_value","token":"tok_value_` + s + `"}`)
		msg := append(append([]byte("\x02"+`{"key":`), key...), `,"content":[{"type":"text","text":"go"}]}`...)
		waiting := append(append([]byte("\x02"+`{"key":`), later...), `,"content":[{"type":"text","text":"wait"}]}`...)
		part := append(append([]byte("\x02"+`{"type":"user_text_content","key":`), key...), `,"text":"go"}`...)
		deq := append(append([]byte("\x03"+`{"key":`), later...), '}')
		ok := do(onChannel(c, f, feed)) && do(onChannel(c, f, []byte{0})) && do(finishChannel(c, f)) &&
			do(onChannel(c, e1, msg)) && do(onMain(c, []byte{3})) && do(onMain(c, part)) && do(onChannel(c, e1, []byte{0})) && do(finishChannel(c, e1)) &&
			do(onChannel(c, e2, waiting)) && do(onChannel(c, d, deq))
		if !ok {
			return
		}
		if i%2 == 0 {
			ok = do(onChannel(c, e2, []byte{1})) && do(onChannel(c, d, []byte{0}))
		} else {
			ok = do(onChannel(c, d, []byte{0})) && do(onChannel(c, e2, []byte{1}))
		}
		ok = ok && do(finishChannel(c, e2)) && do(finishChannel(c, d))
		for j := 0; ok && j < 4; j++ {
			ok = do(onMain(c, chunk))
		}
		if !ok || !do(onMain(c, []byte("\x04"+`{"token":"tok_rotated_`+s+`"}`))) {
			return
		}
	}
	return events, nil
}

// TestLongSessionForgets: after a long session the Checker holds no
// channel and no key, and its bounded memories stay at their bounds.
func TestLongSessionForgets(t *testing.T) {
	c := &Checker{}
	events, err := longSession(c, 50_000)
	require.NoError(t, err)
	require.GreaterOrEqual(t, events, 50_000)
	require.Equal(t, 0, c.OpenChannels())
	require.Empty(t, c.keys)
	require.Empty(t, c.unshown)
	require.LessOrEqual(t, len(c.finishedIDs.items), recentFinished)
	require.LessOrEqual(t, len(c.needles.items), keptSecretValues)
	require.Len(t, c.finishedIDs.index, len(c.finishedIDs.items))
	require.Len(t, c.needles.index, len(c.needles.items))
	require.NoError(t, finishMain(c))
}

// BenchmarkLongSession checks a generated session of 100k and of 1M events,
// reporting the time per event and the heap the Checker retains at the end
// (heap in use after a GC, less the heap before it began).
func BenchmarkLongSession(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("events=%d", n), func(b *testing.B) {
			var retained, perEvent float64
			b.StopTimer()
			for range b.N {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				c := new(Checker)
				b.StartTimer()
				events, err := longSession(c, n)
				b.StopTimer()
				if err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				retained = float64(int64(after.HeapInuse) - int64(before.HeapInuse))
				perEvent = float64(events)
				runtime.KeepAlive(c)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perEvent/float64(b.N), "ns/event")
			b.ReportMetric(retained, "retained-B")
		})
	}
}
