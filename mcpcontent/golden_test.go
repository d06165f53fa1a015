package mcpcontent_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
)

func TestGolden(t *testing.T) {
	golden.Check(t, "mcpcontent.block", encodetest.RoundTrip(mcpcontent.DecodeBlockJSON, mcpcontent.EncodeBlockJSON))
}
