//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// costTrace is a session that feeds values secret values, then shows rows
// chunks of text.
func costTrace(t *testing.T, values, rows int) string {
	fed := make(map[string]string, values)
	decl := make(map[string]string, values)
	for i := range values {
		name := "k" + strconv.Itoa(i)
		fed[name] = fmt.Sprintf("secret-%07d-value", i)
		decl[name] = "fixed"
	}
	var b strings.Builder
	b.WriteString("main begin.response " + tagged1(0, map[string]any{"secrets": decl}) + "\n")
	b.WriteString("f1 begin.channel_request " + tagged1(4, fed) + "\nf1 secrets.feed_response 00\nf1 finish\nmain begin.response 03\n")
	for i := range rows {
		b.WriteString("main begin.response " + tagged1(2, map[string]any{"type": "assistant_text_content",
			"text": fmt.Sprintf("row %d says nothing secret at all, only words", i)}) + "\n")
	}
	path := filepath.Join(t.TempDir(), "cost.trace")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path
}

// cpu is the CPU time this process has used.
func cpu(t *testing.T) time.Duration {
	var ru syscall.Rusage
	require.NoError(t, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestScrubCostIsLinear: hiding 20,000 values in a page of 2,000 rows costs
// at most ten times what the same page costs with -show-secrets (no hiding at
// all), measured in CPU time in this run; and the scrubber's moves are
// bounded by the text it scanned. Before, every row was compared with every
// value, twice: more than 30 times the baseline.
func TestScrubCostIsLinear(t *testing.T) {
	path := costTrace(t, 20_000, 2_000)
	start := cpu(t)
	viewPage(t, path, "-show-secrets")
	base := cpu(t) - start
	start = cpu(t)
	page := viewPage(t, path)
	scrubbed := cpu(t) - start
	t.Logf("CPU: %v with -show-secrets, %v hiding 20,000 values", base, scrubbed)
	require.True(t, strings.Contains(page, "row 1994 says nothing secret"), "the last row drawn is missing")
	assert.LessOrEqual(t, scrubbed, 10*base)

	sc := newScrubber(false)
	for i := range 2_000 {
		sc.add(fmt.Sprintf("secret-%07d-value", i))
	}
	text := strings.Repeat("secret-00 row says secret-0000123-value nothing ", 2_000)
	_, hit := sc.hide(text)
	assert.True(t, hit)
	assert.LessOrEqual(t, sc.steps, 3*len(text), "moves for %d bytes", len(text))
}
