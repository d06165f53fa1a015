package main

import "strings"

// The marked sections other commands write into PERFORMANCE.md, kept when
// benchcompare rewrites the file, in this order at its end: `make
// bench-wire`'s (internal/tools/cmd/benchwire) and `make bench-peers`'s
// (internal/tools/peerbench, its own module).
var keptMarkers = [][2]string{
	{"<!-- bench-wire -->", "<!-- /bench-wire -->"},
	{"<!-- bench-peers -->", "<!-- /bench-peers -->"},
}

// keptSections is the marked sections of an old PERFORMANCE.md, markers
// included and each preceded by a blank line, for the rewritten file to
// end with; a section without its end marker is left out.
func keptSections(old string) string {
	var b strings.Builder
	for _, m := range keptMarkers {
		i := strings.Index(old, m[0])
		if i < 0 {
			continue
		}
		j := strings.Index(old[i:], m[1])
		if j < 0 {
			continue
		}
		b.WriteString("\n" + old[i:i+j+len(m[1])] + "\n")
	}
	return b.String()
}
