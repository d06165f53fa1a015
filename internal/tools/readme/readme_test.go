// Package readme checks the documents a reader is sent through, README.md
// and docs/*.md: their Go code blocks compile against the module as it is,
// their relative links resolve, and README stays short. (README's package
// table is checked at the module's root, beside the package doc's.)
package readme

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// prelude imports what README's blocks use; each import is also used once,
// so a block that needs none of them still compiles.
const prelude = `package snippet

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"net"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/queue"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/trace"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

var (
	_ = bytes.NewBuffer
	_ = context.Background
	_ = errors.New
	_ = fmt.Sprint
	_ = log.Print
	_ = net.Listen
	_ = chunk.DecodeJSON
	_ = mcpcontent.Text{}
	_ = provider.Dial
	_ = proxy.Server{}
	_ = wire.Raw{}
	_ = begin.AppendActive
	_ = enqueue.Delivered
	_ = protoerr.Error{}
	_ = queue.New
	_ = secrets.Fed
	_ = trace.NewReader
)

`

var goBlock = regexp.MustCompile("(?s)\n```go\n(.*?)\n```")

// TestREADMEBlocksCompile: every Go block of README.md and docs/*.md
// compiles, in one file, against the module as it is.
func TestREADMEBlocksCompile(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	require.NotEmpty(t, goBlock.FindAllStringSubmatch(string(readme), -1), "README has Go blocks")
	var blocks [][]string
	for _, doc := range documents(t) {
		src, err := os.ReadFile(doc)
		require.NoError(t, err)
		blocks = append(blocks, goBlock.FindAllStringSubmatch(string(src), -1)...)
	}

	// A folder whose name starts with "_" is left out of ./..., so the
	// snippets never join the module's own build.
	dir, err := os.MkdirTemp(".", "_snippets")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	var src strings.Builder
	src.WriteString(prelude)
	for i, b := range blocks {
		code := b[1]
		if regexp.MustCompile(`(?m)^func `).MatchString(code) {
			src.WriteString("\n// block " + strconv.Itoa(i+1) + "\n" + code + "\n")
			continue
		}
		src.WriteString("\n// block " + strconv.Itoa(i+1) + "\nfunc _() {\n" + code + "\n}\n")
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "snippets.go"), []byte(src.String()), 0o644))
	out, err := exec.Command("go", "vet", "./"+dir).CombinedOutput()
	require.NoError(t, err, "README's Go blocks do not compile:\n%s", out)
}

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
