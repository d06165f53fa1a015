package chunk_test

import (
	"bytes"
	"errors"
	"regexp"
	"testing"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// floatRE matches a float as serde_json writes one, and an f32 priority
// past range, written null, which reads back absent.
var floatRE = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?|,"priority":null|"priority":null,?`)

// floatless is b with every float replaced by F and a null priority
// dropped: serde_json's decimal-to-f64 parsing is not exact, so a float it
// wrote may read back one ulp away and be written differently (as Rust's
// own round trip does); nothing else may change.
func floatless(b []byte) []byte {
	return floatRE.ReplaceAllFunc(b, func(m []byte) []byte {
		if bytes.Contains(m, []byte("priority")) {
			return nil
		}
		if bytes.ContainsAny(m, ".e") {
			return []byte("F")
		}
		return m
	})
}

// seeds are one chunk of every kind, built in Go: the fuzzer starts from
// their encodings, and from every begin.chunk vector.
func seeds(f *testing.F) []chunk.Chunk {
	lp, err := chunk.ParseDecimal("-0.25")
	if err != nil {
		f.Fatal(err)
	}
	var meta wire.Object
	err = meta.DecodeJSON([]byte(`{"seq":1}`))
	if err != nil {
		f.Fatal(err)
	}
	var msg wire.Raw
	err = msg.DecodeJSON([]byte(`{"kind":"program","error":"x"}`))
	if err != nil {
		f.Fatal(err)
	}
	text := mcpcontent.Text{Text: "hi", Meta: meta, Annotations: &mcpcontent.Annotations{Audience: []mcpcontent.Role{mcpcontent.RoleUser}}}
	logprobs := []chunk.Logprob{{Token: "hi", Bytes: []byte("hi"), Logprob: lp, TopLogprobs: []chunk.TopLogprob{{Token: "ho", Logprob: &lp}}}}
	return []chunk.Chunk{
		&chunk.AssistantReasoning{ParentToolCallID: ptr("p"), Logprobs: logprobs, Content: text},
		&chunk.AssistantTextContent{Logprobs: logprobs, Content: text},
		&chunk.AssistantImageContent{Content: mcpcontent.Image{Data: "AA==", MIMEType: "image/png"}},
		&chunk.AssistantAudioContent{Content: mcpcontent.Audio{Data: "AA==", MIMEType: "audio/wav"}},
		&chunk.AssistantToolCall{ID: "c", Meta: meta, Name: "ls", Arguments: ptr("{}")},
		&chunk.AssistantRefusal{Content: text},
		&chunk.ToolResponse{ID: "c", ResultType: chunk.ResultComplete, Content: []mcpcontent.Block{&text}, StructuredContent: msg, IsError: ptr(true)},
		&chunk.UserTextContent{Key: "k", Content: text},
		&chunk.UserImageContent{Key: "k", Content: mcpcontent.Image{Data: "AA==", MIMEType: "image/png"}},
		&chunk.UserAudioContent{Key: "k", Content: mcpcontent.Audio{Data: "AA==", MIMEType: "audio/wav"}},
		&chunk.UserResource{Key: "k", Content: mcpcontent.EmbeddedResource{Resource: &mcpcontent.TextResourceContents{URI: "u", Text: "t"}}},
		&chunk.UserResourceLink{Key: "k", Content: mcpcontent.ResourceLink{URI: "u", Name: "n", Icons: []mcpcontent.Icon{{Src: "s"}}}},
		&chunk.Usage{CompletionTokens: 1, PromptTokens: 2, TotalTokens: 3, Meta: meta},
		&chunk.Notification{IsFatal: true, Message: msg},
	}
}

// FuzzChunk: any input is decoded or refused with a *wire.JSONError, never
// a panic; what decodes encodes, that encoding decodes to a chunk of the
// same kind that encodes to the same bytes, and a canonical input (one that
// encodes back to itself) stays so.
func FuzzChunk(f *testing.F) {
	kinds := map[string]bool{}
	for _, c := range seeds(f) {
		b, err := chunk.EncodeJSON(nil, c)
		if err != nil {
			f.Fatal(err)
		}
		kinds[c.Type()] = true
		f.Add(b)
	}
	if len(kinds) != len(chunk.Types()) {
		f.Fatalf("seeds cover %d kinds of %d", len(kinds), len(chunk.Types()))
	}
	for _, v := range golden.Of(f, "begin.chunk") {
		f.Add(v.Payload(f))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		c, err := chunk.DecodeJSON(src)
		if err != nil {
			var je *wire.JSONError
			if !errors.As(err, &je) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		once, err := chunk.EncodeJSON(nil, c)
		if err != nil {
			t.Fatalf("a decoded chunk does not encode: %v", err)
		}
		c2, err := chunk.DecodeJSON(once)
		if err != nil {
			t.Fatalf("own encoding %q does not decode: %v", once, err)
		}
		if c2.Type() != c.Type() {
			t.Fatalf("kind changed: %s then %s", c.Type(), c2.Type())
		}
		twice, err := chunk.EncodeJSON(nil, c2)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(once, twice) && !bytes.Equal(floatless(once), floatless(twice)) {
			t.Fatalf("decode → encode → decode changed the chunk:\n%s\n%s", once, twice)
		}
	})
}
