package main

import "strings"

// The markers around the section `make bench-peers` (internal/peerbench, its
// own module) writes into PERFORMANCE.md.
const (
	peersBegin = "<!-- bench-peers -->"
	peersEnd   = "<!-- /bench-peers -->"
)

// peersSection is the bench-peers section of an old PERFORMANCE.md, markers
// included and preceded by a blank line, for the rewritten file to end with;
// "" when old has no complete section.
func peersSection(old string) string {
	i := strings.Index(old, peersBegin)
	if i < 0 {
		return ""
	}
	j := strings.Index(old[i:], peersEnd)
	if j < 0 {
		return ""
	}
	return "\n" + old[i:i+j+len(peersEnd)] + "\n"
}
