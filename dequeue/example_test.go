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
		{0}, // Dequeued: something waited, and is withdrawn
		{1}, // Empty: nothing waited under the key
		append([]byte{2}, `{"kind":"program","error":"not now"}`...),
		{7}, // a tag from a newer peer
	}
	for _, payload := range answers {
		var resp dequeue.Response
		err := resp.Decode(payload)
		var fe *dequeue.FrameError
		switch {
		case errors.As(err, &fe):
			fmt.Println("bad frame:", fe.Kind)
		case resp.Outcome == dequeue.Error:
			fmt.Println(resp.Error)
		default:
			fmt.Println(resp.Outcome)
		}
	}
	// Output:
	// dequeued
	// empty
	// peer error: program: not now
	// bad frame: unknown_tag
}

// The zero Response is no answer at all: it does not encode; nor does an
// Error outcome with no error in it.
func ExampleResponse_Encode() {
	out, err := (&dequeue.Response{Outcome: dequeue.Error, Error: protoerr.New(protoerr.KindProgram, "busy")}).Encode(nil)
	fmt.Printf("%q %v\n", out, err)
	_, err = (&dequeue.Response{}).Encode(nil)
	fmt.Println(err)
	_, err = (&dequeue.Response{Outcome: dequeue.Error}).Encode(nil)
	fmt.Println(err)
	// Output:
	// "\x02{\"kind\":\"program\",\"error\":\"busy\"}" <nil>
	// encode outcome: value not set
	// encode error: no JSON value
}
