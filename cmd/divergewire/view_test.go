package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/trace"
)

// viewPage runs divergewire view on path and returns the page.
func viewPage(t *testing.T, path string, flags ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	status := run(append(append([]string{"view"}, flags...), path), strings.NewReader(""), &out, &errOut)
	require.Equal(t, exitOK, status, errOut.String())
	return out.String()
}

// shape is what a page must show of a trace: its channels, its loops and
// its first violation.
type shape struct {
	channels int // lanes besides main
	loops    int
	rule     string // "" for ok
	line     int
}

// traceShape reads what a trace holds, independently of view.
func traceShape(t *testing.T, path string) shape {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var s shape
	open := map[string]bool{}
	r := trace.NewReader(f)
	for {
		l, err := r.Next()
		if err != nil {
			break
		}
		ev := l.Event
		switch {
		case ev == nil:
		case ev.OnMain():
			if !ev.Finish && len(ev.Payload) > 0 && ev.Payload[0] == 3 {
				s.loops++
			}
		case !open[ev.Stream]:
			open[ev.Stream] = true
			s.channels++
			if ev.Finish {
				delete(open, ev.Stream)
			}
		case ev.Finish:
			delete(open, ev.Stream)
		}
	}
	f.Seek(0, 0)
	var v *session.Violation
	if err := trace.Check(trace.NewReader(f)); errors.As(err, &v) {
		s.rule, s.line = string(v.Rule), v.Line
	} else {
		require.NoError(t, err)
	}
	return s
}

var (
	laneAttr      = regexp.MustCompile(`data-lane="([^"]*)"`)
	loopAttr      = regexp.MustCompile(`data-loop="(\d+)"`)
	violationAttr = regexp.MustCompile(`data-line="(\d+)"[^>]*data-violation="([^"]+)"`)
	hrefAttr      = regexp.MustCompile(`href="#([^"]+)"`)
)

// checkShape checks a page's structure (source or rendered DOM) against a
// trace's shape.
func checkShape(t *testing.T, page string, want shape) {
	t.Helper()
	lanes := laneAttr.FindAllStringSubmatch(page, -1)
	require.NotEmpty(t, lanes)
	assert.Equal(t, "main", lanes[0][1], "the first lane is main")
	assert.Len(t, lanes, 1+want.channels, "one lane per channel, and main")
	loops := loopAttr.FindAllStringSubmatch(page, -1)
	require.Len(t, loops, want.loops, "one band per loop")
	for i, m := range loops {
		assert.Equal(t, strconv.Itoa(i+1), m[1], "loops numbered in order")
	}
	v := violationAttr.FindAllStringSubmatch(page, -1)
	if want.rule == "" {
		assert.Empty(t, v)
		assert.Contains(t, page, `data-verdict="ok"`)
		return
	}
	require.Len(t, v, 1, "one violation marked")
	assert.Equal(t, strconv.Itoa(want.line), v[0][1], "the violation's line")
	assert.Equal(t, want.rule, v[0][2], "the violation's rule")
	assert.Contains(t, page, `data-verdict="`+want.rule+`"`)
}

func traceFiles(t *testing.T) []string {
	files, err := filepath.Glob("../../testdata/traces/*.trace")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

// TestViewEveryTrace: the page of every trace in testdata/traces has one
// lane per channel, one band per loop, and the verdict trace.Check gives,
// marked on its line; every in-page link has its target.
func TestViewEveryTrace(t *testing.T) {
	for _, path := range traceFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			page := viewPage(t, path)
			checkShape(t, page, traceShape(t, path))
			for _, m := range hrefAttr.FindAllStringSubmatch(page, -1) {
				assert.Contains(t, page, `id="`+m[1]+`"`, "a link's target")
			}
			assert.NotContains(t, page, "http://")
			assert.NotContains(t, page, "https://")
		})
	}
}

