package chunk_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// TestKinds: each of the fourteen type strings decodes to its own Go type,
// whose Type gives the string back.
func TestKinds(t *testing.T) {
	kinds := map[string]chunk.Chunk{
		"assistant_reasoning":     &chunk.AssistantReasoning{},
		"assistant_text_content":  &chunk.AssistantTextContent{},
		"assistant_image_content": &chunk.AssistantImageContent{},
		"assistant_audio_content": &chunk.AssistantAudioContent{},
		"assistant_tool_call":     &chunk.AssistantToolCall{},
		"assistant_refusal":       &chunk.AssistantRefusal{},
		"tool_response":           &chunk.ToolResponse{},
		"user_text_content":       &chunk.UserTextContent{},
		"user_image_content":      &chunk.UserImageContent{},
		"user_audio_content":      &chunk.UserAudioContent{},
		"user_resource":           &chunk.UserResource{},
		"user_resource_link":      &chunk.UserResourceLink{},
		"usage":                   &chunk.Usage{},
		"notification":            &chunk.Notification{},
	}
	require.Len(t, chunk.Types(), 14)
	seen := 0
	for _, v := range golden.Of(t, "begin.chunk") {
		if v.Expect != "ok" {
			continue
		}
		c, err := chunk.DecodeJSON(v.Payload(t))
		require.NoError(t, err, v.Name)
		want, ok := kinds[c.Type()]
		require.True(t, ok, "%s: type %q", v.Name, c.Type())
		assert.IsType(t, want, c, v.Name)
		seen++
	}
	assert.Greater(t, seen, 28)
	for _, typ := range chunk.Types() {
		assert.Equal(t, typ, kinds[typ].Type())
	}
}

// TestGolden runs every begin.chunk vector: acceptance, the variant of a
// refusal, and the exact re-encoding.
func TestGolden(t *testing.T) {
	golden.Check(t, "begin.chunk", encodetest.RoundTrip(chunk.DecodeJSON, chunk.EncodeJSON))
}

