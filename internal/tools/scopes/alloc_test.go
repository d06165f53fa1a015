package scopes

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
			s, ok := Lookup(v.Scope)
			if !assert.True(t, ok, "%s: no scope %s", v.Name, v.Scope) {
				continue
			}
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

// TestDecodeIntoLocal: a value a caller decodes into stays where the caller
// put it, and the decoder with it: what a small frame's decode allocates is
// what it keeps (the strings, short ones sharing a block), nothing more. Called from this package, as a
// user calls them, where the compiler may inline the methods.
func TestDecodeIntoLocal(t *testing.T) {
	var (
		p0 = []byte(`{"key":"k1"}`)
		p1 = []byte(`{"prompt":"prompt"}`)
		p2 = []byte(`{"message":"message"}`)
		p3 = []byte("\x02" + `{"message":"message"}`)
		p4 = []byte(`{"key":"k1","content":[{"type":"text","text":"hi"}]}`)
		p5 = []byte(`{}`)
	)
	tests := []struct {
		name   string
		want   float64
		decode func() error
	}{
		{"dequeue.Request", 1, func() error { var r dequeue.Request; return r.DecodeJSON(p0) }},
		{"legacy.Request", 1, func() error { var r legacy.Request; return r.DecodeJSON(p1) }},
		{"errors.Error", 1, func() error { var e protoerr.Error; return e.DecodeJSON(p2) }},
		{"enqueue.Response", 1, func() error {
			var r enqueue.Response
			return r.Decode(p3)
		}},
		{"enqueue.Request", 3, func() error { // the strings' block, the list, the block
			var r enqueue.Request
			return r.DecodeJSON(p4)
		}},
		{"begin.Registered", 0, func() error { var r begin.Registered; return r.DecodeJSON(p5) }},
	}
	for _, tt := range tests {
		require.NoError(t, tt.decode(), tt.name)
		assert.Equal(t, tt.want, testing.AllocsPerRun(100, func() { _ = tt.decode() }), tt.name)
	}
}
