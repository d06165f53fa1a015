package session_test

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/session"
)

// A Checker follows a recorded session event by event: every main-stream
// payload and finish, and every channel's, in the order they happened,
// each payload labelled with its scope. This session enqueues a message
// behind the secrets gate and then starts a loop without feeding the
// secrets.
func ExampleChecker() {
	var c session.Checker
	events := []session.Event{
		// Begun, one secret declared.
		{Stream: session.MainStream, Scope: session.ScopeBeginResponse, Payload: []byte("\x00" + `{"secrets":{"api_key":"fixed"}}`)},
		{Stream: "e1", Scope: session.ScopeBeginChannelRequest, Payload: []byte("\x02" + `{"key":"k","content":[{"type":"text","text":"hi"}]}`)},
		// A loop, but no Secrets channel was answered Fed.
		{Stream: session.MainStream, Scope: session.ScopeBeginResponse, Payload: []byte{begin.TagActive}},
	}
	for _, ev := range events {
		var v *session.Violation
		if err := c.Check(ev); errors.As(err, &v) {
			fmt.Println("rule:", v.Rule)
			fmt.Println(v)
			fmt.Println("gated:", c.Gated(), "open channels:", c.OpenChannels())
			return
		}
	}
	fmt.Println("ok")
	// Output:
	// rule: secrets.gated
	// secrets.gated: main Active: the program declared 1 secret and no Secrets channel has been answered Fed since Begun
	// gated: true open channels: 1
}
