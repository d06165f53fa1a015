package secrets_test

import (
	"errors"
	"fmt"

	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// The provider server sends the secret values on a Secrets channel; the
// container's program takes them (Fed opens the gate to the next loop) or
// refuses them in its own words.
func ExampleFeedResponse() {
	for _, resp := range []secrets.FeedResponse{
		{Outcome: secrets.Fed},
		{Outcome: secrets.Refused, Error: protoerr.Error{Message: "token expired"}},
	} {
		payload, err := resp.Encode(nil)
		if err != nil {
			panic(err)
		}
		var got secrets.FeedResponse
		if err := got.Decode(payload); err != nil {
			panic(err)
		}
		fmt.Printf("%x %v opens=%v %q\n", payload, got.Outcome, got.Outcome.Opens(), got.Error.Message)
	}
	var bad secrets.FeedResponse
	err := bad.Decode([]byte("\x01{}"))
	var fe *secrets.FeedError
	fmt.Println(errors.As(err, &fe), fe.Kind)
	// Output:
	// 00 fed opens=true ""
	// 017b226d657373616765223a22746f6b656e2065787069726564227d refused opens=false "token expired"
	// true body
}
