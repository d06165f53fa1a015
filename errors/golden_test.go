package errors_test

import (
	"testing"

	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

func TestGolden(t *testing.T) {
	golden.CheckMethods(t, "errors.error", (*protoerr.Error).DecodeJSON, (*protoerr.Error).EncodeJSON)
}
