package answer_test

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/answer"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

// An enqueue answer is an answer.Response[enqueue.Outcome]: the same
// methods serve the dequeue, legacy enqueue and secrets-feed answers.
func ExampleResponse() {
	out, err := (&enqueue.Response{Outcome: enqueue.Error, Error: protoerr.NewKind(protoerr.KindUnregistered)}).Encode(nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q\n", out)

	var r enqueue.Response
	if err := r.Decode([]byte{0}); err != nil {
		panic(err)
	}
	tag, _ := answer.WireTag(r.Outcome)
	fmt.Println(r.Outcome, tag)
	// Output:
	// "\x02{\"kind\":\"unregistered\"}"
	// delivered 0
}

// A failed decode is the family's own FrameError, whose Kind is one of the
// three every answer shares.
func ExampleFrameError() {
	var r enqueue.Response
	err := r.Decode([]byte{7})
	var fe *enqueue.FrameError
	if errors.As(err, &fe) && fe.Kind == answer.ErrorKindUnknownTag {
		fmt.Println(err)
	}
	// Output: unknown enqueue answer tag 7
}
