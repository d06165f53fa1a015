package chunk

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Chunk is one chunk of an agentic loop: *AssistantReasoning,
// *AssistantTextContent, *AssistantImageContent, *AssistantAudioContent,
// *AssistantToolCall, *AssistantRefusal, *ToolResponse, *UserTextContent,
// *UserImageContent, *UserAudioContent, *UserResource, *UserResourceLink,
// *Usage or *Notification. No other type implements it.
type Chunk interface {
	// Type is the chunk's "type" string, which names its kind.
	Type() string
	// EncodeJSON appends the chunk's JSON, as the Rust SDK writes it, to
	// dst. It fails, leaving dst as it was, as [EncodeJSON] says.
	EncodeJSON(dst []byte) ([]byte, error)
	isChunk()
}

// The kinds, by the index of their type string in types: the order of the
// Rust enum's variants.
const (
	kindAssistantReasoning = iota
	kindAssistantTextContent
	kindAssistantImageContent
	kindAssistantAudioContent
	kindAssistantToolCall
	kindAssistantRefusal
	kindToolResponse
	kindUserTextContent
	kindUserImageContent
	kindUserAudioContent
	kindUserResource
	kindUserResourceLink
	kindUsage
	kindNotification
)

var types = []string{
	kindAssistantReasoning:    "assistant_reasoning",
	kindAssistantTextContent:  "assistant_text_content",
	kindAssistantImageContent: "assistant_image_content",
	kindAssistantAudioContent: "assistant_audio_content",
	kindAssistantToolCall:     "assistant_tool_call",
	kindAssistantRefusal:      "assistant_refusal",
	kindToolResponse:          "tool_response",
	kindUserTextContent:       "user_text_content",
	kindUserImageContent:      "user_image_content",
	kindUserAudioContent:      "user_audio_content",
	kindUserResource:          "user_resource",
	kindUserResourceLink:      "user_resource_link",
	kindUsage:                 "usage",
	kindNotification:          "notification",
}

// Types lists the fourteen "type" strings, in the order of the Rust enum's
// variants. The slice is a copy.
func Types() []string { return append([]string(nil), types...) }

// DecodeJSON reads src, one chunk's whole JSON document. It reads "type"
// first and then only that kind's members. The chunk may alias src (its
// _meta, a notification's message, a tool response's structuredContent). A
// failure is a *wire.JSONError: wire.NoVariantMatched for a well-formed
// document that is no chunk (its Want says why), the syntax error for one
// that is not JSON.
func DecodeJSON(src []byte) (Chunk, error) {
	d := serde.NewDecoder(src)
	c, err := read(&d)
	if err = codec.Ended(&d, err); err != nil {
		return nil, codec.JSON(refusal(src, err))
	}
	return c, nil
}

// ValidateJSON reports whether src is a chunk the Rust SDK would accept,
// failing as DecodeJSON does; what it reads is dropped. A relay checks an
// agent's chunk with it before framing the bytes unread.
func ValidateJSON(src []byte) error {
	_, err := DecodeJSON(src)
	return err
}

// refusal is the error for a chunk that failed to read with err. serde
// reads the whole document before it tries the kinds, so a document that
// is not JSON is refused for that, wherever the kind failed; any other
// failure is the untagged enum's one error, at the offset where the kind
// failed, saying why.
func refusal(src []byte, err error) error {
	d := serde.NewDecoder(src)
	if serr := d.Skip(true); serr != nil {
		return serr
	}
	if serr := d.End(); serr != nil {
		return serr
	}
	why, at := err.Error(), 0
	var se *serde.Error
	if errors.As(err, &se) {
		why, at = se.Reason.String(), se.Offset
		if se.Want != "" {
			why += " (" + se.Want + ")"
		}
	}
	return &serde.Error{Offset: at, Reason: serde.NoVariantMatched, Want: "AgenticLoopChunk: " + why}
}

// parented is a chunk T decoded together with the room for the string its
// parent_tool_call_id points to (see parentField); the decoder hands out
// &c.
type parented[T any] struct {
	c      T
	parent string
}

