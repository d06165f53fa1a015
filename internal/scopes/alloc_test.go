package scopes

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/golden"

	"github.com/stretchr/testify/assert"
)

// bare reports whether a payload is a bare variant: one byte that its scope
// decodes with nothing after it (Info, Active and the answer fates).
func bare(scope string, payload []byte) bool {
	if len(payload) != 1 {
		return false
	}
	switch scope {
	case "begin.channel_request":
		return payload[0] == 1
	case "begin.response":
		return payload[0] == 3
	case "enqueue.response", "legacy.enqueue.response", "dequeue.response", "secrets.feed_response":
		return true
	}
	return false
}

// TestZeroAllocations: encoding any decoded frame into a buffer that has
// room allocates nothing, and neither does decoding a bare frame.
func TestZeroAllocations(t *testing.T) {
	for _, file := range golden.Files()[:2] {
		for _, v := range golden.Load(t, file) {
			if v.Expect != "ok" {
				continue
			}
			s, _ := Lookup(v.Scope)
			payload := golden.Unhex(t, v.Hex)
			ops, err := s.Ops(payload)
			if !assert.NoError(t, err, v.Name) {
				continue
			}
			ops.Encode(1) // the buffer grows to size once
			assert.Zero(t, testing.AllocsPerRun(20, func() { ops.Encode(1) }), "encode %s", v.Name)
			if bare(v.Scope, payload) {
				assert.Zero(t, testing.AllocsPerRun(20, func() { ops.Decode(1) }), "decode %s", v.Name)
			}
		}
	}
}
