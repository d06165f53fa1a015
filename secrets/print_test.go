package secrets

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
)

// marker is in every secret value below; no output may hold it.
const marker = "MARKER_s3cr3t"

var verbs = []string{"%v", "%s", "%+v", "%#v", "%q", "%x", "%d", "%T"}

// secretValues holds the marker in each value, as a string, inside an
// object and as a number-like string.
func secretValues(t *testing.T) Values {
	t.Helper()
	var v Values
	require.NoError(t, v.DecodeJSON([]byte(`{"token":"`+marker+`","db":{"password":"`+marker+`"},"pin":"424242`+marker+`"}`)))
	return v
}

func assertNoSecret(t *testing.T, out, what string) {
	t.Helper()
	assert.NotContains(t, out, marker, what)
	assert.NotContains(t, out, "424242", what)
	assert.NotContains(t, strings.ToLower(out), hex.EncodeToString([]byte(marker)), what)
}

func TestValuesHideEveryValue(t *testing.T) {
	v := secretValues(t)
	type holder struct {
		V Values
		P *Values
	}
	for _, x := range []any{v, &v, holder{v, &v}, []Values{v}} {
		for _, verb := range verbs {
			out := fmt.Sprintf(verb, x)
			assertNoSecret(t, out, verb)
		}
		b, err := json.Marshal(x)
		require.NoError(t, err)
		assertNoSecret(t, string(b), "encoding/json")
		text, js := encodetest.Logged(slog.Any("v", x))
		assertNoSecret(t, text, "slog text")
		assertNoSecret(t, js, "slog json")
	}

	assert.Equal(t, `secrets.Values{"token": <hidden>, "db": <hidden>, "pin": <hidden>}`, fmt.Sprintf("%v", v))
	// encoding/json escapes < and > by default; without that, the text is plain.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(v))
	assert.Equal(t, `{"token":"<hidden>","db":"<hidden>","pin":"<hidden>"}`+"\n", buf.String())
	b, err := json.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, `{"token":"\u003chidden\u003e","db":"\u003chidden\u003e","pin":"\u003chidden\u003e"}`, string(b))
	text, js := encodetest.Logged(slog.Any("v", v))
	assert.Equal(t, "level=INFO msg=m v.token=<hidden> v.db=<hidden> v.pin=<hidden>\n", text)
	assert.Equal(t, `{"level":"INFO","msg":"m","v":{"token":"<hidden>","db":"<hidden>","pin":"<hidden>"}}`+"\n", js)

	// Asked for by name, the value is there.
	r, ok := v.Get("token")
	require.True(t, ok)
	assert.Contains(t, r.String(), marker)
}

func TestEmptyValuesPrint(t *testing.T) {
	var v Values
	assert.Equal(t, "secrets.Values{}", fmt.Sprint(v))
	b, err := json.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, `{}`, string(b))
}

func TestValuesMarshalJSONRefusesBadName(t *testing.T) {
	var v Values
	v.Set("a\xff", encodetest.RawString(t, marker))
	_, err := json.Marshal(v)
	require.Error(t, err)
	assertNoSecret(t, err.Error(), "error")
}

func TestDeclarationPrintsNamesAndModes(t *testing.T) {
	var d Declaration
	d.Set("api_key", Fixed)
	d.Set("token", Rotating)
	const want = `secrets.Declaration{"api_key": fixed, "token": rotating}`
	for _, verb := range []string{"%v", "%s", "%+v"} {
		assert.Equal(t, want, fmt.Sprintf(verb, d), verb)
		assert.Equal(t, want, fmt.Sprintf(verb, &d), verb)
	}
	b, err := json.Marshal(map[string]any{"d": d})
	require.NoError(t, err)
	assert.Equal(t, `{"d":{"api_key":"fixed","token":"rotating"}}`, string(b))
	text, js := encodetest.Logged(slog.Any("d", d))
	assert.Equal(t, "level=INFO msg=m d.api_key=fixed d.token=rotating\n", text)
	assert.Equal(t, `{"level":"INFO","msg":"m","d":{"api_key":"fixed","token":"rotating"}}`+"\n", js)

	var back Declaration
	require.NoError(t, back.DecodeJSON(b[5:len(b)-1]))
	assert.Equal(t, want, fmt.Sprint(back))
}
