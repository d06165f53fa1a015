// Package readme checks the documents a reader is sent through, README.md
// and docs/*.md: their Go code blocks compile against the module as it is,
// their relative links resolve, and README stays short and names every
// public package.
package readme

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

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
