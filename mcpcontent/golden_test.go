package mcpcontent_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
)

func TestGolden(t *testing.T) {
	golden.Check(t, "mcpcontent.block", func(payload []byte) ([]byte, error) {
		b, err := mcpcontent.DecodeBlockJSON(payload)
		if err != nil {
			return nil, err
		}
		return mcpcontent.EncodeBlockJSON(nil, b)
	})
}
