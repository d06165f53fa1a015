package main

import (
	"strings"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/mdsection"
)

// keptNames are the marked sections other commands write into
// PERFORMANCE.md, kept when benchcompare rewrites the file, in this order
// at its end: `make bench-wire`'s (internal/tools/cmd/benchwire) and `make
// bench-peers`'s (internal/tools/peerbench, its own module).
var keptNames = []string{"bench-wire", "bench-peers"}

// keptSections is the marked sections of an old PERFORMANCE.md, markers
// included and each preceded by a blank line, for the rewritten file to
// end with; a section without its end marker is left out.
func keptSections(old string) string {
	var b strings.Builder
	for _, name := range keptNames {
		if s := mdsection.Extract(old, name); s != "" {
			b.WriteString("\n" + s + "\n")
		}
	}
	return b.String()
}
