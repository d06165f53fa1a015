package secrets_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

func TestSettleFeed(t *testing.T) {
	words := protoerr.Error{Message: "token is expired"}
	tests := []struct {
		name   string
		answer *secrets.FeedResponse
		want   secrets.FeedResult
		opens  bool
	}{
		{"finish with no answer", nil, secrets.FeedResult{Kind: secrets.FeedResultNotServed}, false},
		{"fed", &secrets.FeedResponse{Outcome: secrets.Fed}, secrets.FeedResult{Kind: secrets.FeedResultFed}, true},
		{"refused keeps the program's words", &secrets.FeedResponse{Outcome: secrets.Refused, Error: words},
			secrets.FeedResult{Kind: secrets.FeedResultRefused, Error: words}, false},
		{"an outcome no decoder returns", &secrets.FeedResponse{Outcome: 5}, secrets.FeedResult{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := secrets.SettleFeed(tt.answer)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.opens, got.Opens())
		})
	}
}

func TestSettleFeedDecoded(t *testing.T) {
	tests := []struct {
		payload string
		want    secrets.FeedResultKind
	}{
		{"\x00", secrets.FeedResultFed},
		{"\x01" + `{"message":"no"}`, secrets.FeedResultRefused},
	}
	for _, tt := range tests {
		var r secrets.FeedResponse
		require.NoError(t, r.Decode([]byte(tt.payload)))
		assert.Equal(t, tt.want, secrets.SettleFeed(&r).Kind)
	}
}

func TestFeedResultKindString(t *testing.T) {
	names := map[secrets.FeedResultKind]string{
		secrets.FeedResultUnknown:   "unknown",
		secrets.FeedResultFed:       "fed",
		secrets.FeedResultRefused:   "refused",
		secrets.FeedResultNotServed: "not served",
	}
	for k, want := range names {
		assert.Equal(t, want, k.String())
	}
}

func ExampleSettleFeed() {
	var answer secrets.FeedResponse
	if err := answer.Decode([]byte("\x01" + `{"message":"token is expired"}`)); err != nil {
		panic(err)
	}
	r := secrets.SettleFeed(&answer)
	fmt.Println(r.Kind, "-", r.Error.Message, "- gate opens:", r.Opens())
	fmt.Println(secrets.SettleFeed(&secrets.FeedResponse{Outcome: secrets.Fed}).Opens())
	// Output:
	// refused - token is expired - gate opens: false
	// true
}
