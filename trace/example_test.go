package trace_test

import (
	"bytes"
	"fmt"
	"os"

	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/trace"
)

// A proxy records its session as it relays it, with live checking: the
// call that relays an impossible event returns the violation. Afterwards
// the trace it wrote is read back and checked again, to the same verdict.
func ExampleRecorder() {
	var log bytes.Buffer
	rec := trace.NewRecorder(&log, trace.WithViolationFunc(func(v *session.Violation) {
		fmt.Println("live:", v)
	}))

	// In the proxy's transport: every payload and finish, as it passes.
	rec.Main([]byte("\x00{}")) // Begun, no secrets
	rec.Channel("e1", []byte("\x02"+`{"key":"k","content":[{"type":"text","text":"hi"}]}`))
	rec.Main([]byte{3})                                                             // Active: msg "k" starts a loop
	rec.Main([]byte("\x02" + `{"type":"user_text_content","key":"k","text":"hi"}`)) // its part
	rec.Channel("e1", []byte{0})                                                    // Delivered
	rec.ChannelFinish("e1")
	rec.Main([]byte("\x04{}")) // Inactive
	rec.Channel("e2", []byte("\x02"+`{"key":"k","content":[{"type":"text","text":"again"}]}`))
	if err := rec.Channel("e2", []byte{0}); err != nil { // Delivered, but no loop runs
		fmt.Println("returned:", err != nil)
	}
	rec.ChannelFinish("e2")
	rec.MainFinish()

	os.Stdout.Write(log.Bytes())
	fmt.Println("again:", trace.Check(trace.NewReader(&log)))
	// Output:
	// live: line 9: enqueue.delivered-loop: channel e2 Delivered: no loop ran while the message waited (no Active since its request); a message is delivered into a loop that runs, or starts, while its channel is open
	// returned: true
	// main begin.response 007b7d
	// e1 begin.channel_request 027b226b6579223a226b222c22636f6e74656e74223a5b7b2274797065223a2274657874222c2274657874223a226869227d5d7d
	// main begin.response 03
	// main begin.response 027b2274797065223a22757365725f746578745f636f6e74656e74222c226b6579223a226b222c2274657874223a226869227d
	// e1 enqueue.response 00
	// e1 finish
	// main begin.response 047b7d
	// e2 begin.channel_request 027b226b6579223a226b222c22636f6e74656e74223a5b7b2274797065223a2274657874222c2274657874223a22616761696e227d5d7d
	// e2 enqueue.response 00
	// e2 finish
	// main finish
	// again: line 9: enqueue.delivered-loop: channel e2 Delivered: no loop ran while the message waited (no Active since its request); a message is delivered into a loop that runs, or starts, while its channel is open
}