// read reads one chunk at d's cursor.
func read(d *serde.Decoder) (Chunk, error) {
	k, tv, err := d.BeginUnitTagged("type", types)
	if err != nil {
		return nil, err
	}
	switch k {
	case kindAssistantReasoning:
		c := &parented[assistantText]{}
		return (*AssistantReasoning)(&c.c), serde.ReadTaggedMembers(d, tv, &assistantTextStruct, c)
	case kindAssistantTextContent:
		c := &parented[assistantText]{}
		return (*AssistantTextContent)(&c.c), serde.ReadTaggedMembers(d, tv, &assistantTextStruct, c)
	case kindAssistantImageContent:
		c := &parented[AssistantImageContent]{}
		return &c.c, serde.ReadTaggedMembers(d, tv, &assistantImageStruct, c)
	case kindAssistantAudioContent:
		c := &parented[AssistantAudioContent]{}
		return &c.c, serde.ReadTaggedMembers(d, tv, &assistantAudioStruct, c)
	case kindAssistantToolCall:
		c := &parented[AssistantToolCall]{}
		return &c.c, serde.ReadTaggedMembers(d, tv, &toolCallStruct, c)
	case kindAssistantRefusal:
		c := &parented[assistantText]{}
		return (*AssistantRefusal)(&c.c), serde.ReadTaggedMembers(d, tv, &assistantTextStruct, c)
	case kindToolResponse:
		return readToolResponse(d, tv)
	case kindUserTextContent:
		c := &UserTextContent{}
		return c, serde.ReadTaggedMembers(d, tv, &userTextStruct, c)
	case kindUserImageContent:
		c := &UserImageContent{}
		return c, serde.ReadTaggedMembers(d, tv, &userImageStruct, c)
	case kindUserAudioContent:
		c := &UserAudioContent{}
		return c, serde.ReadTaggedMembers(d, tv, &userAudioStruct, c)
	case kindUserResource:
		c := &UserResource{}
		return c, serde.ReadTaggedMembers(d, tv, &userResourceStruct, c)
	case kindUserResourceLink:
		c := &UserResourceLink{}
		return c, serde.ReadTaggedMembers(d, tv, &userLinkStruct, c)
	case kindUsage:
		c := &Usage{}
		return c, serde.ReadTaggedMembers(d, tv, &usageStruct, c)
	default:
		c := &Notification{}
		return c, serde.ReadTaggedMembers(d, tv, &notificationStruct, c)
	}
}

// EncodeJSON appends c's JSON to dst: "type" first, then the kind's members
// in declaration order, absent ones left out. It fails, leaving dst as it
// was, with a *wire.EncodeError naming the member for a nil c or a nil
// content block (wire.ErrNil), a string that is not valid UTF-8
// (wire.ErrInvalidUTF8), a notification without its message
// (wire.ErrNoValue), a value the protocol does not have (wire.ErrUnknownValue:
// a tool response's result type other than "complete", a role, an icon
// theme) and a _meta or value that would nest too deep (wire.ErrTooDeep).
// No message quotes a value.
func EncodeJSON(dst []byte, c Chunk) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	return c.EncodeJSON(dst)
}

// nilChunk is the encode error for a nil chunk.
func nilChunk() error { return &wire.EncodeError{Err: wire.ErrNil} }

// head starts a chunk's JSON: the opening brace and its type.
func head(dst []byte, kind int) serde.Writer {
	w := serde.Writer(dst)
	w.Lit(`{"type":"`)
	w.Lit(types[kind])
	w.Byte('"')
	return w
}

// writeMeta writes an optional _meta member of the chunk: a zero Object is
// absent.
func writeMeta(w *serde.Writer, meta wire.Object) error {
	if meta.IsZero() {
		return nil
	}
	w.Lit(`,"_meta":`)
	if err := w.Object(serde.Object(meta), 1); err != nil {
		return codec.ErrorAt("_meta", err)
	}
	return nil
}

// writeOptString writes an optional string member: nil is absent.
func writeOptString(w *serde.Writer, lit, name string, s *string) error {
	if s == nil {
		return nil
	}
	return codec.WriteString(w, lit, name, *s)
}

// parentField is parent_tool_call_id, an optional string of the assistant
// chunks and the tool response, for a V that holds the pointer at at(v) and
// room for the string at room(v): null is nil, a string is kept in the room
// and pointed to, no allocation of its own.
func parentField[V any](at func(*V) **string, room func(*V) *string) serde.Field[V] {
	return serde.Field[V]{Name: "parent_tool_call_id", Optional: true, Default: true, Read: func(d *serde.Decoder, v *V) error {
		if null, err := d.Null(); null || err != nil {
			*at(v) = nil
			return err
		}
		s, err := d.ReadString()
		if err != nil {
			return err
		}
		r := room(v)
		*r = s
		*at(v) = r
		return nil
	}}
}

// keyField is key, the required string of the user chunks.
func keyField[T any](at func(*T) *string) serde.Field[T] {
	return serde.Field[T]{Name: "key", Read: func(d *serde.Decoder, v *T) (err error) {
		*at(v), err = d.ReadString()
		return err
	}}
}
