package codec

import "github.com/diverge-network/diverge-sdk-go/internal/serde"

// The readers and writers one family lends another for the values it
// nests. They take the JSON engine's cursor or a nesting level, so they
// cannot be exported; the owning package sets them in its init, which runs
// before any package that imports it (the way grpc-go's internal package
// gives its packages each other's unexported functions). They are set once
// and never changed.
var (
	// ReadBlock reads one MCP content block, a mcpcontent.Block, at d's
	// cursor. Set by mcpcontent, for the enqueue request's content.
	ReadBlock func(d *serde.Decoder) (any, error)
	// AppendBlock appends b, a mcpcontent.Block, as EncodeBlockJSON does,
	// for a block that level arrays and objects enclose. Set by mcpcontent.
	AppendBlock func(dst []byte, b any, level int) ([]byte, error)
	// ReadDeclaration reads a secrets declaration at d's cursor into decl,
	// a *secrets.Declaration. Set by secrets, for begin's Registered.
	ReadDeclaration func(d *serde.Decoder, decl any) error
)

// AppendBlocks appends blocks, a list of mcpcontent.Block, as a JSON array
// by AppendBlock, for an array that level arrays and objects enclose
// (counting the array itself). A block that does not encode fails at
// member[i], the path inside it appended; w may then hold part of what was
// written, and the caller returns its own dst.
func AppendBlocks[B any](w serde.Writer, member string, blocks []B, level int) (serde.Writer, error) {
	w.Byte('[')
	for i, b := range blocks {
		if i > 0 {
			w.Byte(',')
		}
		var err error
		if w, err = AppendBlock(w, b, level); err != nil {
			return w, ErrorAt(IndexMember(member, i), err)
		}
	}
	w.Byte(']')
	return w, nil
}
