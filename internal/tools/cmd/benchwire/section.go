package main

import "strings"

// The markers around the section benchwire writes into PERFORMANCE.md;
// `make bench-compare` keeps what stands between them.
const (
	sectionBegin = "<!-- bench-wire -->"
	sectionEnd   = "<!-- /bench-wire -->"
)

// rewriteSection returns doc with the text between the markers replaced by
// section, or, with no complete pair of markers, doc with the marked
// section added at its end. Nothing outside the markers changes.
func rewriteSection(doc, section string) string {
	marked := sectionBegin + "\n" + strings.TrimRight(section, "\n") + "\n" + sectionEnd + "\n"
	if i := strings.Index(doc, sectionBegin); i >= 0 {
		if j := strings.Index(doc[i:], sectionEnd); j >= 0 {
			return doc[:i] + marked + strings.TrimPrefix(doc[i+j+len(sectionEnd):], "\n")
		}
	}
	if doc != "" {
		doc = strings.TrimRight(doc, "\n") + "\n\n"
	}
	return doc + marked
}
