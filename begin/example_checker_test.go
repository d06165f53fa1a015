package begin_test

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/begin"
)

// A Checker follows a recorded session event by event: every main-stream
// payload and finish, and every channel's, in the order they happened. This
// session enqueues a message behind the secrets gate and then starts a loop
// without feeding the secrets.
func ExampleChecker() {
	var c begin.Checker
	events := []struct {
		channel string // "" for the main stream
		payload []byte // nil for a finish
	}{
		{"", []byte("\x00" + `{"secrets":{"api_key":"fixed"}}`)}, // Begun, one secret declared
		{"e1", []byte("\x02" + `{"key":"k","content":[{"type":"text","text":"hi"}]}`)},
		{"", []byte{begin.TagActive}}, // a loop, but no Secrets channel was answered Fed
	}
	for _, ev := range events {
		var err error
		switch {
		case ev.channel == "" && ev.payload == nil:
			err = c.MainFinish()
		case ev.channel == "":
			err = c.Main(ev.payload)
		case ev.payload == nil:
			err = c.ChannelFinish(ev.channel)
		default:
			err = c.Channel(ev.channel, ev.payload)
		}
		var v *begin.Violation
		if errors.As(err, &v) {
			fmt.Println("rule:", v.Rule)
			fmt.Println("gated:", c.Gated(), "open channels:", c.OpenChannels())
			return
		}
	}
	fmt.Println("ok")
	// Output:
	// rule: secrets.gated
	// gated: true open channels: 1
}
