package proxy

import (
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
)

// UserParts returns the chunks a message shows as on the begin's main
// stream: one per content block, in order, each carrying the message's
// key — text as user_text_content, image as user_image_content, audio as
// user_audio_content, an embedded resource as user_resource and a resource
// link as user_resource_link. A nil block, or one of a type this package
// does not know, gives no chunk.
func UserParts(req enqueue.Request) []chunk.Chunk {
	out := make([]chunk.Chunk, 0, len(req.Content))
	for _, b := range req.Content {
		switch b := b.(type) {
		case *mcpcontent.Text:
			if b != nil {
				out = append(out, &chunk.UserTextContent{Key: req.Key, Content: *b})
			}
		case *mcpcontent.Image:
			if b != nil {
				out = append(out, &chunk.UserImageContent{Key: req.Key, Content: *b})
			}
		case *mcpcontent.Audio:
			if b != nil {
				out = append(out, &chunk.UserAudioContent{Key: req.Key, Content: *b})
			}
		case *mcpcontent.EmbeddedResource:
			if b != nil {
				out = append(out, &chunk.UserResource{Key: req.Key, Content: *b})
			}
		case *mcpcontent.ResourceLink:
			if b != nil {
				out = append(out, &chunk.UserResourceLink{Key: req.Key, Content: *b})
			}
		}
	}
	return out
}
