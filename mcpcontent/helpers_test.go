package mcpcontent

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

func ptr[T any](v T) *T { return &v }

func obj(t *testing.T, s string) wire.Object {
	t.Helper()
	var o wire.Object
	require.NoError(t, o.DecodeJSON([]byte(s)))
	return o
}
