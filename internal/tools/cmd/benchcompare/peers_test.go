package main

import "testing"

func TestPeersSection(t *testing.T) {
	section := "<!-- bench-peers -->\n## Go peers\n\n| a | b |\n<!-- /bench-peers -->"
	for _, tc := range []struct {
		name, old, want string
	}{
		{"kept", "# Performance\n\nold table\n\n" + section + "\n", "\n" + section + "\n"},
		{"kept from the middle", "# Performance\n" + section + "\nafter\n", "\n" + section + "\n"},
		{"none", "# Performance\n\nold table\n", ""},
		{"no end marker", "# Performance\n<!-- bench-peers -->\nhalf", ""},
		{"empty file", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := peersSection(tc.old); got != tc.want {
				t.Errorf("peersSection(%q) = %q, want %q", tc.old, got, tc.want)
			}
		})
	}
}
