package divergesdk

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/diverge-network/diverge-sdk-go"

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
	slices.Sort(listed)
	slices.Sort(public)
	assert.Equal(t, public, listed, "doc.go's package table and go list ./... differ")
}
