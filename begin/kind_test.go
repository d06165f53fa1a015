package begin

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestVariantsArePointers checks that every variant of Response and
// ChannelRequest satisfies its interface only as a pointer, so a case on the
// value type does not compile.
func TestVariantsArePointers(t *testing.T) {
	respType := reflect.TypeFor[Response]()
	reqType := reflect.TypeFor[ChannelRequest]()
	for _, v := range []any{Begun{}, Error{}, Chunk{}, Active{}, Inactive{}} {
		typ := reflect.TypeOf(v)
		assert.False(t, typ.Implements(respType), "%s as a value", typ)
		assert.True(t, reflect.PointerTo(typ).Implements(respType), "*%s", typ)
	}
	for _, v := range []any{Postgres{}, Info{}, Enqueue{}, Dequeue{}, Secrets{}} {
		typ := reflect.TypeOf(v)
		assert.False(t, typ.Implements(reqType), "%s as a value", typ)
		assert.True(t, reflect.PointerTo(typ).Implements(reqType), "*%s", typ)
	}
}
