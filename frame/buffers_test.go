package frame

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteBuffer: a Conn assembles each frame in one buffer, reused from
// write to write, and drops one grown past keepWriteBuf after its write.
func TestWriteBuffer(t *testing.T) {
	conn, peer := connect(t, "pipe", RoleClient)
	t.Cleanup(peer.close)
	h := Header{Type: TypeRequest, Scope: 1}
	for _, tc := range []struct {
		name    string
		payload int
		kept    bool
	}{
		{"small", 10, true},
		{"at the bound", keepWriteBuf - HeaderLen, true},
		{"past the bound", keepWriteBuf + 1, false},
		{"small again", 10, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, conn.WriteFrame(tctx(t), h, make([]byte, tc.payload)))
			assert.Len(t, peer.recv(t), HeaderLen+tc.payload)
			assert.Equal(t, tc.kept, conn.wbuf != nil, "buffer kept")
			assert.LessOrEqual(t, cap(conn.wbuf), keepWriteBuf)
		})
	}
}

// discard is a transport whose writes go nowhere, for counting what a
// write costs the Conn itself.
type discard struct{ failWrite }

func (*discard) write(context.Context, []byte) error { return nil }

// TestWriteAllocs: a frame written by a Conn, whose transport allocates
// nothing, allocates nothing, with a context that cannot end or with one
// that can and is shared by the writes.
func TestWriteAllocs(t *testing.T) {
	conn := newConn(&discard{failWrite{closed: make(chan struct{})}}, RoleServer)
	t.Cleanup(func() { _ = conn.Close() })
	shared, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	payload := make([]byte, 100)
	for _, tc := range []struct {
		name string
		ctx  context.Context
	}{{"background", context.Background()}, {"shared, can end", shared}} {
		t.Run(tc.name, func(t *testing.T) {
			allocs := testing.AllocsPerRun(100, func() {
				if err := conn.WriteFrame(tc.ctx, Header{Type: TypeResponse, Scope: 1}, payload); err != nil {
					t.Fatal(err)
				}
			})
			assert.Zero(t, allocs)
		})
	}
}
