package dequeue_test

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

// A provider server withdraws the messages waiting under a key.
func ExampleRequest_EncodeJSON() {
	req := dequeue.Request{Key: "job-17"}
	body, err := req.EncodeJSON(nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", body)
	// Output: {"key":"job-17"}
}

// A container proxy answers; the provider reads the answer, telling a bad
// frame from the container's refusal.
func ExampleResponse_Decode() {
	answers := [][]byte{
		{0}, // Withdrawn
		{1}, // Empty: nothing waited under the key
		append([]byte{2}, `{"message":"not now"}`...),
		{7}, // a tag from a newer peer
	}
	for _, payload := range answers {
		var resp dequeue.Response
		err := resp.Decode(payload)
		var fe *dequeue.FrameError
		switch {
		case errors.As(err, &fe):
			fmt.Println("bad frame:", fe.Kind)
		case resp.Outcome == dequeue.Failed:
			fmt.Println("failed:", resp.Error.Message)
		default:
			fmt.Println(resp.Outcome)
		}
	}
	// Output:
	// withdrawn
	// empty
	// failed: not now
	// bad frame: unknown_tag
}

// The zero Response is no answer at all: it does not encode.
func ExampleResponse_Encode() {
	out, err := (&dequeue.Response{Outcome: dequeue.Failed, Error: protoerr.Error{Message: "busy"}}).Encode(nil)
	fmt.Printf("%q %v\n", out, err)
	_, err = (&dequeue.Response{}).Encode(nil)
	fmt.Println(err)
	// Output:
	// "\x02{\"message\":\"busy\"}" <nil>
	// encode outcome: value not set
}
