package main

import "testing"

func TestKeptSections(t *testing.T) {
	peers := "<!-- bench-peers -->\n## Go peers\n\n| a | b |\n<!-- /bench-peers -->"
	wire := "<!-- bench-wire -->\n## The real wire\n<!-- /bench-wire -->"
	for _, tc := range []struct {
		name, old, want string
	}{
		{"kept", "# Performance\n\nold table\n\n" + peers + "\n", "\n" + peers + "\n"},
		{"kept from the middle", "# Performance\n" + peers + "\nafter\n", "\n" + peers + "\n"},
		{"both, wire first", "# Performance\n" + peers + "\n\n" + wire + "\n", "\n" + wire + "\n\n" + peers + "\n"},
		{"none", "# Performance\n\nold table\n", ""},
		{"no end marker", "# Performance\n<!-- bench-peers -->\nhalf", ""},
		{"empty file", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := keptSections(tc.old); got != tc.want {
				t.Errorf("keptSections(%q) = %q, want %q", tc.old, got, tc.want)
			}
		})
	}
}
