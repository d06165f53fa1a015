package main

import "strings"

// The markers around the bench-peers section of PERFORMANCE.md; `make
// bench-compare` (internal/tools/cmd/benchcompare) keeps what stands between them.
const (
	sectionBegin = "<!-- bench-peers -->"
	sectionEnd   = "<!-- /bench-peers -->"
)

// rewriteSection returns doc with the text between the markers replaced by
// section, or, when doc has no complete pair of markers, doc with the marked
// section added at its end. Nothing outside the markers changes.
func rewriteSection(doc, section string) string {
	marked := sectionBegin + "\n" + strings.TrimRight(section, "\n") + "\n" + sectionEnd + "\n"
	if j := strings.LastIndex(doc, sectionEnd); j >= 0 {
		if i := strings.LastIndex(doc[:j], sectionBegin); i >= 0 {
			rest := strings.TrimPrefix(doc[j+len(sectionEnd):], "\n")
			return doc[:i] + marked + rest
		}
	}
	if doc != "" && !strings.HasSuffix(doc, "\n") {
		doc += "\n"
	}
	if doc != "" {
		doc += "\n"
	}
	return doc + marked
}
