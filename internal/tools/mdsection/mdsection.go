// Package mdsection rewrites the marked sections of a Markdown file that
// separate commands regenerate (PERFORMANCE.md's bench-wire and
// bench-peers): the text between <!-- name --> and <!-- /name -->.
package mdsection

import "strings"

// Markers are the lines that open and close the section name.
func Markers(name string) (begin, end string) {
	return "<!-- " + name + " -->", "<!-- /" + name + " -->"
}

// Rewrite returns doc with the text of section name replaced by section,
// or, when doc has no complete pair of its markers, doc with the marked
// section added at its end. Nothing outside the markers changes, and
// rewriting again with the same section changes nothing.
func Rewrite(doc, name, section string) string {
	begin, end := Markers(name)
	marked := begin + "\n" + strings.TrimRight(section, "\n") + "\n" + end + "\n"
	if j := strings.LastIndex(doc, end); j >= 0 {
		if i := strings.LastIndex(doc[:j], begin); i >= 0 {
			rest := strings.TrimPrefix(doc[j+len(end):], "\n")
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

// Extract returns the section name of doc, its markers included; "" when
// doc has no complete pair of them.
func Extract(doc, name string) string {
	begin, end := Markers(name)
	i := strings.Index(doc, begin)
	if i < 0 {
		return ""
	}
	j := strings.Index(doc[i:], end)
	if j < 0 {
		return ""
	}
	return doc[i : i+j+len(end)]
}
