package chunk

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
)

// AssistantReasoning is a piece of the model's reasoning, as text
// ("assistant_reasoning"): {"type", "parent_tool_call_id"?, "logprobs"?,
// then the Text's "text", "_meta"?, "annotations"?}.
type AssistantReasoning struct {
	// ParentToolCallID is the id of a tool call the agent's server ties
	// this chunk to; nil when absent.
	ParentToolCallID *string
	// Logprobs are the tokens' log probabilities; nil when absent, and an
	// empty non-nil list is written [].
	Logprobs []Logprob
	Content  mcpcontent.Text
}

// AssistantTextContent is a piece of the model's answer, as text
// ("assistant_text_content"); its members are AssistantReasoning's.
type AssistantTextContent struct {
	ParentToolCallID *string // nil when absent
	Logprobs         []Logprob
	Content          mcpcontent.Text
}

// AssistantRefusal is the model declining, as text ("assistant_refusal");
// its members are AssistantReasoning's (the Rust attributes are inferred
// from its siblings).
type AssistantRefusal struct {
	ParentToolCallID *string // nil when absent
	Logprobs         []Logprob
	Content          mcpcontent.Text
}

// AssistantImageContent is an image the model produced
// ("assistant_image_content"): {"type", "parent_tool_call_id"?, then the
// Image's "data", "mimeType", "_meta"?, "annotations"?}.
type AssistantImageContent struct {
	ParentToolCallID *string // nil when absent
	Content          mcpcontent.Image
}

// AssistantAudioContent is a sound the model produced
// ("assistant_audio_content"); its members are AssistantImageContent's,
// with an Audio.
type AssistantAudioContent struct {
	ParentToolCallID *string // nil when absent
	Content          mcpcontent.Audio
}

// assistantText is the shape the three text chunks share.
type assistantText struct {
	ParentToolCallID *string
	Logprobs         []Logprob
	Content          mcpcontent.Text
}

var (
	assistantTextStruct = serde.Struct[parented[assistantText]]{Name: "AssistantTextChunk", Checked: true, MapOnly: true,
		Fields: append([]serde.Field[parented[assistantText]]{
			parentField(func(c *parented[assistantText]) **string { return &c.c.ParentToolCallID }, func(c *parented[assistantText]) *string { return &c.parent }),
			{Name: "logprobs", Optional: true, Default: true, Read: func(d *serde.Decoder, c *parented[assistantText]) (err error) {
				c.c.Logprobs, err = readLogprobs(d)
				return err
			}},
		}, mcpcontent.TextFields(func(c *parented[assistantText]) *mcpcontent.Text { return &c.c.Content })...)}
	assistantImageStruct = serde.Struct[parented[AssistantImageContent]]{Name: "AssistantImageContentChunk", Checked: true, MapOnly: true,
		Fields: append([]serde.Field[parented[AssistantImageContent]]{
			parentField(func(c *parented[AssistantImageContent]) **string { return &c.c.ParentToolCallID }, func(c *parented[AssistantImageContent]) *string { return &c.parent }),
		}, mcpcontent.ImageFields(func(c *parented[AssistantImageContent]) *mcpcontent.Image { return &c.c.Content })...)}
	assistantAudioStruct = serde.Struct[parented[AssistantAudioContent]]{Name: "AssistantAudioContentChunk", Checked: true, MapOnly: true,
		Fields: append([]serde.Field[parented[AssistantAudioContent]]{
			parentField(func(c *parented[AssistantAudioContent]) **string { return &c.c.ParentToolCallID }, func(c *parented[AssistantAudioContent]) *string { return &c.parent }),
		}, mcpcontent.AudioFields(func(c *parented[AssistantAudioContent]) *mcpcontent.Audio { return &c.c.Content })...)}
)

func (*AssistantReasoning) isChunk()    {}
func (*AssistantTextContent) isChunk()  {}
func (*AssistantRefusal) isChunk()      {}
func (*AssistantImageContent) isChunk() {}
func (*AssistantAudioContent) isChunk() {}

// Type is "assistant_reasoning".
func (*AssistantReasoning) Type() string { return types[kindAssistantReasoning] }

// Type is "assistant_text_content".
func (*AssistantTextContent) Type() string { return types[kindAssistantTextContent] }

// Type is "assistant_refusal".
func (*AssistantRefusal) Type() string { return types[kindAssistantRefusal] }

// Type is "assistant_image_content".
func (*AssistantImageContent) Type() string { return types[kindAssistantImageContent] }

// Type is "assistant_audio_content".
func (*AssistantAudioContent) Type() string { return types[kindAssistantAudioContent] }

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *AssistantReasoning) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	return (*assistantText)(c).append(dst, kindAssistantReasoning)
}

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *AssistantTextContent) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	return (*assistantText)(c).append(dst, kindAssistantTextContent)
}

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *AssistantRefusal) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	return (*assistantText)(c).append(dst, kindAssistantRefusal)
}

func (c *assistantText) append(dst []byte, kind int) ([]byte, error) {
	w := head(dst, kind)
	if err := writeOptString(&w, `,"parent_tool_call_id":`, "parent_tool_call_id", c.ParentToolCallID); err != nil {
		return dst, err
	}
	if c.Logprobs != nil {
		w.Lit(`,"logprobs":`)
		var err error
		if w, err = appendLogprobs(w, c.Logprobs); err != nil {
			return dst, codec.ErrorAt("logprobs", err)
		}
	}
	return flattened(dst, w, &c.Content)
}

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *AssistantImageContent) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	w := head(dst, kindAssistantImageContent)
	if err := writeOptString(&w, `,"parent_tool_call_id":`, "parent_tool_call_id", c.ParentToolCallID); err != nil {
		return dst, err
	}
	return flattened(dst, w, &c.Content)
}

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *AssistantAudioContent) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	w := head(dst, kindAssistantAudioContent)
	if err := writeOptString(&w, `,"parent_tool_call_id":`, "parent_tool_call_id", c.ParentToolCallID); err != nil {
		return dst, err
	}
	return flattened(dst, w, &c.Content)
}

// flattened ends a chunk whose own members w holds with b's members; on
// failure it gives back dst, where the chunk began.
func flattened(dst []byte, w serde.Writer, b mcpcontent.Block) ([]byte, error) {
	out, err := mcpcontent.AppendFlattened(w, b, 0)
	if err != nil {
		return dst, err
	}
	return out, nil
}
