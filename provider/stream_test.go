package provider

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A stream hands its payloads over in order whatever the mix of pushes and
// reads, and one read as it comes queues without allocating.
func TestStreamOrder(t *testing.T) {
	for _, tc := range []struct {
		name  string
		burst int // pushes before each run of reads
		reads int // reads after each burst
	}{
		{"one at a time", 1, 1},
		{"backlog growing", 5, 3},
		{"backlog drained", 7, 7},
		{"backlog slid forward", 3, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStream(0)
			ctx := context.Background()
			pushed, read, peak := 0, 0, 0
			for range 50 {
				for range tc.burst {
					s.push([]byte(strconv.Itoa(pushed)))
					pushed++
				}
				peak = max(peak, pushed-read)
				for range tc.reads {
					p, err := s.recv(ctx)
					require.NoError(t, err)
					require.Equal(t, strconv.Itoa(read), string(p))
					read++
				}
			}
			for read < pushed {
				p, err := s.recv(ctx)
				require.NoError(t, err)
				require.Equal(t, strconv.Itoa(read), string(p))
				read++
			}
			// What was read is slid out before the array doubles: it
			// holds at most about four times the longest backlog.
			assert.LessOrEqual(t, cap(s.items), 4*peak+8)
		})
	}
	s := newStream(0)
	p := []byte("x")
	allocs := testing.AllocsPerRun(100, func() {
		s.push(p)
		_, _ = s.recv(context.Background())
	})
	assert.Zero(t, allocs, "a stream read as it comes")
}
