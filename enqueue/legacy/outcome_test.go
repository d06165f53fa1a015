package legacy_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

func TestSettle(t *testing.T) {
	words := protoerr.Error{Message: "lost track of the loop"}
	tests := []struct {
		name   string
		answer *legacy.Response
		want   legacy.Outcome
	}{
		{"connection ended with no answer", nil, legacy.Outcome{Kind: legacy.OutcomeNotReceived}},
		{"delivered", &legacy.Response{Fate: legacy.Delivered}, legacy.Outcome{Kind: legacy.OutcomeDelivered}},
		{"dequeued", &legacy.Response{Fate: legacy.Dequeued}, legacy.Outcome{Kind: legacy.OutcomeDequeued}},
		{"missed", &legacy.Response{Fate: legacy.Missed}, legacy.Outcome{Kind: legacy.OutcomeMissed}},
		{"failed keeps the provider's words", &legacy.Response{Fate: legacy.Failed, Error: words},
			legacy.Outcome{Kind: legacy.OutcomeFailed, Error: words}},
		{"a fate no decoder returns", &legacy.Response{Fate: 8}, legacy.Outcome{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, legacy.Settle(tt.answer))
		})
	}
}

func TestSettleDecoded(t *testing.T) {
	tests := []struct {
		payload string
		want    legacy.OutcomeKind
	}{
		{"\x00", legacy.OutcomeDelivered},
		{"\x01", legacy.OutcomeDequeued},
		{"\x02", legacy.OutcomeMissed},
		{"\x03" + `{"message":"lost"}`, legacy.OutcomeFailed},
	}
	for _, tt := range tests {
		var r legacy.Response
		require.NoError(t, r.Decode([]byte(tt.payload)))
		assert.Equal(t, tt.want, legacy.Settle(&r).Kind)
	}
}

func TestOutcomeKindString(t *testing.T) {
	names := map[legacy.OutcomeKind]string{
		legacy.OutcomeUnknown:     "unknown",
		legacy.OutcomeDelivered:   "delivered",
		legacy.OutcomeDequeued:    "dequeued",
		legacy.OutcomeMissed:      "missed",
		legacy.OutcomeFailed:      "failed",
		legacy.OutcomeNotReceived: "not received",
	}
	for k, want := range names {
		assert.Equal(t, want, k.String())
	}
}

func ExampleSettle() {
	var answer legacy.Response
	if err := answer.Decode([]byte{2}); err != nil {
		panic(err)
	}
	if legacy.Settle(&answer).Kind == legacy.OutcomeMissed {
		fmt.Println("missed: send it again as the next loop's prompt")
	}
	// The connection ended before any answer: the fate was never received,
	// and nobody retries.
	fmt.Println(legacy.Settle(nil).Kind)
	// Output:
	// missed: send it again as the next loop's prompt
	// not received
}