// TestDecodeForms: serde's other ways of writing a chunk, as the Rust oracle
// answered them: the array form (only for the kinds that flatten nothing,
// and arrays inside), the map form of "type", members in any order.
func TestDecodeForms(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for a refusal
	}{
		{`["usage",1,2,3]`, `{"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`},
		{`["usage",1,2,3,null]`, `{"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`},
		{`["usage",1,2,3,{}]`, `{"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3,"_meta":{}}`},
		{`[{"usage":null},1,2,3]`, `{"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`},
		{`["usage",1,2,3,null,4]`, ""},
		{`[{"usage":{}},1,2,3]`, ""},
		{`["assistant_tool_call",null,"id",null,"n"]`, `{"type":"assistant_tool_call","id":"id","name":"n"}`},
		{`["assistant_tool_call",null,"id",null,"n","a"]`, `{"type":"assistant_tool_call","id":"id","name":"n","arguments":"a"}`},
		{`["assistant_tool_call"]`, ""},
		{`["notification",true,null]`, `{"type":"notification","is_fatal":true,"message":null}`},
		{`["notification",true]`, ""},
		{`["assistant_text_content",null,null,"x"]`, ""},           // flattened: an object only
		{`["assistant_text_content",null,null,"x",null,null]`, ""}, // every member, still not
		{`["user_text_content","k","x",null,null]`, ""},
		{`["tool_response",null,"c",null,[],null,null,null]`, ""},
		{`["tool_response",null,"c",null,[]]`, ""},
		{`{"type":{ "usage" : null },"completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`, `{"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`},
		{`{"type":{"usage":[]},"completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`, ""},
		{`{"type":"usage","completion_tokens":-0,"prompt_tokens":2,"total_tokens":3}`, ""},
		{`{"type":"usage","completion_tokens":1e0,"prompt_tokens":2,"total_tokens":3}`, ""},
		{`{"type":"assistant_tool_call","id":"c","name":"n","_meta":[]}`, ""},
		{`{"type":"assistant_tool_call","id":"c","name":"n","_meta":{"a":1,"a":{}}}`, `{"type":"assistant_tool_call","id":"c","_meta":{"a":{}},"name":"n"}`},
		{`{"type":"assistant_text_content","text":"x","zz":"\ud800"}`, ""},
		{`{"type":"assistant_text_content","text":"x","annotations":{"audience":[{"user":{}}]}}`, `{"type":"assistant_text_content","text":"x","annotations":{"audience":["user"]}}`},
		{`{"type":"user_text_content","key":"k","text":"hi","annotations":[["user"],1.5,null]}`, `{"type":"user_text_content","key":"k","text":"hi","annotations":{"audience":["user"],"priority":1.5}}`},
		{`{"type":"user_text_content","key":"k","text":"hi","annotations":[["user"],1.5]}`, ""},
		{`{"type":"user_resource","key":"k","resource":["u",null,"t",null]}`, ""},
		{`{"type":"user_resource","key":"k","resource":{"uri":"u","text":"t","blob":"b"}}`, `{"type":"user_resource","key":"k","resource":{"uri":"u","text":"t"}}`},
		{`{"type":"tool_response","id":"c","content":[["text","hi",null,null]]}`, `{"type":"tool_response","id":"c","content":[{"type":"text","text":"hi"}]}`},
		{`{"type":"tool_response","id":"c","content":[["text","hi"]]}`, ""},
		// buffered content: a block's type may be its variant's index
		{`{"type":"tool_response","id":"c","content":[{"type":0,"text":"x"}]}`, `{"type":"tool_response","id":"c","content":[{"type":"text","text":"x"}]}`},
		{`{"type":"tool_response","id":"c","content":[{"text":"x","type":0}]}`, `{"type":"tool_response","id":"c","content":[{"type":"text","text":"x"}]}`},
		{`{"type":"tool_response","id":"c","content":[{"type":4,"uri":"u","name":"n"}]}`, `{"type":"tool_response","id":"c","content":[{"type":"resource_link","uri":"u","name":"n"}]}`},
		{`{"type":"tool_response","id":"c","content":[[0,"x",null,null]]}`, `{"type":"tool_response","id":"c","content":[{"type":"text","text":"x"}]}`},
		{`{"type":"tool_response","id":"c","content":[{"type":5,"uri":"u","name":"n"}]}`, ""},
		{`{"type":"tool_response","id":"c","content":[{"type":-1,"text":"x"}]}`, ""},
		{`{"type":"tool_response","id":"c","content":[{"type":-0,"text":"x"}]}`, ""},
		{`{"type":"tool_response","id":"c","content":[{"type":1.0,"text":"x"}]}`, ""},
		{`{"type":"tool_response","id":"c","content":[{"type":true,"text":"x"}]}`, ""},
		{`{"type":"user_text_content","key":"k","text":"x","annotations":{"audience":[0]}}`, ""},
		{`{"type":0,"completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`, ""},
		{`{"type":"tool_response","id":"c","content":[],"resultType":"complete","resultType":"complete"}`, ""},
		{`{"type":"tool_response","id":"c","structuredContent":{"a":1,"a":2}}`, `{"type":"tool_response","id":"c","content":[],"structuredContent":{"a":2}}`},
		{`{"type":"notification","is_fatal":true,"message":{"a":1,"a":2,"b":-0}}`, `{"type":"notification","is_fatal":true,"message":{"a":2,"b":-0.0}}`},
		{`{"type":"assistant_text_content","logprobs":[["a",null,"-0.5",[["b",null,null]]]],"text":"a"}`, `{"type":"assistant_text_content","logprobs":[{"token":"a","bytes":null,"logprob":"-0.5","top_logprobs":[{"token":"b","bytes":null,"logprob":null}]}],"text":"a"}`},
		{`{"type":"assistant_text_content","logprobs":[["a",null,"-0.5",[["b"]]]],"text":"a"}`, ""},
		{`{"type":"assistant_text_content","logprobs":[{"token":"a","bytes":[],"logprob":-0,"top_logprobs":[]}],"text":"a"}`, `{"type":"assistant_text_content","logprobs":[{"token":"a","bytes":[],"logprob":"0","top_logprobs":[]}],"text":"a"}`},
		{`{"type":"assistant_text_content","logprobs":[{"token":"a","bytes":[1.0],"logprob":"1","top_logprobs":[]}],"text":"a"}`, ""},
		{`{"type":"assistant_text_content","logprobs":[{"token":"a","bytes":[1],"logprob":1e-7,"top_logprobs":[{"token":"x","logprob":18446744073709551615}]}],"text":"a"}`, `{"type":"assistant_text_content","logprobs":[{"token":"a","bytes":[1],"logprob":"0.0000001","top_logprobs":[{"token":"x","bytes":null,"logprob":"18446744073709551615"}]}],"text":"a"}`},
		{`{"type":"assistant_text_content","logprobs":[{"token":"a","bytes":[1],"logprob":1,"top_logprobs":[{"token":"x","logprob":{"a":1}}]}],"text":"a"}`, ""},
		{`{"type":"assistant_text_content","logprobs":{},"text":"a"}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			c, err := chunk.DecodeJSON([]byte(tt.in))
			if tt.want == "" {
				require.Error(t, err)
				var je *wire.JSONError
				require.ErrorAs(t, err, &je)
				return
			}
			require.NoError(t, err)
			out, err := c.EncodeJSON(nil)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(out))
		})
	}
}

// TestRefusalReason: a well-formed document that is no chunk is the untagged
// enum's one error, wire.NoVariantMatched; a document that is not JSON is
// refused for that, even where a member before the bad syntax already failed
// (serde reads the whole document before it tries the kinds).
func TestRefusalReason(t *testing.T) {
	tests := []struct {
		in     string
		reason wire.Reason
	}{
		{`{}`, wire.NoVariantMatched},
		{`null`, wire.NoVariantMatched},
		{`{"type":"usage"}`, wire.NoVariantMatched},
		{`{"type":"assistant_text_content","text":5}`, wire.NoVariantMatched},
		{`{"type":"nope","text":"x",}`, wire.TrailingComma},
		{`{"type":"usage","completion_tokens":"x","prompt_tokens":1e999}`, wire.NumberRange},
		{`{"type":"usage","x":"\ud800"}`, wire.LoneSurrogate},
		{`{"type":"assistant_text_content","text":"x"} x`, wire.TrailingBytes},
		{``, wire.EOFValue},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := chunk.DecodeJSON([]byte(tt.in))
			var je *wire.JSONError
			require.ErrorAs(t, err, &je)
			assert.Equal(t, tt.reason, je.Reason, je.Error())
			assert.Equal(t, err, chunk.ValidateJSON([]byte(tt.in)), "ValidateJSON fails as DecodeJSON")
		})
	}
	_, err := chunk.DecodeJSON([]byte(`{"type":"usage","completion_tokens":"MARKER"}`))
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "MARKER", "no message quotes the input")
}

// TestTruncated: every prefix that cuts into an accepted chunk is refused with
// a *wire.JSONError, never a panic.
func TestTruncated(t *testing.T) {
	for _, v := range golden.Of(t, "begin.chunk") {
		if v.Expect != "ok" {
			continue
		}
		p := v.Payload(t)
		for i := range p {
			if len(bytes.TrimSpace(p[i:])) == 0 {
				break // only whitespace is cut: the value is whole
			}
			_, err := chunk.DecodeJSON(p[:i])
			var je *wire.JSONError
			require.True(t, errors.As(err, &je), "%s[:%d]: %v", v.Name, i, err)
		}
		require.NoError(t, chunk.ValidateJSON(p), v.Name)
	}
}

// TestToolResponseRules: rmcp 3.1.4's CallToolResult: one of content,
// structuredContent, isError, _meta there and not null; resultType, when
// there and not null, "complete".
func TestToolResponseRules(t *testing.T) {
	for _, tt := range []struct {
		members string
		ok      bool
	}{
		{``, false},
		{`,"content":null,"structuredContent":null,"isError":null,"_meta":null`, false},
		{`,"content":[]`, true},
		{`,"structuredContent":null,"isError":true`, true},
		{`,"structuredContent":0`, true},
		{`,"_meta":{}`, true},
		{`,"resultType":null,"isError":false`, true},
		{`,"resultType":"complete","isError":false`, true},
		{`,"resultType":"incomplete","isError":false`, false},
		{`,"isError":"true"`, false},
	} {
		c, err := chunk.DecodeJSON([]byte(`{"type":"tool_response","id":"c"` + tt.members + `}`))
		if !tt.ok {
			assert.Error(t, err, tt.members)
			continue
		}
		require.NoError(t, err, tt.members)
		assert.IsType(t, &chunk.ToolResponse{}, c)
	}
}

func ExampleDecodeJSON() {
	for _, src := range []string{
		`{"type":"user_text_content","key":"msg-1","text":"List the tables."}`,
		`{"type":"assistant_tool_call","id":"call_1","name":"query","arguments":"{\"sql\":"}`,
		`{"type":"tool_response","id":"call_1","content":[{"type":"text","text":"notes, tags"}]}`,
		`{"type":"usage","completion_tokens":12,"prompt_tokens":340,"total_tokens":352}`,
	} {
		c, err := chunk.DecodeJSON([]byte(src))
		if err != nil {
			panic(err)
		}
		switch c := c.(type) {
		case *chunk.UserTextContent:
			fmt.Printf("user %s: %s\n", c.Key, c.Content.Text)
		case *chunk.AssistantToolCall:
			fmt.Printf("call %s to %s\n", c.ID, c.Name)
		case *chunk.ToolResponse:
			fmt.Printf("answer to %s: %s\n", c.ID, c.Content[0].(*mcpcontent.Text).Text)
		case *chunk.Usage:
			fmt.Println("tokens:", c.TotalTokens)
		}
	}
	// Output:
	// user msg-1: List the tables.
	// call call_1 to query
	// answer to call_1: notes, tags
	// tokens: 352
}
