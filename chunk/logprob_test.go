package chunk_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// TestLogprobStringForms: a log probability written as a string is read
// alike whether it is plain ASCII (parsed where it stands) or not (decoded
// first): escapes, whitespace before it, one too long to look ahead over,
// and the refusals. Every expectation is the real oracle's answer
// (rustref conform, begin.chunk), the same value in both places.
func TestLogprobStringForms(t *testing.T) {
	tests := []struct {
		form   string
		want   string      // the logprob written back; "" for a refusal
		reason wire.Reason // for a refusal
	}{
		{`"-0.25"`, "-0.25", 0},
		{" \t\"-0.25\"", "-0.25", 0},
		{`"\u002d0.25"`, "-0.25", 0},
		{`"0.123456789012345678901234567890123456789012345678901"`, "0.1234567890123456789012345679", 0},
		{`"1_000.5"`, "1000.5", 0},
		{`"1e-3"`, "0.001", 0},
		{`"0.2500"`, "0.2500", 0},
		{`"abc"`, "", wire.NoVariantMatched},
		{"\"−0.5\"", "", wire.NoVariantMatched},
		{`"-0.5\n"`, "", wire.NoVariantMatched},
		{"\"-0.\x015\"", "", wire.ControlChar},
	}
	const doc = `{"type":"assistant_refusal","logprobs":[{"token":"a","bytes":null,"logprob":%s,"top_logprobs":[{"token":"b","bytes":null,"logprob":%s}]}],"text":"a"}`
	for _, tt := range tests {
		t.Run(tt.form, func(t *testing.T) {
			c, err := chunk.DecodeJSON(fmt.Appendf(nil, doc, tt.form, tt.form))
			if tt.want == "" {
				var je *wire.JSONError
				require.ErrorAs(t, err, &je)
				assert.Equal(t, tt.reason, je.Reason, je.Error())
				return
			}
			require.NoError(t, err)
			r, ok := c.(*chunk.AssistantRefusal)
			require.True(t, ok)
			require.Len(t, r.Logprobs, 1)
			assert.Equal(t, tt.want, r.Logprobs[0].Logprob.String())
			require.Len(t, r.Logprobs[0].TopLogprobs, 1)
			require.NotNil(t, r.Logprobs[0].TopLogprobs[0].Logprob)
			assert.Equal(t, tt.want, r.Logprobs[0].TopLogprobs[0].Logprob.String())
			out, err := c.EncodeJSON(nil)
			require.NoError(t, err)
			assert.Equal(t, fmt.Sprintf(doc, `"`+tt.want+`"`, `"`+tt.want+`"`), string(out))
		})
	}
}

// TestLogprobListLengths: lists of log probabilities and of alternatives
// shorter than, as long as and longer than what is read on the stack come
// back whole and in order, each its own length.
func TestLogprobListLengths(t *testing.T) {
	for _, n := range []int{0, 1, 4, 5, 9, 40} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var lps, tops []byte
			for i := range n {
				if i > 0 {
					tops = append(tops, ',')
				}
				tops = fmt.Appendf(tops, `{"token":"t%d","bytes":[%d],"logprob":"-%d.5"}`, i, i, i)
			}
			for i := range n {
				if i > 0 {
					lps = append(lps, ',')
				}
				lps = fmt.Appendf(lps, `{"token":"l%d","bytes":null,"logprob":"-0.%d","top_logprobs":[%s]}`, i, i+1, tops)
			}
			in := fmt.Sprintf(`{"type":"assistant_text_content","logprobs":[%s],"text":"x"}`, lps)
			c, err := chunk.DecodeJSON([]byte(in))
			require.NoError(t, err)
			got := c.(*chunk.AssistantTextContent).Logprobs
			require.NotNil(t, got)
			require.Len(t, got, n)
			for i, l := range got {
				assert.Equal(t, fmt.Sprintf("l%d", i), l.Token)
				assert.Equal(t, fmt.Sprintf("-0.%d", i+1), l.Logprob.String())
				require.Len(t, l.TopLogprobs, n)
				require.NotNil(t, l.TopLogprobs)
				for j, tl := range l.TopLogprobs {
					assert.Equal(t, fmt.Sprintf("t%d", j), tl.Token)
					assert.Equal(t, []byte{byte(j)}, tl.Bytes)
					assert.Equal(t, fmt.Sprintf("-%d.5", j), tl.Logprob.String())
				}
			}
			out, err := c.EncodeJSON(nil)
			require.NoError(t, err)
			assert.Equal(t, in, string(out))
		})
	}
}
