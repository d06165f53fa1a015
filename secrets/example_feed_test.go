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
		{Outcome: secrets.Error, Error: protoerr.New(protoerr.KindProgram, "token expired")},
	} {
		payload, err := resp.Encode(nil)
		if err != nil {
			panic(err)
		}
		var got secrets.FeedResponse
		if err := got.Decode(payload); err != nil {
			panic(err)
		}
		text, _ := got.Error.Text()
		fmt.Printf("%q %v opens=%v %q\n", payload, got.Outcome, got.Outcome.Opens(), text)
	}
	var bad secrets.FeedResponse
	err := bad.Decode([]byte("\x01{\"kind\":"))
	var fe *secrets.FrameError
	fmt.Println(errors.As(err, &fe), fe.Kind)
	// Output:
	// "\x00" fed opens=true ""
	// "\x01{\"kind\":\"program\",\"error\":\"token expired\"}" error opens=false "token expired"
	// true body
}
