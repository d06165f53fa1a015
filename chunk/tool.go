package chunk

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// AssistantToolCall is the model calling a tool, or a piece of that call
// ("assistant_tool_call"): {"type", "parent_tool_call_id"?, "id", "_meta"?,
// "name", "arguments"?}. Nothing is flattened, so the Rust side also
// accepts it as an array of those members in order.
type AssistantToolCall struct {
	ParentToolCallID *string // nil when absent
	// ID names the call; the chunks of one call share it.
	ID string
	// Meta is rmcp's request _meta, any object; the zero Object is absent.
	Meta wire.Object
	Name string
	// Arguments is a fragment of the call's arguments as JSON text: the
	// fragments of the chunks with one ID, concatenated, are the whole
	// text. It is a string, not parsed here. nil when absent.
	Arguments *string
}

// ToolResponse is what a tool answered ("tool_response"): {"type",
// "parent_tool_call_id"?, "id", then rmcp 3.1.4's CallToolResult:
// "resultType"?, "content", "structuredContent"?, "isError"?, "_meta"?}.
//
// Read, at least one of content, structuredContent, isError and _meta must
// be there and not null, and resultType, when there and not null, must be
// "complete". Written, content is always there ([] when empty).
type ToolResponse struct {
	ParentToolCallID *string // nil when absent
	// ID is the tool call's, as its AssistantToolCall chunks gave it.
	ID string
	// ResultType is "" (absent) or "complete", the one kind of result
	// rmcp 3.1.4 reads.
	ResultType string
	// Content is what the tool said; nil and empty are both written [].
	Content []mcpcontent.Block
	// StructuredContent is any JSON value; the zero Raw is absent.
	StructuredContent wire.Raw
	// IsError marks the answer as the tool's failure; nil when absent.
	IsError *bool
	Meta    wire.Object // the zero Object: absent
}

// ResultComplete is the one result type a tool response may carry.
const ResultComplete = "complete"

// errResultType is a resultType other than "complete"; errNoResult is a
// result with none of its members. Both refuse a tool response.
var (
	errResultType = errors.New(`resultType is not "complete"`)
	errNoResult   = errors.New("no content, structuredContent, isError or _meta")
)

var toolCallStruct = serde.Struct[parented[AssistantToolCall]]{Name: "AssistantToolCallChunk", Checked: true, Fields: []serde.Field[parented[AssistantToolCall]]{
	parentField(func(c *parented[AssistantToolCall]) **string { return &c.c.ParentToolCallID }, func(c *parented[AssistantToolCall]) *string { return &c.parent }),
	{Name: "id", Read: func(d *serde.Decoder, c *parented[AssistantToolCall]) (err error) {
		c.c.ID, err = d.ReadString()
		return err
	}},
	{Name: "_meta", Optional: true, Default: true, Read: func(d *serde.Decoder, c *parented[AssistantToolCall]) (err error) {
		c.c.Meta, err = codec.ReadMeta(d)
		return err
	}},
	{Name: "name", Read: func(d *serde.Decoder, c *parented[AssistantToolCall]) (err error) {
		c.c.Name, err = d.ReadString()
		return err
	}},
	{Name: "arguments", Optional: true, Default: true, Read: func(d *serde.Decoder, c *parented[AssistantToolCall]) (err error) {
		c.c.Arguments, err = d.OptString()
		return err
	}},
}}

// toolRead is a ToolResponse being read, with whether any member of the
// result was there and not null.
type toolRead struct {
	ToolResponse
	known  bool
	parent string // what ParentToolCallID points to (see parentField)
}

