package mcpcontent

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBlocksArePointers checks that every Block and ResourceContents
// variant satisfies its interface only as a pointer, so a case on the value
// type does not compile.
func TestBlocksArePointers(t *testing.T) {
	blockType := reflect.TypeFor[Block]()
	for _, v := range []any{Text{}, Image{}, Audio{}, ResourceLink{}, EmbeddedResource{}} {
		typ := reflect.TypeOf(v)
		assert.False(t, typ.Implements(blockType), "%s as a value", typ)
		assert.True(t, reflect.PointerTo(typ).Implements(blockType), "*%s", typ)
	}
	rcType := reflect.TypeFor[ResourceContents]()
	for _, v := range []any{TextResourceContents{}, BlobResourceContents{}} {
		typ := reflect.TypeOf(v)
		assert.False(t, typ.Implements(rcType), "%s as a value", typ)
		assert.True(t, reflect.PointerTo(typ).Implements(rcType), "*%s", typ)
	}
}
