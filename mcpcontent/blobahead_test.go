package mcpcontent

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBlobAhead(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"uri":"u","mimeType":"m","blob":"AAAA"}`, true},
		{`{"blob":"AAAA","uri":"u"}`, true},
		{`{"uri":"u","mimeType":"m","text":"t"}`, false},
		{`{"uri":"u \"blob\": x","text":"t"}`, false},        // blob only inside a value
		{`{"uri":"u\\","blob":"AAAA"}`, true},                // a value ending in an escaped backslash
		{`{"uri":"u\\\"","blob":"AAAA"}`, true},              // ... and in an escaped quote
		{`{"uri":"u","_meta":{"blob":1},"blob":"A"}`, false}, // a value it does not follow
		{`{ "uri":"u","blob":"A"}`, false},                   // not compact
		{`{"uri":"u" ,"blob":"A"}`, false},
		{`{"bl\u006fb":"A"}`, false},
		{`{"uri":"unterminated`, false},
		{`{"uri"`, false},
		{`{`, false},
		{``, false},
		{`["blob"]`, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, blobAhead([]byte(tt.in)), tt.in)
	}
}
