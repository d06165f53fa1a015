package chunk

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
)

// The user chunks are the parts of the message(s) a loop took, one chunk per
// content block, each carrying the message's key: {"type", "key", then the
// block's members after its own "type"}.

// UserTextContent is a text block of a message ("user_text_content").
type UserTextContent struct {
	// Key is the enqueued message's key.
	Key     string
	Content mcpcontent.Text
}

// UserImageContent is an image block of a message ("user_image_content").
type UserImageContent struct {
	Key     string
	Content mcpcontent.Image
}

// UserAudioContent is an audio block of a message ("user_audio_content").
type UserAudioContent struct {
	Key     string
	Content mcpcontent.Audio
}

// UserResource is an embedded resource of a message ("user_resource").
type UserResource struct {
	Key     string
	Content mcpcontent.EmbeddedResource
}

// UserResourceLink is a resource link of a message ("user_resource_link").
type UserResourceLink struct {
	Key     string
	Content mcpcontent.ResourceLink
}

var (
	userTextStruct = serde.Struct[UserTextContent]{Name: "UserTextContentChunk", Checked: true, MapOnly: true,
		Fields: append([]serde.Field[UserTextContent]{keyField(func(c *UserTextContent) *string { return &c.Key })},
			mcpcontent.TextFields(func(c *UserTextContent) *mcpcontent.Text { return &c.Content })...)}
	userImageStruct = serde.Struct[UserImageContent]{Name: "UserImageContentChunk", Checked: true, MapOnly: true,
		Fields: append([]serde.Field[UserImageContent]{keyField(func(c *UserImageContent) *string { return &c.Key })},
			mcpcontent.ImageFields(func(c *UserImageContent) *mcpcontent.Image { return &c.Content })...)}
	userAudioStruct = serde.Struct[UserAudioContent]{Name: "UserAudioContentChunk", Checked: true, MapOnly: true,
		Fields: append([]serde.Field[UserAudioContent]{keyField(func(c *UserAudioContent) *string { return &c.Key })},
			mcpcontent.AudioFields(func(c *UserAudioContent) *mcpcontent.Audio { return &c.Content })...)}
	userResourceStruct = serde.Struct[UserResource]{Name: "UserResourceChunk", Checked: true, MapOnly: true,
		Fields: append([]serde.Field[UserResource]{keyField(func(c *UserResource) *string { return &c.Key })},
			mcpcontent.EmbeddedFields(func(c *UserResource) *mcpcontent.EmbeddedResource { return &c.Content })...)}
	userLinkStruct = serde.Struct[UserResourceLink]{Name: "UserResourceLinkChunk", Checked: true, MapOnly: true,
		Fields: append([]serde.Field[UserResourceLink]{keyField(func(c *UserResourceLink) *string { return &c.Key })},
			mcpcontent.LinkFields(func(c *UserResourceLink) *mcpcontent.ResourceLink { return &c.Content })...)}
)

func (*UserTextContent) isChunk()  {}
func (*UserImageContent) isChunk() {}
func (*UserAudioContent) isChunk() {}
func (*UserResource) isChunk()     {}
func (*UserResourceLink) isChunk() {}

// Type is "user_text_content".
func (*UserTextContent) Type() string { return types[kindUserTextContent] }

// Type is "user_image_content".
func (*UserImageContent) Type() string { return types[kindUserImageContent] }

// Type is "user_audio_content".
func (*UserAudioContent) Type() string { return types[kindUserAudioContent] }

// Type is "user_resource".
func (*UserResource) Type() string { return types[kindUserResource] }

// Type is "user_resource_link".
func (*UserResourceLink) Type() string { return types[kindUserResourceLink] }

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *UserTextContent) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	return appendUser(dst, kindUserTextContent, c.Key, &c.Content)
}

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *UserImageContent) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	return appendUser(dst, kindUserImageContent, c.Key, &c.Content)
}

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *UserAudioContent) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	return appendUser(dst, kindUserAudioContent, c.Key, &c.Content)
}

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *UserResource) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	return appendUser(dst, kindUserResource, c.Key, &c.Content)
}

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (c *UserResourceLink) EncodeJSON(dst []byte) ([]byte, error) {
	if c == nil {
		return dst, nilChunk()
	}
	return appendUser(dst, kindUserResourceLink, c.Key, &c.Content)
}

// appendUser writes a user chunk: its type, its key, then b's members.
func appendUser(dst []byte, kind int, key string, b mcpcontent.Block) ([]byte, error) {
	w := head(dst, kind)
	if err := codec.WriteString(&w, `,"key":`, "key", key); err != nil {
		return dst, err
	}
	return flattened(dst, w, b)
}
