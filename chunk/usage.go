package chunk

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Usage is what a model call cost in tokens ("usage"): {"type",
// "completion_tokens", "prompt_tokens", "total_tokens", "_meta"?}. The
// counts are required unsigned 64-bit integers (no sign, fraction or
// exponent). The Rust side also accepts it as an array of those members in
// order.
type Usage struct {
	CompletionTokens uint64
	PromptTokens     uint64
	TotalTokens      uint64
	Meta             wire.Object // the zero Object: absent
}

var usageStruct = serde.Struct[Usage]{Name: "UsageChunk", Checked: true, Fields: []serde.Field[Usage]{
	{Name: "completion_tokens", Read: func(d *serde.Decoder, u *Usage) (err error) { u.CompletionTokens, err = d.ReadU64(); return err }},
	{Name: "prompt_tokens", Read: func(d *serde.Decoder, u *Usage) (err error) { u.PromptTokens, err = d.ReadU64(); return err }},
	{Name: "total_tokens", Read: func(d *serde.Decoder, u *Usage) (err error) { u.TotalTokens, err = d.ReadU64(); return err }},
	{Name: "_meta", Optional: true, Default: true, Read: func(d *serde.Decoder, u *Usage) (err error) { u.Meta, err = codec.ReadMeta(d); return err }},
}}

func (*Usage) isChunk() {}

// Type is "usage".
func (*Usage) Type() string { return types[kindUsage] }

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (u *Usage) EncodeJSON(dst []byte) ([]byte, error) {
	if u == nil {
		return dst, nilChunk()
	}
	w := head(dst, kindUsage)
	w.Lit(`,"completion_tokens":`)
	w.U64(u.CompletionTokens)
	w.Lit(`,"prompt_tokens":`)
	w.U64(u.PromptTokens)
	w.Lit(`,"total_tokens":`)
	w.U64(u.TotalTokens)
	if err := writeMeta(&w, u.Meta); err != nil {
		return dst, err
	}
	w.Byte('}')
	return w, nil
}
