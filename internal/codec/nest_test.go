package codec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// AppendBlocks writes through the hook mcpcontent sets, imported here.
func TestAppendBlocks(t *testing.T) {
	tests := []struct {
		name   string
		blocks []mcpcontent.Block
		want   string
		member string // of a failure
	}{
		{"none", nil, `[]`, ""},
		{"two", []mcpcontent.Block{&mcpcontent.Text{Text: "a"}, &mcpcontent.Text{Text: "b"}},
			`[{"type":"text","text":"a"},{"type":"text","text":"b"}]`, ""},
		{"nil second", []mcpcontent.Block{&mcpcontent.Text{Text: "a"}, nil}, "", "content[1]"},
		{"bad UTF-8", []mcpcontent.Block{&mcpcontent.Text{Text: "\xff"}}, "", "content[0].text"},
	}
	for _, tt := range tests {
		w, err := codec.AppendBlocks(serde.Writer("x"), "content", tt.blocks, 2)
		if tt.member == "" {
			require.NoError(t, err, tt.name)
			assert.Equal(t, "x"+tt.want, string(w), tt.name)
			continue
		}
		var ee *wire.EncodeError
		require.ErrorAs(t, err, &ee, tt.name)
		assert.Equal(t, tt.member, ee.Member, tt.name)
	}
}
