package legacy_test

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
)

// A provider server posts a prompt to the older /agent/enqueue endpoint and
// reads the one answer.
func Example() {
	body, err := (&legacy.Request{Prompt: "summarize the log"}).EncodeJSON(nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", body)

	for _, payload := range [][]byte{{0}, {2}, append([]byte{3}, `{"kind":"agent","error":"no run"}`...), {}} {
		var resp legacy.Response
		if err := resp.Decode(payload); err != nil {
			var fe *legacy.FrameError
			fmt.Println("bad frame:", errors.As(err, &fe), fe.Kind)
			continue
		}
		text, _ := resp.Error.Text()
		fmt.Printf("%v %q\n", resp.Outcome, text)
	}
	// Output:
	// {"prompt":"summarize the log"}
	// delivered ""
	// missed ""
	// error "no run"
	// bad frame: true empty
}
