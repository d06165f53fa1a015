package session

import (
	"slices"
	"strings"
)

// Scope names: the one spelling of each kind of payload, as a trace labels
// it, the command-line tool names it and the Rust oracle's conformance
// protocol calls it. Each constant is its name in CamelCase after "Scope".
const (
	ScopeBeginChannelRequest   = "begin.channel_request"   // a channel's first payload
	ScopeBeginResponse         = "begin.response"          // the main stream's payloads
	ScopeBeginRegistered       = "begin.registered"        // a program's registration body
	ScopeBeginChunk            = "begin.chunk"             // a Chunk's JSON body
	ScopeEnqueueRequest        = "enqueue.request"         // an Enqueue channel request's body
	ScopeEnqueueResponse       = "enqueue.response"        // the answer on an Enqueue channel
	ScopeLegacyEnqueueRequest  = "legacy.enqueue.request"  // the legacy enqueue request
	ScopeLegacyEnqueueResponse = "legacy.enqueue.response" // the legacy enqueue answer
	ScopeDequeueRequest        = "dequeue.request"         // a Dequeue channel request's body
	ScopeDequeueResponse       = "dequeue.response"        // the answer on a Dequeue channel
	ScopeSecretsValues         = "secrets.values"          // a feed's or an Inactive's values
	ScopeSecretsDeclaration    = "secrets.declaration"     // what a program declares
	ScopeSecretsFeedResponse   = "secrets.feed_response"   // the answer on a Secrets channel
	ScopePostgresRequest       = "postgres.request"        // a Postgres channel request's body
	ScopeErrorsError           = "errors.error"            // an error in the proxy's convention
	ScopeMCPContentBlock       = "mcpcontent.block"        // one content block
	// ScopeOpaque labels an answer this library does not read: the bytes
	// on a Postgres channel, the DIVERGE.md answer on an Info channel.
	ScopeOpaque = "opaque"
)

// scopes are the scope names a trace may label a payload with.
var scopes = []string{
	ScopeBeginChannelRequest, ScopeBeginResponse, ScopeBeginRegistered,
	ScopeEnqueueRequest, ScopeEnqueueResponse,
	ScopeLegacyEnqueueRequest, ScopeLegacyEnqueueResponse,
	ScopeDequeueRequest, ScopeDequeueResponse,
	ScopeSecretsValues, ScopeSecretsDeclaration, ScopeSecretsFeedResponse,
	ScopePostgresRequest, ScopeErrorsError, ScopeMCPContentBlock, ScopeBeginChunk,
	ScopeOpaque,
}

// Scopes lists every scope name: each kind of payload the library decodes,
// and ScopeOpaque. The slice is the caller's.
func Scopes() []string { return slices.Clone(scopes) }

// KnownScope reports whether name is one of Scopes.
func KnownScope(name string) bool { return slices.Contains(scopes, name) }

// LooksLikeScope reports whether s has a scope name's shape: lowercase
// words joined by dots, which payload hex never has. Errors quote only a
// name of that shape, so that no payload bytes reach a message.
func LooksLikeScope(s string) bool {
	if len(s) == 0 || len(s) > 48 || !strings.Contains(s, ".") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || c == '.' || c == '_') {
			return false
		}
	}
	return true
}
