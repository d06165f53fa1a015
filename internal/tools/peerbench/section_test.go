package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRewriteSection(t *testing.T) {
	const head = "# Performance\n\nthe serde_json table\n"
	marked := func(s string) string { return sectionBegin + "\n" + s + "\n" + sectionEnd + "\n" }
	for _, tc := range []struct {
		name, doc, section, want string
	}{
		{"appended to a file without one", head, "new", head + "\n" + marked("new")},
		{"appended after a missing final newline", "# P", "new", "# P\n\n" + marked("new")},
		{"a new file", "", "new\n\n", marked("new")},
		{"replaced at the end", head + "\n" + marked("old"), "new", head + "\n" + marked("new")},
		{"replaced in the middle", head + marked("old\nlines") + "## after\n", "new", head + marked("new") + "## after\n"},
		{"an unclosed marker: appended", head + sectionBegin + "\nhalf\n", "new", head + sectionBegin + "\nhalf\n\n" + marked("new")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := rewriteSection(tc.doc, tc.section)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, got, rewriteSection(got, tc.section), "rewriting again changes nothing")
		})
	}
}