var toolResponseStruct = serde.Struct[toolRead]{Name: "ToolResponseChunk", Checked: true, MapOnly: true, Fields: []serde.Field[toolRead]{
	parentField(func(c *toolRead) **string { return &c.ParentToolCallID }, func(c *toolRead) *string { return &c.parent }),
	{Name: "id", Read: func(d *serde.Decoder, c *toolRead) (err error) { c.ID, err = d.ReadString(); return err }},
	{Name: "resultType", Optional: true, Read: func(d *serde.Decoder, c *toolRead) error {
		s, err := d.OptString()
		if err != nil || s == nil {
			return err
		}
		if *s != ResultComplete {
			return errResultType
		}
		c.ResultType = ResultComplete
		return nil
	}},
	{Name: "content", Optional: true, Read: func(d *serde.Decoder, c *toolRead) error {
		if null, err := d.Null(); null || err != nil {
			return err
		}
		c.known = true
		c.Content = []mcpcontent.Block{}
		return d.Array(func() error {
			b, err := mcpcontent.ReadBufferedBlock(d)
			if err != nil {
				return err
			}
			c.Content = serde.Append(c.Content, b)
			return nil
		})
	}},
	{Name: "structuredContent", Optional: true, Read: func(d *serde.Decoder, c *toolRead) error {
		if null, err := d.Null(); null || err != nil {
			return err
		}
		c.known = true
		v, err := d.Value()
		c.StructuredContent = wire.Raw(v)
		return err
	}},
	{Name: "isError", Optional: true, Read: func(d *serde.Decoder, c *toolRead) error {
		if null, err := d.Null(); null || err != nil {
			return err
		}
		c.known = true
		b, err := d.ReadBool()
		c.IsError = &b
		return err
	}},
	{Name: "_meta", Optional: true, Read: func(d *serde.Decoder, c *toolRead) (err error) {
		c.Meta, err = codec.ReadMeta(d)
		c.known = c.known || !c.Meta.IsZero()
		return err
	}},
}}

func readToolResponse(d *serde.Decoder, tv serde.TaggedValue) (Chunk, error) {
	r := &toolRead{}
	if err := serde.ReadTaggedMembers(d, tv, &toolResponseStruct, r); err != nil {
		return nil, err
	}
	if !r.known {
		return nil, errNoResult
	}
	return &r.ToolResponse, nil
}

func (*AssistantToolCall) isChunk() {}
func (*ToolResponse) isChunk()      {}

// Type is "assistant_tool_call".
func (*AssistantToolCall) Type() string { return types[kindAssistantToolCall] }

// Type is "tool_response".
func (*ToolResponse) Type() string { return types[kindToolResponse] }

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *AssistantToolCall) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	w := head(dst, kindAssistantToolCall)
	if err := writeOptString(&w, `,"parent_tool_call_id":`, "parent_tool_call_id", c.ParentToolCallID); err != nil {
		return dst, err
	}
	if err := codec.WriteString(&w, `,"id":`, "id", c.ID); err != nil {
		return dst, err
	}
	if err := writeMeta(&w, c.Meta); err != nil {
		return dst, err
	}
	if err := codec.WriteString(&w, `,"name":`, "name", c.Name); err != nil {
		return dst, err
	}
	if err := writeOptString(&w, `,"arguments":`, "arguments", c.Arguments); err != nil {
		return dst, err
	}
	w.Byte('}')
	return w, nil
}

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *ToolResponse) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	w := head(dst, kindToolResponse)
	if err := writeOptString(&w, `,"parent_tool_call_id":`, "parent_tool_call_id", c.ParentToolCallID); err != nil {
		return dst, err
	}
	if err := codec.WriteString(&w, `,"id":`, "id", c.ID); err != nil {
		return dst, err
	}
	switch c.ResultType {
	case "":
	case ResultComplete:
		w.Lit(`,"resultType":"complete"`)
	default:
		return dst, codec.ErrorAt("resultType", wire.ErrUnknownValue)
	}
	w.Lit(`,"content":`)
	var err error
	if w, err = codec.AppendBlocks(w, "content", c.Content, 2); err != nil {
		return dst, err
	}
	if !c.StructuredContent.IsZero() {
		w.Lit(`,"structuredContent":`)
		if err := w.Value(serde.Raw(c.StructuredContent), 1); err != nil {
			return dst, codec.ErrorAt("structuredContent", err)
		}
	}
	if c.IsError != nil {
		if *c.IsError {
			w.Lit(`,"isError":true`)
		} else {
			w.Lit(`,"isError":false`)
		}
	}
	if err := writeMeta(&w, c.Meta); err != nil {
		return dst, err
	}
	w.Byte('}')
	return w, nil
}
