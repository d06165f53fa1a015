package wire_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestRawAndObjectPrintAsJSONText(t *testing.T) {
	var r wire.Raw
	require.NoError(t, r.DecodeJSON([]byte(`{"b":[1,"x"],"a":null}`)))
	var o wire.Object
	require.NoError(t, o.DecodeJSON([]byte(`{"b":[1,"x"],"a":null}`)))
	const want = `{"b":[1,"x"],"a":null}`
	for _, v := range []any{r, o} {
		t.Run(fmt.Sprintf("%T", v), func(t *testing.T) {
			assert.Equal(t, want, fmt.Sprintf("%v", v))
			assert.Equal(t, want, fmt.Sprintf("%s", v))
			assert.Equal(t, want, fmt.Sprintf("%+v", v))
			b, err := json.Marshal(map[string]any{"v": v})
			require.NoError(t, err)
			assert.Equal(t, `{"v":`+want+`}`, string(b))

			text, js := encodetest.Logged(slog.Any("v", v))
			assert.Equal(t, `level=INFO msg=m v="{\"b\":[1,\"x\"],\"a\":null}"`+"\n", text)
			assert.Equal(t, `{"level":"INFO","msg":"m","v":`+want+`}`+"\n", js)
		})
	}
}

func TestZeroRawAndObjectLogAsNull(t *testing.T) {
	for _, v := range []any{wire.Raw{}, wire.Object{}} {
		text, js := encodetest.Logged(slog.Any("v", v))
		assert.Equal(t, `level=INFO msg=m v="null"`+"\n", text)
		assert.Equal(t, `{"level":"INFO","msg":"m","v":null}`+"\n", js)
	}
}
