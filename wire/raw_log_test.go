package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// logged is one record with attr under slog's text and JSON handlers, with
// the time left out.
func logged(attr slog.Attr) (text, js string) {
	noTime := func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}
	var tb, jb bytes.Buffer
	slog.New(slog.NewTextHandler(&tb, &slog.HandlerOptions{ReplaceAttr: noTime})).Info("m", attr)
	slog.New(slog.NewJSONHandler(&jb, &slog.HandlerOptions{ReplaceAttr: noTime})).Info("m", attr)
	return tb.String(), jb.String()
}

func TestRawAndObjectPrintAsJSONText(t *testing.T) {
	var r Raw
	require.NoError(t, r.DecodeJSON([]byte(`{"b":[1,"x"],"a":null}`)))
	var o Object
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

			text, js := logged(slog.Any("v", v))
			assert.Equal(t, `level=INFO msg=m v="{\"b\":[1,\"x\"],\"a\":null}"`+"\n", text)
			assert.Equal(t, `{"level":"INFO","msg":"m","v":`+want+`}`+"\n", js)
		})
	}
}

func TestZeroRawAndObjectLogAsNull(t *testing.T) {
	for _, v := range []any{Raw{}, Object{}} {
		text, js := logged(slog.Any("v", v))
		assert.Equal(t, `level=INFO msg=m v="null"`+"\n", text)
		assert.Equal(t, `{"level":"INFO","msg":"m","v":null}`+"\n", js)
	}
}