// TestViewChunksAndErrors: a chunk's row shows its kind and what it says
// (a user part's key and text, a tool call's name), an error's row its kind,
// status and words, and a fatal notification is marked.
func TestViewChunksAndErrors(t *testing.T) {
	tests := []struct {
		trace string
		want  []string
	}{
		{"ok_user_parts.trace", []string{
			`main  begin.response  Chunk  user_text_content  &#34;msg-1&#34;: &#34;Compare these two.&#34;`,
			`main  begin.response  Chunk  user_image_content  &#34;msg-1&#34;: image &lt;4 bytes base64&gt; mimeType=&#34;image/png&#34;`,
			`main  begin.response  Chunk  user_resource_link  &#34;msg-2&#34;: resource_link uri=&#34;file:///b.png&#34; name=&#34;b.png&#34;`,
			`main  begin.response  Chunk  assistant_tool_call  &#34;read_file&#34; (id &#34;call_1&#34;)`,
			`main  begin.response  Chunk  tool_response  id &#34;call_1&#34;, 1 block`,
			`main  begin.response  Chunk  assistant_text_content  &#34;Both are blue.&#34;`,
		}},
		{"ok_loops_ungated.trace", []string{
			`data-fatal="1"`,
			`<span class="fatal">FATAL</span> main  begin.response  Chunk  notification  FATAL: {&#34;kind&#34;:&#34;program&#34;,&#34;error&#34;:&#34;the model is unavailable&#34;}`,
		}},
		{"ok_refused.trace", []string{
			`e1  enqueue.response  Error  &#34;no_content&#34;: &#34;the message has no content block&#34;`,
			`e2  enqueue.response  Error  &#34;program&#34; status 415: &#34;this agent does not accept audio&#34;`,
		}},
		{"ok_loop_error.trace", []string{
			`main  begin.response  Error  &#34;program&#34;: &#34;rotating secret \&#34;session_token\&#34; was not handed back&#34;`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.trace, func(t *testing.T) {
			page := viewPage(t, "../../testdata/traces/"+tt.trace)
			for _, w := range tt.want {
				assert.Contains(t, page, w)
			}
		})
	}
	page := viewPage(t, "../../testdata/traces/ok_user_parts.trace")
	assert.NotContains(t, page, `data-fatal="1"`, "no fatal notification, no mark")
}

// TestViewFates: a Dequeued links to the dequeue that withdrew it, a Delivered
// to its loop, a finish with no answer is not served.
func TestViewFates(t *testing.T) {
	page := viewPage(t, "../../testdata/traces/ok_dequeue_waiting.trace")
	assert.Contains(t, page, `<span class="fate dequeued">Dequeued</span> <a href="#ev-14">withdrawn by d1 (line 14)</a>`)
	assert.Contains(t, page, `<a href="#loop-1">into loop 1</a>`)
	page = viewPage(t, "../../testdata/traces/ok_not_served.trace")
	assert.Contains(t, page, `<span class="fate not-served">not served</span>`)
	page = viewPage(t, "../../testdata/traces/ok_refused.trace")
	assert.Contains(t, page, `<span class="fate error">Error</span>`)
	// The summary counts the fates by the outcome's name: Error, not the
	// Refused it counted before the outcome was renamed (always 0 then).
	assert.Contains(t, page, `<li>messages Error <b>2</b></li>`)
	page = viewPage(t, "../../testdata/traces/ok_gated.trace")
	assert.Contains(t, page, `data-gate="open"`)
	assert.Contains(t, page, `data-gate="closed"`)
}

const marker = "SECRETMARKER"

// secretTrace writes a session whose secret values hold marker: a feed, an
// Inactive handing one back, an Inactive that does not decode, and an
// Error that leaks a fed value.
func secretTrace(t *testing.T) string {
	h := func(tag byte, s string) string { return hex.EncodeToString(append([]byte{tag}, s...)) }
	lines := []string{
		"main begin.response " + h(0, `{"secrets":{"api_key":"fixed","tok":"rotating"}}`),
		"f1 begin.channel_request " + h(4, `{"api_key":"k-`+marker+`-1","tok":"t-`+marker+`-2"}`),
		"f1 secrets.feed_response 00",
		"f1 finish",
		"e1 begin.channel_request " + h(2, `{"key":"m1","content":[{"type":"text","text":"go"}]}`),
		"main begin.response 03",
		"main begin.response " + h(2, `{"type":"user_text_content","key":"m1","text":"go"}`),
		"main begin.response " + h(4, `{"tok":"t-`+marker+`-3"}`),
		"f2 begin.channel_request " + h(4, `{"api_key":"k-`+marker+`-1","tok":"t-`+marker+`-3"}`),
		"f2 secrets.feed_response 00",
		"f2 finish",
		"e2 begin.channel_request " + h(2, `{"key":"m2","content":[{"type":"text","text":"more"}]}`),
		"main begin.response 03",
		"main begin.response " + h(2, `{"type":"user_text_content","key":"m2","text":"more"}`),
		"main begin.response " + h(1, `{"message":"rotating secret \"tok\" (t-`+marker+`-3) was not handed back"}`),
		"main begin.response " + h(4, `{"tok":"t-`+marker+`-4`),
		"main finish",
	}
	path := filepath.Join(t.TempDir(), "secret.trace")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return path
}

func assertNoMarker(t *testing.T, page string) {
	t.Helper()
	for _, s := range []string{marker, hex.EncodeToString([]byte(marker))} {
		assert.NotContains(t, strings.ToLower(page), strings.ToLower(s))
	}
	assert.NotContains(t, page, hex.EncodeToString([]byte("MARKER")))
}

// TestViewHidesSecrets: no secret value, as text or as hex, is in the page
// without -show-secrets; with it, they are.
func TestViewHidesSecrets(t *testing.T) {
	path := secretTrace(t)
	page := viewPage(t, path)
	assertNoMarker(t, page)
	assert.Contains(t, page, "&lt;hidden&gt;")
	assert.Contains(t, page, "error.secret-value")
	shown := viewPage(t, path, "-show-secrets")
	assert.Contains(t, shown, marker)
	assert.Contains(t, shown, hex.EncodeToString([]byte(marker)))
}

// bigTrace writes a session of about n events: loops, each with an
// enqueue delivered into it (its part first) and a dequeue answered Empty, and an Active
// after the finish at the end (main.after-finish, on the last line).
func bigTrace(t testing.TB, n int) (string, int) {
	var b strings.Builder
	b.WriteString("main begin.response 007b7d\n")
	lines := 1
	for i := 0; lines < n-2; i++ {
		enq := fmt.Sprintf(`{"key":"k%d","content":[{"type":"text","text":"message %d"}]}`, i%7, i)
		fmt.Fprintf(&b, "e%d begin.channel_request %s\n", i, hex.EncodeToString(append([]byte{2}, enq...)))
		b.WriteString("main begin.response 03\n")
		part := fmt.Sprintf(`{"type":"user_text_content","key":"k%d","text":"message %d"}`, i%7, i)
		fmt.Fprintf(&b, "main begin.response %s\n", hex.EncodeToString(append([]byte{2}, part...)))
		fmt.Fprintf(&b, "main begin.response %s\n", hex.EncodeToString(append([]byte{2}, `{"type":"assistant_text_content","text":"ok"}`...)))
		fmt.Fprintf(&b, "e%d enqueue.response 00\ne%d finish\n", i, i)
		b.WriteString("main begin.response 047b7d\n")
		fmt.Fprintf(&b, "d%d begin.channel_request %s\nd%d dequeue.response 01\nd%d finish\n", i, hex.EncodeToString(append([]byte{3}, `{"key":"none"}`...)), i, i)
		lines += 10
	}
	b.WriteString("main finish\nmain begin.response 03\n")
	lines += 2
	path := filepath.Join(t.TempDir(), "big.trace")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path, lines
}

// TestViewBig: a 100,000-event session gives a page of bounded size that
// draws at most maxRows events and still marks the violation at its end.
func TestViewBig(t *testing.T) {
	path, n := bigTrace(t, 100_000)
	page := viewPage(t, path)
	t.Logf("%d events: page of %d bytes", n, len(page))
	assert.Less(t, len(page), 4<<20)
	rows := strings.Count(page, `class="ev `)
	assert.LessOrEqual(t, rows, maxRows+2*aroundViolate+1)
	v := violationAttr.FindAllStringSubmatch(page, -1)
	require.Len(t, v, 1)
	assert.Equal(t, []string{strconv.Itoa(n), "main.after-finish"}, v[0][1:])
	assert.Contains(t, page, "events not drawn")
	assert.Contains(t, page, fmt.Sprintf("<li>events <b>%d</b></li>", n))
}
