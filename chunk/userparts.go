package chunk

import (
	"errors"

	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// ErrNoContent is UserParts' error for a message with no content block: a
// container refuses such a message, so no loop ever shows it.
var ErrNoContent = errors.New("chunk: a message with no content block has no user parts")

// UserParts is what a loop shows of one message it took, at its start or at
// a seam: one user chunk per content block, in the blocks' order, each
// carrying key. A text block becomes a *UserTextContent, an image a
// *UserImageContent, audio a *UserAudioContent, an embedded resource a
// *UserResource and a resource link a *UserResourceLink, with the block's
// members flattened into the chunk unchanged.
//
// Each chunk holds a copy of its block's struct; the copy shares the
// block's _meta, annotations, icons and resource contents, so a caller that
// changes those afterwards changes both. Nothing is checked that encoding
// checks (a key or text that is not UTF-8 fails at EncodeJSON).
//
// It fails with ErrNoContent for an empty content, and with a
// *wire.EncodeError at "content[i]" (wire.ErrNil) for a nil block, or at "content[i].resource" for an embedded
// resource with nil contents.
func UserParts(key string, content []mcpcontent.Block) ([]Chunk, error) {
	if len(content) == 0 {
		return nil, ErrNoContent
	}
	parts := make([]Chunk, len(content))
	for i, b := range content {
		c, err := userPart(key, b)
		if err != nil {
			return nil, codec.ErrorAt(codec.IndexMember("content", i), err)
		}
		parts[i] = c
	}
	return parts, nil
}

// userPart is the user chunk of one block.
func userPart(key string, b mcpcontent.Block) (Chunk, error) {
	switch v := b.(type) {
	case *mcpcontent.Text:
		if v != nil {
			return &UserTextContent{Key: key, Content: *v}, nil
		}
	case *mcpcontent.Image:
		if v != nil {
			return &UserImageContent{Key: key, Content: *v}, nil
		}
	case *mcpcontent.Audio:
		if v != nil {
			return &UserAudioContent{Key: key, Content: *v}, nil
		}
	case *mcpcontent.EmbeddedResource:
		if v != nil {
			if nilContents(v.Resource) {
				return nil, codec.ErrorAt("resource", nilBlockErr())
			}
			return &UserResource{Key: key, Content: *v}, nil
		}
	case *mcpcontent.ResourceLink:
		if v != nil {
			return &UserResourceLink{Key: key, Content: *v}, nil
		}
	}
	return nil, nilBlockErr()
}

// nilContents reports nil resource contents, a nil interface or a nil
// pointer of either kind.
func nilContents(r mcpcontent.ResourceContents) bool {
	switch v := r.(type) {
	case *mcpcontent.TextResourceContents:
		return v == nil
	case *mcpcontent.BlobResourceContents:
		return v == nil
	}
	return true
}

func nilBlockErr() error { return &wire.EncodeError{Err: wire.ErrNil} }
