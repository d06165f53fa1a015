// Package scopename tells what looks like a scope name ("enqueue.request"):
// lowercase words joined by dots, which payload hex never is. Errors of the
// trace reader and the CLI quote only such a name, so that no payload bytes
// reach a message.
package scopename

import "strings"

// Shaped reports whether s looks like a scope name.
func Shaped(s string) bool {
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
