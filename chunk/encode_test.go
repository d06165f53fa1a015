package chunk_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func ptr[T any](v T) *T { return &v }

func dec(t *testing.T, s string) chunk.Decimal {
	t.Helper()
	d, err := chunk.ParseDecimal(s)
	require.NoError(t, err)
	return d
}

// TestEncodeValues: a value built in Go encodes to the bytes the Rust SDK
// writes (members in declaration order, absent ones left out), and decodes
// back to the same bytes.
func TestEncodeValues(t *testing.T) {
	meta := encodetest.Object(t, 1)
	tests := []struct {
		name string
		c    chunk.Chunk
		want string
	}{
		{"reasoning", &chunk.AssistantReasoning{Content: mcpcontent.Text{Text: "hm"}}, `{"type":"assistant_reasoning","text":"hm"}`},
		{"text with logprobs", &chunk.AssistantTextContent{
			ParentToolCallID: ptr("p"),
			Logprobs: []chunk.Logprob{{Token: "a", Bytes: []byte{97}, Logprob: dec(t, "-0.2500"), TopLogprobs: []chunk.TopLogprob{
				{Token: "b"}, {Token: "c", Bytes: []byte{}, Logprob: ptr(dec(t, "1e-3"))},
			}}},
			Content: mcpcontent.Text{Text: "a"},
		}, `{"type":"assistant_text_content","parent_tool_call_id":"p","logprobs":[{"token":"a","bytes":[97],"logprob":"-0.2500","top_logprobs":[{"token":"b","bytes":null,"logprob":null},{"token":"c","bytes":[],"logprob":"0.001"}]}],"text":"a"}`},
		{"logprob without alternatives", &chunk.AssistantRefusal{Logprobs: []chunk.Logprob{{Token: "n"}}, Content: mcpcontent.Text{Text: "n"}},
			`{"type":"assistant_refusal","logprobs":[{"token":"n","bytes":null,"logprob":"0","top_logprobs":[]}],"text":"n"}`},
		{"empty logprobs", &chunk.AssistantRefusal{Logprobs: []chunk.Logprob{}, Content: mcpcontent.Text{Text: "n"}},
			`{"type":"assistant_refusal","logprobs":[],"text":"n"}`},
		{"image", &chunk.AssistantImageContent{Content: mcpcontent.Image{Data: "AA==", MIMEType: "image/png"}},
			`{"type":"assistant_image_content","data":"AA==","mimeType":"image/png"}`},
		{"audio", &chunk.AssistantAudioContent{ParentToolCallID: ptr("p"), Content: mcpcontent.Audio{Data: "AA==", MIMEType: "audio/wav", Meta: meta}},
			`{"type":"assistant_audio_content","parent_tool_call_id":"p","data":"AA==","mimeType":"audio/wav","_meta":{}}`},
		{"tool call", &chunk.AssistantToolCall{ID: "c", Meta: meta, Name: "ls", Arguments: ptr(`{"p`)},
			`{"type":"assistant_tool_call","id":"c","_meta":{},"name":"ls","arguments":"{\"p"}`},
		{"tool response, nothing but the id", &chunk.ToolResponse{ID: "c"}, `{"type":"tool_response","id":"c","content":[]}`},
		{"tool response, every member", &chunk.ToolResponse{
			ParentToolCallID: ptr("p"), ID: "c", ResultType: chunk.ResultComplete,
			Content:           []mcpcontent.Block{&mcpcontent.Text{Text: "x"}},
			StructuredContent: encodetest.RawJSON(t, `{"n":1}`), IsError: ptr(false), Meta: meta,
		}, `{"type":"tool_response","parent_tool_call_id":"p","id":"c","resultType":"complete","content":[{"type":"text","text":"x"}],"structuredContent":{"n":1},"isError":false,"_meta":{}}`},
		{"user text", &chunk.UserTextContent{Key: "k", Content: mcpcontent.Text{Text: "hi"}}, `{"type":"user_text_content","key":"k","text":"hi"}`},
		{"user image", &chunk.UserImageContent{Key: "k", Content: mcpcontent.Image{Data: "AA==", MIMEType: "image/png"}},
			`{"type":"user_image_content","key":"k","data":"AA==","mimeType":"image/png"}`},
		{"user audio", &chunk.UserAudioContent{Key: "k", Content: mcpcontent.Audio{Data: "AA==", MIMEType: "audio/wav"}},
			`{"type":"user_audio_content","key":"k","data":"AA==","mimeType":"audio/wav"}`},
		{"user resource", &chunk.UserResource{Key: "k", Content: mcpcontent.EmbeddedResource{Resource: &mcpcontent.BlobResourceContents{URI: "u", Blob: "AA=="}}},
			`{"type":"user_resource","key":"k","resource":{"uri":"u","blob":"AA=="}}`},
		{"user resource link", &chunk.UserResourceLink{Key: "k", Content: mcpcontent.ResourceLink{URI: "u", Name: "n", Size: ptr(uint64(3))}},
			`{"type":"user_resource_link","key":"k","uri":"u","name":"n","size":3}`},
		{"usage", &chunk.Usage{CompletionTokens: 1, PromptTokens: 2, TotalTokens: 3}, `{"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`},
		{"notification", &chunk.Notification{IsFatal: true, Message: encodetest.RawJSON(t, "null")}, `{"type":"notification","is_fatal":true,"message":null}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := chunk.EncodeJSON([]byte("x"), tt.c)
			require.NoError(t, err)
			assert.Equal(t, "x"+tt.want, string(out))
			back, err := chunk.DecodeJSON(out[1:])
			require.NoError(t, err)
			assert.Equal(t, tt.c.Type(), back.Type())
			again, err := back.EncodeJSON(nil)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(again))
		})
	}
}

// TestEncodeRefuses: a value the Rust side could not hold is refused with a
// *wire.EncodeError naming the member, dst left as it was, and no message
// quoting the bad string.
func TestEncodeRefuses(t *testing.T) {
	bad := encodetest.Bad[0].S
	tests := []struct {
		name   string
		c      chunk.Chunk
		member string
		reason error
	}{
		{"nil", nil, "", wire.ErrNil},
		{"nil reasoning", (*chunk.AssistantReasoning)(nil), "", wire.ErrNil},
		{"nil text", (*chunk.AssistantTextContent)(nil), "", wire.ErrNil},
		{"nil refusal", (*chunk.AssistantRefusal)(nil), "", wire.ErrNil},
		{"nil image", (*chunk.AssistantImageContent)(nil), "", wire.ErrNil},
		{"nil audio", (*chunk.AssistantAudioContent)(nil), "", wire.ErrNil},
		{"nil tool call", (*chunk.AssistantToolCall)(nil), "", wire.ErrNil},
		{"nil tool response", (*chunk.ToolResponse)(nil), "", wire.ErrNil},
		{"nil user text", (*chunk.UserTextContent)(nil), "", wire.ErrNil},
		{"nil user image", (*chunk.UserImageContent)(nil), "", wire.ErrNil},
		{"nil user audio", (*chunk.UserAudioContent)(nil), "", wire.ErrNil},
		{"nil user resource", (*chunk.UserResource)(nil), "", wire.ErrNil},
		{"nil user link", (*chunk.UserResourceLink)(nil), "", wire.ErrNil},
		{"nil usage", (*chunk.Usage)(nil), "", wire.ErrNil},
		{"nil notification", (*chunk.Notification)(nil), "", wire.ErrNil},
		{"parent not UTF-8", &chunk.AssistantTextContent{ParentToolCallID: &bad}, "parent_tool_call_id", wire.ErrInvalidUTF8},
		{"text not UTF-8", &chunk.AssistantReasoning{Content: mcpcontent.Text{Text: bad}}, "text", wire.ErrInvalidUTF8},
		{"token not UTF-8", &chunk.AssistantTextContent{Logprobs: []chunk.Logprob{{}, {Token: bad}}}, "logprobs[1].token", wire.ErrInvalidUTF8},
		{"alternative token not UTF-8", &chunk.AssistantTextContent{Logprobs: []chunk.Logprob{{TopLogprobs: []chunk.TopLogprob{{}, {Token: bad}}}}},
			"logprobs[0].top_logprobs[1].token", wire.ErrInvalidUTF8},
		{"mime type not UTF-8", &chunk.AssistantImageContent{Content: mcpcontent.Image{MIMEType: bad}}, "mimeType", wire.ErrInvalidUTF8},
		{"unknown role", &chunk.AssistantAudioContent{Content: mcpcontent.Audio{Annotations: &mcpcontent.Annotations{Audience: []mcpcontent.Role{"system"}}}},
			"annotations.audience[0]", wire.ErrUnknownValue},
		{"tool call id not UTF-8", &chunk.AssistantToolCall{ID: bad}, "id", wire.ErrInvalidUTF8},
		{"tool call name not UTF-8", &chunk.AssistantToolCall{Name: bad}, "name", wire.ErrInvalidUTF8},
		{"tool call arguments not UTF-8", &chunk.AssistantToolCall{Arguments: &bad}, "arguments", wire.ErrInvalidUTF8},
		{"tool call _meta too deep", &chunk.AssistantToolCall{Meta: encodetest.Object(t, wire.MaxDepth)}, "_meta", wire.ErrTooDeep},
		{"result type not complete", &chunk.ToolResponse{ResultType: "input_required"}, "resultType", wire.ErrUnknownValue},
		{"nil block", &chunk.ToolResponse{Content: []mcpcontent.Block{&mcpcontent.Text{}, nil}}, "content[1]", wire.ErrNil},
		{"block _meta too deep", &chunk.ToolResponse{Content: []mcpcontent.Block{&mcpcontent.Text{Meta: encodetest.Object(t, wire.MaxDepth-2)}}},
			"content[0]._meta", wire.ErrTooDeep},
		{"structured content too deep", &chunk.ToolResponse{StructuredContent: encodetest.Raw(t, wire.MaxDepth)}, "structuredContent", wire.ErrTooDeep},
		{"key not UTF-8", &chunk.UserTextContent{Key: bad}, "key", wire.ErrInvalidUTF8},
		{"nil resource contents", &chunk.UserResource{}, "resource", wire.ErrNil},
		{"link name not UTF-8", &chunk.UserResourceLink{Content: mcpcontent.ResourceLink{Name: bad}}, "name", wire.ErrInvalidUTF8},
		{"usage _meta too deep", &chunk.Usage{Meta: encodetest.Object(t, wire.MaxDepth)}, "_meta", wire.ErrTooDeep},
		{"no message", &chunk.Notification{}, "message", wire.ErrNoValue},
		{"message too deep", &chunk.Notification{Message: encodetest.Raw(t, wire.MaxDepth)}, "message", wire.ErrTooDeep},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := chunk.EncodeJSON(encodetest.Dst(), tt.c)
			encodetest.RequireError(t, out, err, tt.member, tt.reason, bad)
		})
	}
}

// TestEncodeRoomAtTheLimit: a _meta as deep as the nesting limit allows
// where it stands encodes, and the reader takes it back.
func TestEncodeRoomAtTheLimit(t *testing.T) {
	for _, c := range []chunk.Chunk{
		&chunk.Usage{Meta: encodetest.Object(t, wire.MaxDepth-1)},
		&chunk.Notification{Message: encodetest.Raw(t, wire.MaxDepth-1)},
		&chunk.ToolResponse{Content: []mcpcontent.Block{&mcpcontent.Text{Meta: encodetest.Object(t, wire.MaxDepth-3)}}},
	} {
		out, err := chunk.EncodeJSON(nil, c)
		require.NoError(t, err, c.Type())
		_, err = chunk.DecodeJSON(out)
		require.NoError(t, err, c.Type())
	}
}
