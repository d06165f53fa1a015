package enqueue_test

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// The zero Response has no Outcome and does not encode, so an answer never
// set (a zero value returned with an error) cannot be sent as a success.
// NotServed names a channel that finished with no answer; it is not a wire
// tag either.
func ExampleOutcome() {
	for _, r := range []enqueue.Response{{}, {Outcome: enqueue.NotServed}, {Outcome: enqueue.Delivered}} {
		payload, err := r.Encode(nil)
		switch {
		case errors.Is(err, wire.ErrUnset):
			fmt.Println("unset: not sent")
		case errors.Is(err, wire.ErrUnknownValue):
			fmt.Println(r.Outcome, "is no answer: not sent")
		case err == nil:
			fmt.Printf("%v: %q\n", r.Outcome, payload)
		}
	}
	// Output:
	// unset: not sent
	// not served is no answer: not sent
	// delivered: "\x00"
}
