package divergesdk

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/diverge-network/diverge-sdk-go"

// publicPackages are the module's packages outside internal/, relative to
// the module, sorted.
func publicPackages(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "./...").Output()
	require.NoError(t, err)
	var public []string
	for _, path := range strings.Fields(string(out)) {
		rel, ok := strings.CutPrefix(path, module+"/")
		if ok && !strings.HasPrefix(rel, "internal/") && !strings.Contains(rel, "/internal/") {
			public = append(public, rel)
		}
	}
	require.NotEmpty(t, public)
	slices.Sort(public)
	return public
}

// TestPackagesTableComplete: the package doc's table names every public
// package of the module, once, and nothing else.
func TestPackagesTableComplete(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	_, table, found := strings.Cut(string(src), "// # Packages\n//\n")
	require.True(t, found, "doc.go has a Packages section")
	var listed []string
	for _, line := range strings.Split(table, "\n") {
		text, ok := strings.CutPrefix(line, "//\t")
		if !ok {
			break
		}
		listed = append(listed, strings.Fields(text)[0])
	}
	slices.Sort(listed)
	assert.Equal(t, publicPackages(t), listed, "doc.go's package table and go list ./... differ")
}

// TestREADMEPackagesComplete: README's package table names every public
// package of the module, once, and nothing else.
func TestREADMEPackagesComplete(t *testing.T) {
	src, err := os.ReadFile("README.md")
	require.NoError(t, err)
	_, table, found := strings.Cut(string(src), "\n## The packages\n")
	require.True(t, found, "README has a section The packages")
	table, _, _ = strings.Cut(table, "\n## ")
	row := regexp.MustCompile("(?m)^\\| \\[`([^`]+)`\\]")
	var listed []string
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		listed = append(listed, m[1])
	}
	slices.Sort(listed)
	assert.Equal(t, publicPackages(t), listed, "README's package table and go list ./... differ")
}
