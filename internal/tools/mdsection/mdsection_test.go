package mdsection

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRewrite(t *testing.T) {
	const head = "# Performance\n\nthe serde_json table\n"
	begin, end := Markers("bench-peers")
	marked := func(s string) string { return begin + "\n" + s + "\n" + end + "\n" }
	for _, tc := range []struct {
		name, doc, section, want string
	}{
		{"appended to a file without one", head, "new", head + "\n" + marked("new")},
		{"appended after a missing final newline", "# P", "new", "# P\n\n" + marked("new")},
		{"a new file", "", "new\n\n", marked("new")},
		{"replaced at the end", head + "\n" + marked("old"), "new", head + "\n" + marked("new")},
		{"replaced in the middle", head + marked("old\nlines") + "## after\n", "new", head + marked("new") + "## after\n"},
		{"an unclosed marker: appended", head + begin + "\nhalf\n", "new", head + begin + "\nhalf\n\n" + marked("new")},
		{"another section left alone", head + "<!-- bench-wire -->\nw\n<!-- /bench-wire -->\n", "new", head + "<!-- bench-wire -->\nw\n<!-- /bench-wire -->\n\n" + marked("new")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Rewrite(tc.doc, "bench-peers", tc.section)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, got, Rewrite(got, "bench-peers", tc.section), "rewriting again changes nothing")
		})
	}
}

func TestExtract(t *testing.T) {
	section := "<!-- bench-wire -->\n## The real wire\n<!-- /bench-wire -->"
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"found", "# P\n\n" + section + "\nafter\n", section},
		{"none", "# P\n", ""},
		{"no end marker", "# P\n<!-- bench-wire -->\nhalf", ""},
		{"empty", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Extract(tc.doc, "bench-wire"))
		})
	}
}
