package dequeue_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

func TestSettle(t *testing.T) {
	words := protoerr.Error{Message: "busy"}
	tests := []struct {
		name   string
		answer *dequeue.Response
		want   dequeue.Result
	}{
		{"finish with no answer", nil, dequeue.Result{Kind: dequeue.ResultNotServed}},
		{"withdrawn", &dequeue.Response{Outcome: dequeue.Withdrawn}, dequeue.Result{Kind: dequeue.ResultWithdrawn}},
		{"empty", &dequeue.Response{Outcome: dequeue.Empty}, dequeue.Result{Kind: dequeue.ResultEmpty}},
		{"failed keeps the words", &dequeue.Response{Outcome: dequeue.Failed, Error: words},
			dequeue.Result{Kind: dequeue.ResultFailed, Error: words}},
		{"an outcome no decoder returns", &dequeue.Response{Outcome: 7}, dequeue.Result{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, dequeue.Settle(tt.answer))
		})
	}
}

func TestSettleDecoded(t *testing.T) {
	tests := []struct {
		payload string
		want    dequeue.ResultKind
	}{
		{"\x00", dequeue.ResultWithdrawn},
		{"\x01", dequeue.ResultEmpty},
		{"\x02" + `{"message":"busy"}`, dequeue.ResultFailed},
	}
	for _, tt := range tests {
		var r dequeue.Response
		require.NoError(t, r.Decode([]byte(tt.payload)))
		assert.Equal(t, tt.want, dequeue.Settle(&r).Kind)
	}
}

func TestResultKindString(t *testing.T) {
	names := map[dequeue.ResultKind]string{
		dequeue.ResultUnknown:   "unknown",
		dequeue.ResultWithdrawn: "withdrawn",
		dequeue.ResultEmpty:     "empty",
		dequeue.ResultFailed:    "failed",
		dequeue.ResultNotServed: "not served",
	}
	for k, want := range names {
		assert.Equal(t, want, k.String())
	}
}

func ExampleSettle() {
	var answer dequeue.Response
	if err := answer.Decode([]byte{0}); err != nil {
		panic(err)
	}
	fmt.Println(dequeue.Settle(&answer).Kind) // an answer arrived
	fmt.Println(dequeue.Settle(nil).Kind)     // the channel finished with none
	// Output:
	// withdrawn
	// not served
}
