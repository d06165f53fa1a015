package trace_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/trace"
)

// Check recorded sessions after the fact: one keeps every rule, the other
// answers an enqueue twice. A violation carries the line of its event.
func ExampleCheck() {
	for _, name := range []string{"ok_gated.trace", "bad_channel_one_answer.trace"} {
		f, err := os.Open("../testdata/traces/" + name)
		if err != nil {
			panic(err)
		}
		err = trace.Check(trace.NewReader(f))
		f.Close()
		var v *session.Violation
		switch {
		case err == nil:
			fmt.Println(name, "ok")
		case errors.As(err, &v):
			fmt.Println(name, "line", v.Line, v.Rule)
		default:
			fmt.Println(name, "unreadable:", err)
		}
	}
	// Output:
	// ok_gated.trace ok
	// bad_channel_one_answer.trace line 6 channel.one-answer
}
