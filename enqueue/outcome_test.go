package enqueue_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

func TestSettle(t *testing.T) {
	words := protoerr.Error{Message: "images are not accepted"}
	tests := []struct {
		name   string
		answer *enqueue.Response
		want   enqueue.Outcome
	}{
		{"finish with no answer", nil, enqueue.Outcome{Kind: enqueue.OutcomeNotServed}},
		{"delivered", &enqueue.Response{Fate: enqueue.Delivered}, enqueue.Outcome{Kind: enqueue.OutcomeDelivered}},
		{"dequeued", &enqueue.Response{Fate: enqueue.Dequeued}, enqueue.Outcome{Kind: enqueue.OutcomeDequeued}},
		{"refused keeps the container's words", &enqueue.Response{Fate: enqueue.Refused, Error: words},
			enqueue.Outcome{Kind: enqueue.OutcomeRefused, Error: words}},
		{"a fate no decoder returns", &enqueue.Response{Fate: 9}, enqueue.Outcome{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, enqueue.Settle(tt.answer))
		})
	}
}

func TestSettleDecoded(t *testing.T) {
	tests := []struct {
		payload string
		want    enqueue.OutcomeKind
	}{
		{"\x00", enqueue.OutcomeDelivered},
		{"\x01", enqueue.OutcomeDequeued},
		{"\x02" + `{"message":"no"}`, enqueue.OutcomeRefused},
	}
	for _, tt := range tests {
		var r enqueue.Response
		require.NoError(t, r.Decode([]byte(tt.payload)))
		assert.Equal(t, tt.want, enqueue.Settle(&r).Kind)
	}
}

func TestOutcomeKindString(t *testing.T) {
	names := map[enqueue.OutcomeKind]string{
		enqueue.OutcomeUnknown:   "unknown",
		enqueue.OutcomeDelivered: "delivered",
		enqueue.OutcomeDequeued:  "dequeued",
		enqueue.OutcomeRefused:   "refused",
		enqueue.OutcomeNotServed: "not served",
		9:                        "variant 9",
	}
	for k, want := range names {
		assert.Equal(t, want, k.String())
	}
}

func ExampleSettle() {
	// What arrived on three Enqueue channels: an answer each for the first
	// two, and a finish with no answer for the third.
	var refused enqueue.Response
	if err := refused.Decode([]byte("\x02" + `{"message":"audio is not accepted"}`)); err != nil {
		panic(err)
	}
	for _, answer := range []*enqueue.Response{{Fate: enqueue.Delivered}, &refused, nil} {
		o := enqueue.Settle(answer)
		switch o.Kind {
		case enqueue.OutcomeRefused:
			fmt.Println("refused:", o.Error.Message)
		default:
			fmt.Println(o.Kind)
		}
	}
	// Output:
	// delivered
	// refused: audio is not accepted
	// not served
}
