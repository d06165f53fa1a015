package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRewriteSection(t *testing.T) {
	marked := "<!-- bench-wire -->\nnew\n<!-- /bench-wire -->\n"
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"replaced in the middle", "# P\n\n<!-- bench-wire -->\nold\n<!-- /bench-wire -->\n\n<!-- bench-peers -->\n", "# P\n\n" + marked + "\n<!-- bench-peers -->\n"},
		{"added at the end", "# P\n\ntext\n", "# P\n\ntext\n\n" + marked},
		{"no end marker: added", "# P\n<!-- bench-wire -->\nhalf", "# P\n<!-- bench-wire -->\nhalf\n\n" + marked},
		{"empty file", "", marked},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, rewriteSection(tc.doc, "new\n"))
		})
	}
}
