package readme

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// root is the module's root, from this package's folder.
const root = "../../.."

// documents are the Markdown files a reader is sent through: README.md and
// every file in docs/.
func documents(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, docs, "docs/ holds Markdown files")
	return append([]string{filepath.Join(root, "README.md")}, docs...)
}

var (
	mdLink   = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)\)`)
	fence    = regexp.MustCompile("(?ms)^```.*?^```")
	heading  = regexp.MustCompile(`(?m)^#{1,6} +(.+)$`)
	notInURL = regexp.MustCompile(`[^\p{L}\p{N} _-]`)
)

// anchors are the fragment names GitHub gives a Markdown file's headings.
func anchors(md string) map[string]bool {
	out := map[string]bool{}
	for _, m := range heading.FindAllStringSubmatch(fence.ReplaceAllString(md, ""), -1) {
		slug := notInURL.ReplaceAllString(strings.ToLower(strings.TrimSpace(m[1])), "")
		out[strings.ReplaceAll(slug, " ", "-")] = true
	}
	return out
}

// TestRelativeLinksResolve: every relative link (and image) in README.md,
// docs/*.md, CHANGELOG.md, PERFORMANCE.md and testdata's READMEs names a file
// or folder of the repository, and a fragment names a heading of the Markdown
// file it points into.
func TestRelativeLinksResolve(t *testing.T) {
	more, err := filepath.Glob(filepath.Join(root, "testdata", "*", "README.md"))
	require.NoError(t, err)
	more = append(more, filepath.Join(root, "CHANGELOG.md"), filepath.Join(root, "PERFORMANCE.md"))
	checked := 0
	for _, doc := range append(documents(t), more...) {
		src, err := os.ReadFile(doc)
		require.NoError(t, err)
		text := fence.ReplaceAllString(string(src), "")
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, frag, _ := strings.Cut(target, "#")
			file := doc
			if path != "" {
				file = filepath.Join(filepath.Dir(doc), path)
			}
			checked++
			info, err := os.Stat(file)
			if !assert.NoError(t, err, "%s: the link %q names nothing", doc, target) {
				continue
			}
			if frag == "" {
				continue
			}
			if !assert.True(t, !info.IsDir() && strings.HasSuffix(file, ".md"), "%s: %q: a fragment needs a Markdown file", doc, target) {
				continue
			}
			md, err := os.ReadFile(file)
			require.NoError(t, err)
			assert.True(t, anchors(string(md))[frag], "%s: %q: no heading makes the fragment %q", doc, target, frag)
		}
	}
	assert.Positive(t, checked, "the documents hold relative links")
}

// TestAnchors: the fragment names follow GitHub's rule for a few headings of
// the kinds the documents use.
func TestAnchors(t *testing.T) {
	tests := []struct {
		heading, want string
	}{
		{"## What `make test` needs", "what-make-test-needs"},
		{"## serde_json compatibility", "serde_json-compatibility"},
		{"# Hardening: the oracle, fuzzing, secrets, memory", "hardening-the-oracle-fuzzing-secrets-memory"},
		{"### What is found and what is inferred", "what-is-found-and-what-is-inferred"},
	}
	for _, tt := range tests {
		assert.True(t, anchors(tt.heading + "\n")[tt.want], "%q should give %q, got %v", tt.heading, tt.want, anchors(tt.heading+"\n"))
	}
	assert.Empty(t, anchors("```\n# a comment in a block\n```\n"), "a fenced block's lines are no headings")
}

// TestREADMEShort: README.md stays a five-minute read; what is longer goes to docs/.
func TestREADMEShort(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	assert.LessOrEqual(t, strings.Count(string(src), "\n"), 200, "README.md has more than 200 lines")
}

// TestREADMEPackagesComplete: README's package table names every public
// package of the module, once, and nothing else.
func TestREADMEPackagesComplete(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	_, table, found := strings.Cut(string(src), "\n## The packages\n")
	require.True(t, found, "README has a section The packages")
	row := regexp.MustCompile("^\\| \\[`([^`]+)`\\]")
	var listed []string
	for _, line := range strings.Split(table, "\n") {
		if strings.HasPrefix(line, "## ") {
			break
		}
		if m := row.FindStringSubmatch(line); m != nil {
			listed = append(listed, m[1])
		}
	}

	cmd := exec.Command("go", "list", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	require.NoError(t, err)
	const module = "github.com/diverge-network/diverge-sdk-go"
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
	assert.Equal(t, public, listed, "README's package table and go list ./... differ")
}
