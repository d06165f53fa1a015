package main

import (
	"strconv"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// decimals are log probabilities' texts of every shape: scales kept, the
// 28-digit edge, integers, scientific input.
var decimals = []string{"0", "-0.25", "-0.2500", "-5.92", "-0.000012", "1e-3", "-0.1234567890123456789012345678", "79228162514264337593543950335", "-3", "0.0"}

// chunkValue is a chunk of any kind and, when a block's priority would be
// re-read differently (NaN written null), the chunk Rust re-encodes; every
// member may be planted bad at the path the encoder names.
func (g *gen) chunkValue() (chunk.Chunk, chunk.Chunk) {
	switch g.intn(8) {
	case 0:
		u := &chunk.Usage{CompletionTokens: g.rng.Uint64(), PromptTokens: uint64(g.intn(1000)), TotalTokens: g.rng.Uint64()}
		if g.chance(300) {
			u.Meta = g.object("_meta", 1)
		}
		if g.plant("", errNil) {
			return (*chunk.Usage)(nil), nil
		}
		return u, nil
	case 1:
		n := &chunk.Notification{IsFatal: g.intn(2) == 0, Message: g.raw("message", 1)}
		if g.plant("message", errNoValue) {
			n.Message = wire.Raw{}
		}
		if g.chance(200) {
			n.Meta = g.object("_meta", 1)
		}
		return n, nil
	case 2:
		c := &chunk.AssistantToolCall{ParentToolCallID: g.optStr("parent_tool_call_id"), ID: g.str("id"), Name: g.str("name"), Arguments: g.optStr("arguments")}
		if g.chance(300) {
			c.Meta = g.object("_meta", 1)
		}
		return c, nil
	case 3:
		return g.toolResponse()
	}
	return g.flatChunk()
}

func (g *gen) toolResponse() (chunk.Chunk, chunk.Chunk) {
	r := &chunk.ToolResponse{ParentToolCallID: g.optStr("parent_tool_call_id"), ID: g.str("id")}
	if g.chance(500) {
		r.ResultType = chunk.ResultComplete
	}
	if g.plant("resultType", errUnknownValue) {
		r.ResultType = "input_required"
	}
	var fixed []mcpcontent.Block
	if g.chance(700) {
		r.Content = []mcpcontent.Block{}
		for i := range g.intn(4) {
			b, f := g.block(codec.IndexMember("content", i), 2)
			r.Content = append(r.Content, b)
			if f != nil && fixed == nil {
				fixed = append([]mcpcontent.Block{}, r.Content[:i]...)
			}
			if fixed != nil {
				if f == nil {
					f = b
				}
				fixed = append(fixed, f)
			}
		}
	}
	if g.chance(300) {
		r.StructuredContent = g.raw("structuredContent", 1)
	}
	if g.chance(300) {
		r.IsError = new(bool)
		*r.IsError = g.intn(2) == 0
	}
	if g.chance(300) {
		r.Meta = g.object("_meta", 1)
	}
	if fixed == nil {
		return r, nil
	}
	c := *r
	c.Content = fixed
	return r, &c
}

// flatChunk is a chunk that flattens a block: the block's kind picks the
// chunk's. A block planted nil, which a chunk cannot hold, becomes a nil
// chunk of that kind (the same refusal, at the same place).
func (g *gen) flatChunk() (chunk.Chunk, chunk.Chunk) {
	b, fixed := g.block("", 0)
	// Resources and links come only as user chunks.
	user := g.intn(2) == 0
	switch b.(type) {
	case *mcpcontent.ResourceLink, *mcpcontent.EmbeddedResource:
		user = true
	}
	var key string
	var parent *string
	if user {
		key = g.str("key")
	} else {
		parent = g.optStr("parent_tool_call_id")
	}
	wrap := func(b mcpcontent.Block) chunk.Chunk {
		switch b := b.(type) {
		case *mcpcontent.Text:
			if b == nil {
				return (*chunk.AssistantTextContent)(nil)
			}
			if user {
				return &chunk.UserTextContent{Key: key, Content: *b}
			}
			lp := g.logprobs()
			switch g.intn(3) {
			case 0:
				return &chunk.AssistantReasoning{ParentToolCallID: parent, Logprobs: lp, Content: *b}
			case 1:
				return &chunk.AssistantRefusal{ParentToolCallID: parent, Logprobs: lp, Content: *b}
			}
			return &chunk.AssistantTextContent{ParentToolCallID: parent, Logprobs: lp, Content: *b}
		case *mcpcontent.Image:
			if b == nil {
				return (*chunk.UserImageContent)(nil)
			}
			if user {
				return &chunk.UserImageContent{Key: key, Content: *b}
			}
			return &chunk.AssistantImageContent{ParentToolCallID: parent, Content: *b}
		case *mcpcontent.Audio:
			if user {
				return &chunk.UserAudioContent{Key: key, Content: *b}
			}
			return &chunk.AssistantAudioContent{ParentToolCallID: parent, Content: *b}
		case *mcpcontent.ResourceLink:
			return &chunk.UserResourceLink{Key: key, Content: *b}
		case *mcpcontent.EmbeddedResource:
			if b == nil {
				return (*chunk.UserResource)(nil)
			}
			return &chunk.UserResource{Key: key, Content: *b}
		}
		return (*chunk.Notification)(nil) // a nil block
	}
	c := wrap(b)
	if fixed == nil {
		return c, nil
	}
	// The same chunk around the block Rust reads back: rebuild it with the
	// same choices (the generator's state is not replayed, so copy).
	switch c := c.(type) {
	case *chunk.AssistantReasoning:
		f := *c
		f.Content = *fixed.(*mcpcontent.Text)
		return c, &f
	case *chunk.AssistantRefusal:
		f := *c
		f.Content = *fixed.(*mcpcontent.Text)
		return c, &f
	case *chunk.AssistantTextContent:
		f := *c
		f.Content = *fixed.(*mcpcontent.Text)
		return c, &f
	case *chunk.UserTextContent:
		f := *c
		f.Content = *fixed.(*mcpcontent.Text)
		return c, &f
	case *chunk.AssistantImageContent:
		f := *c
		f.Content = *fixed.(*mcpcontent.Image)
		return c, &f
	case *chunk.UserImageContent:
		f := *c
		f.Content = *fixed.(*mcpcontent.Image)
		return c, &f
	case *chunk.AssistantAudioContent:
		f := *c
		f.Content = *fixed.(*mcpcontent.Audio)
		return c, &f
	case *chunk.UserAudioContent:
		f := *c
		f.Content = *fixed.(*mcpcontent.Audio)
		return c, &f
	case *chunk.UserResourceLink:
		f := *c
		f.Content = *fixed.(*mcpcontent.ResourceLink)
		return c, &f
	case *chunk.UserResource:
		f := *c
		f.Content = *fixed.(*mcpcontent.EmbeddedResource)
		return c, &f
	}
	return c, nil
}

// logprobs is an optional list of log probabilities.
func (g *gen) logprobs() []chunk.Logprob {
	if !g.chance(300) {
		return nil
	}
	dec := func() chunk.Decimal {
		s := decimals[g.intn(len(decimals))]
		if g.chance(300) {
			s = "-" + strconv.Itoa(g.intn(100000)) + "." + strconv.Itoa(g.intn(1000))
		}
		d, err := chunk.ParseDecimal(s)
		must(err)
		return d
	}
	out := []chunk.Logprob{}
	for i := range g.intn(3) {
		at := codec.IndexMember("logprobs", i)
		l := chunk.Logprob{Token: g.str(codec.JoinMember(at, "token")), Logprob: dec()}
		if g.chance(500) {
			l.Bytes = []byte(l.Token)
		}
		for j := range g.intn(3) {
			t := chunk.TopLogprob{Token: g.str(codec.JoinMember(at, codec.IndexMember("top_logprobs", j)) + ".token")}
			if g.chance(500) {
				d := dec()
				t.Logprob = &d
			}
			if g.chance(300) {
				t.Bytes = []byte{}
			}
			l.TopLogprobs = append(l.TopLogprobs, t)
		}
		out = append(out, l)
	}
	return out
}
