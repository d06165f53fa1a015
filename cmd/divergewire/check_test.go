package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/trace"
)

const tracesDir = "../../testdata/traces"

// verdict is what check must say of a trace: ok (rule empty), or the rule
// it breaks first and the line that breaks it.
type verdict struct {
	rule session.Rule
	line int
}

// traceVerdicts lists every file in testdata/traces.
func traceVerdicts() map[string]verdict {
	return map[string]verdict{
		"ok_begin_error.trace":               {},
		"ok_dequeue_waiting.trace":           {},
		"ok_finish_only.trace":               {},
		"ok_gated.trace":                     {},
		"ok_loop_error.trace":                {},
		"ok_loops_ungated.trace":             {},
		"ok_no_loop.trace":                   {},
		"ok_not_served.trace":                {},
		"ok_refused.trace":                   {},
		"ok_delivered_at_seam.trace":         {},
		"ok_dequeued_before_withdrawn.trace": {},
		"ok_gated_withdrawn.trace":           {},
		"ok_empty_at_seam.trace":             {},
		"ok_open_loop.trace":                 {},
		"ok_open_channels.trace":             {},
		"ok_user_parts.trace":                {},

		"bad_main_after_finish.trace":          {session.RuleMainAfterFinish, 4},
		"bad_main_after_error.trace":           {session.RuleMainAfterError, 10},
		"bad_main_scope.trace":                 {session.RuleMainScope, 4},
		"bad_main_decode.trace":                {session.RuleMainDecode, 4},
		"bad_main_active_trailing_bytes.trace": {session.RuleActiveTrailingBytes, 5},
		"bad_main_begun_first.trace":           {session.RuleBegunFirst, 2},
		"bad_main_begun_once.trace":            {session.RuleBegunOnce, 3},
		"bad_main_active_in_loop.trace":        {session.RuleActiveInLoop, 6},
		"bad_secrets_gated.trace":              {session.RuleSecretsGated, 14},
		"bad_main_chunk_outside_loop.trace":    {session.RuleChunkOutsideLoop, 7},
		"bad_main_inactive_outside_loop.trace": {session.RuleInactiveOutsideLoop, 3},
		"bad_inactive_values_missing.trace":    {session.RuleInactiveValues, 9},
		"bad_inactive_values_extra.trace":      {session.RuleInactiveValues, 10},
		"bad_main_error_outside_loop.trace":    {session.RuleErrorOutsideLoop, 3},
		"bad_main_finish_in_loop.trace":        {session.RuleFinishInLoop, 6},
		"bad_channel_after_finish.trace":       {session.RuleChannelAfterFinish, 7},
		"bad_channel_request_first.trace":      {session.RuleChannelRequestFirst, 3},
		"bad_channel_before_begun.trace":       {session.RuleChannelBeforeBegun, 2},
		"bad_secrets_feed_names.trace":         {session.RuleFeedNames, 3},
		"bad_channel_malformed_answered.trace": {session.RuleChannelMalformedAnswered, 5},
		"bad_channel_one_answer.trace":         {session.RuleChannelOneAnswer, 6},
		"bad_channel_answer_family.trace":      {session.RuleChannelAnswerFamily, 4},
		"bad_channel_answer_decode.trace":      {session.RuleChannelAnswerDecode, 4},
		"bad_enqueue_delivered_loop.trace":     {session.RuleDeliveredLoop, 5},
		"bad_enqueue_empty_content.trace":      {session.RuleEnqueueEmptyContent, 8},
		"bad_enqueue_dequeued_witness.trace":   {session.RuleDequeuedWitness, 12},
		"bad_dequeue_withdrawn_fate.trace":     {session.RuleWithdrawnFate, 12},
		"bad_dequeue_empty_waiting.trace":      {session.RuleDequeueEmpty, 6},
		"bad_secrets_feed_order.trace":         {session.RuleFeedOrder, 4},
		"bad_main_error_names_secret.trace":    {session.RuleErrorNamesSecret, 8},
		"bad_error_secret_value.trace":         {session.RuleErrorSecretValue, 9},
		"bad_main_active_no_message.trace":     {session.RuleActiveNoMessage, 8},
		"bad_loop_first_parts.trace":           {session.RuleLoopFirstParts, 8},
		"bad_loop_seam_parts.trace":            {session.RuleLoopSeamParts, 13},
		"bad_enqueue_delivered_parts.trace":    {session.RuleDeliveredParts, 14},
	}
}

// completeVerdicts are the traces check -complete judges otherwise than
// check: a recording that stops with a loop or a channel open.
func completeVerdicts() map[string]verdict {
	return map[string]verdict{
		"ok_open_loop.trace":     {ruleComplete, 10},
		"ok_open_channels.trace": {ruleComplete, 16},
	}
}

// runCheck runs the check subcommand in-process.
func runCheck(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = check(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestCheckTraces: check gives every trace its expected verdict.
func TestCheckTraces(t *testing.T) {
	for file, want := range traceVerdicts() {
		t.Run(file, func(t *testing.T) {
			code, out, errOut := runCheck(t, "", filepath.Join(tracesDir, file))
			assert.Empty(t, errOut)
			if want.rule == "" {
				assert.Equal(t, 0, code)
				assert.Equal(t, "ok\n", out)
				return
			}
			assert.Equal(t, 1, code)
			prefix := "violation line " + strconv.Itoa(want.line) + ": " + string(want.rule) + ": "
			assert.True(t, strings.HasPrefix(out, prefix), "want %q…, got %q", prefix, out)
			assert.Equal(t, 1, strings.Count(out, "\n"), "one line")
		})
	}
}

// TestCheckTracesComplete: with -complete (here after the file), every
// trace keeps its verdict, save those that end with something open.
func TestCheckTracesComplete(t *testing.T) {
	for file, want := range traceVerdicts() {
		if v, ok := completeVerdicts()[file]; ok {
			want = v
		}
		t.Run(file, func(t *testing.T) {
			code, out, errOut := runCheck(t, "", filepath.Join(tracesDir, file), "-complete")
			assert.Empty(t, errOut)
			if want.rule == "" {
				assert.Equal(t, 0, code)
				assert.Equal(t, "ok\n", out)
				return
			}
			assert.Equal(t, 1, code)
			prefix := "violation line " + strconv.Itoa(want.line) + ": " + string(want.rule) + ": "
			assert.True(t, strings.HasPrefix(out, prefix), "want %q…, got %q", prefix, out)
			assert.Equal(t, 1, strings.Count(out, "\n"), "one line")
		})
	}
}

// TestCheckComplete: what session.complete names, and what it lets pass.
func TestCheckComplete(t *testing.T) {
	const (
		begun   = "main begin.response 007b7d\n"
		active  = "main begin.response 03\n"
		request = "begin.channel_request 037b226b6579223a226b227d\n" // a Dequeue of k
		// A message and the user part its loop shows, and its fate.
		enqueue1 = "e1 begin.channel_request 027b226b6579223a226b222c22636f6e74656e74223a5b7b2274797065223a2274657874222c2274657874223a226869227d5d7d\n"
		part1    = "main begin.response 027b2274797065223a22757365725f746578745f636f6e74656e74222c226b6579223a226b222c2274657874223a226869227d\n"
		fate1    = "e1 enqueue.response 00\ne1 finish\n"
		enqueue2 = "e2 begin.channel_request 027b226b6579223a226b32222c22636f6e74656e74223a5b7b2274797065223a2274657874222c2274657874223a22686f227d5d7d\n"
		part2    = "main begin.response 027b2274797065223a22757365725f746578745f636f6e74656e74222c226b6579223a226b32222c2274657874223a22686f227d\n"
		fate2    = "e2 enqueue.response 00\ne2 finish\n"
		loop1    = enqueue1 + active + part1 + fate1
	)
	many := begun
	for _, id := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		many += id + " " + request
	}
	tests := []struct {
		name  string
		trace string
		want  string // check -complete's output
	}{
		{"nothing open", begun + "c1 " + request + "c1 dequeue.response 01\nc1 finish\n", "ok\n"},
		{"main open between loops", begun + loop1 + "main begin.response 047b7d\n", "ok\n"},
		{"a finish alone", "main finish\n", "ok\n"},
		{"loop open", begun + "\n# a comment ends it\n" + loop1 + "# end\n",
			"violation line 9: session.complete: end of trace: it leaves loop 1 open (its Active is line 5); a complete session ends every loop and finishes every channel\n"},
		{"second loop open", begun + loop1 + "main begin.response 047b7d\n" + enqueue2 + active + part2 + fate2,
			"violation line 12: session.complete: end of trace: it leaves loop 2 open (its Active is line 9); a complete session ends every loop and finishes every channel\n"},
		{"a channel answered, not finished", begun + "c1 " + request + "c1 dequeue.response 01\n",
			"violation line 3: session.complete: end of trace: it leaves 1 channel not finished: channel c1 (opened line 2); a complete session ends every loop and finishes every channel\n"},
		{"loop and channels", begun + loop1 + "c1 " + request + "c2 " + request + "c1 finish\nc3 " + request,
			"violation line 10: session.complete: end of trace: it leaves loop 1 open (its Active is line 3), and 2 channels not finished: channel c2 (opened line 8), channel c3 (opened line 10); a complete session ends every loop and finishes every channel\n"},
		{"many channels", many,
			"violation line 8: session.complete: end of trace: it leaves 7 channels not finished: channel a (opened line 2), channel b (opened line 3), channel c (opened line 4), channel d (opened line 5), channel e (opened line 6), 2 more; a complete session ends every loop and finishes every channel\n"},
		{"another rule first", begun + "c1 dequeue.response 01\n",
			"violation line 2: channel.request-first: channel c1 dequeue.response payload: the channel's first payload is labelled \"dequeue.response\"; a channel opens with its request (begin.channel_request)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCheck(t, tt.trace, "-complete", "-")
			assert.Empty(t, errOut)
			assert.Equal(t, tt.want, out)
			if tt.want == "ok\n" {
				assert.Equal(t, exitOK, code)
			} else {
				assert.Equal(t, exitViolation, code)
			}
		})
	}
	code, out, _ := runCheck(t, begun+loop1, "-")
	assert.Equal(t, exitOK, code, "without -complete an open loop is no violation")
	assert.Equal(t, "ok\n", out)
}

// TestCheckEmptyTrace: a trace with no event records no session; check
// refused it (it said ok) as a malformed trace.
func TestCheckEmptyTrace(t *testing.T) {
	for _, in := range []string{"", "\n\n", "# only a comment\n", "# c\r\n\r\n"} {
		for _, args := range [][]string{{"-"}, {"-complete", "-"}} {
			code, out, errOut := runCheck(t, in, args...)
			assert.Equal(t, exitUsage, code, "%q %v", in, args)
			assert.Empty(t, out)
			assert.Equal(t, "divergewire check: stdin: no event: an empty trace records no session, not even its begin\n", errOut)
		}
	}
	path := filepath.Join(t.TempDir(), "empty.trace")
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	code, _, errOut := runCheck(t, "", path)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, path+": no event")
}

// TestCheckExamples: the example session in testdata/examples checks,
// decodes and draws; the frame files beside it are refused with the
// reason (they name no stream), not just a field count.
func TestCheckExamples(t *testing.T) {
	const examples = "../../testdata/examples"
	example := filepath.Join(examples, "session.trace")
	code, out, errOut := runCheck(t, "", "-complete", example)
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "ok\n", out)

	for _, sub := range []string{"decode", "view"} {
		code, out, errOut := runMain(sub, example)
		assert.Equal(t, exitOK, code, "%s: %s", sub, errOut)
		assert.NotContains(t, out, "sk_example", sub)
		assert.NotContains(t, out, "st_example", sub)
	}

	for _, file := range []string{"begin_stream.txt", "enqueue_exchange.txt"} {
		code, out, errOut := runCheck(t, "", filepath.Join(examples, file))
		assert.Equal(t, exitUsage, code, file)
		assert.Empty(t, out)
		assert.Contains(t, errOut, "a frame file's line (as decode and conform read), not a trace's", file)
	}
	// A two-field line that is no "<scope> <hex>" gets no such hint.
	_, _, errOut = runCheck(t, "main begin.response\n", "-")
	assert.NotContains(t, errOut, "frame file")
}

// TestTraceFilesListed: the table and the directory agree, and every rule
// has a trace that breaks it.
func TestTraceFilesListed(t *testing.T) {
	entries, err := os.ReadDir(tracesDir)
	require.NoError(t, err)
	var onDisk []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".trace") {
			onDisk = append(onDisk, e.Name())
		}
	}
	var listed []string
	broken := map[session.Rule]bool{}
	for file, v := range traceVerdicts() {
		listed = append(listed, file)
		broken[v.rule] = true
	}
	slices.Sort(onDisk)
	slices.Sort(listed)
	assert.Equal(t, listed, onDisk, "testdata/traces and traceVerdicts differ")
	for file, v := range completeVerdicts() {
		assert.Contains(t, listed, file)
		broken[v.rule] = true
	}
	for _, r := range append(session.Rules(), ruleComplete) {
		assert.True(t, broken[r], "no trace breaks %s", r)
	}

	readme, err := os.ReadFile(filepath.Join(tracesDir, "README.md"))
	require.NoError(t, err)
	for _, file := range onDisk {
		assert.Contains(t, string(readme), "`"+file+"`", "README.md does not describe %s", file)
	}
}

// TestTracePayloadsCanonical: every payload in the traces that decodes is
// in canonical form (re-encoding gives it back), except the Active with a
// trailing byte, which is there to break that rule.
func TestTracePayloadsCanonical(t *testing.T) {
	for file := range traceVerdicts() {
		f, err := os.Open(filepath.Join(tracesDir, file))
		require.NoError(t, err)
		r := trace.NewReader(f)
		for {
			l, err := r.Next()
			if err == io.EOF {
				break
			}
			require.NoError(t, err, file)
			ev := l.Event
			if ev == nil || ev.Finish || ev.Scope == session.ScopeOpaque {
				continue
			}
			scope, ok := scopes.Lookup(ev.Scope)
			require.True(t, ok)
			again, err := scope.Conform(nil, ev.Payload)
			if err != nil {
				continue // a payload that does not decode, on purpose
			}
			if file == "bad_main_active_trailing_bytes.trace" && l.Number == 5 {
				assert.Equal(t, []byte{3}, again)
				continue
			}
			assert.Equal(t, ev.Payload, again, "%s:%d is not canonical", file, l.Number)
		}
		f.Close()
	}
}

// TestCheckUsage: usage errors and malformed traces exit 2 with a message on
// stderr and nothing on stdout.
func TestCheckUsage(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stderr string
	}{
		{"no args", nil, "", "usage:"},
		{"two args", []string{"a", "b"}, "", "usage:"},
		{"a flag", []string{"--strict"}, "", "usage:"},
		{"missing file", []string{filepath.Join(t.TempDir(), "none.trace")}, "", "none.trace"},
		{"two fields", []string{"-"}, "main begin.response\n", "stdin:1: expected `<stream> <scope> <hex>` or `<stream> finish`"},
		{"four fields", []string{"-"}, "# c\nmain begin.response 03 04\n", "stdin:2: expected"},
		{"unknown scope", []string{"-"}, "main begin.nope 03\n", `stdin:1: unknown scope "begin.nope"`},
		{"fields out of order", []string{"-"}, "main 007b7d begin.response\n", "stdin:1: the second field is not a scope and the third is one"},
		{"help is not a file", []string{"-x"}, "", "flag provided but not defined"},
		{"bad hex", []string{"-"}, "main begin.response 0g\n", "stdin:1: bad hex"},
		{"odd hex", []string{"-"}, "main begin.response 030\n", "stdin:1: bad hex"},
		{"a malformed line after a violation", []string{"-"}, "main begin.response 03\nmain oops\n", "stdin:2: expected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCheck(t, tt.stdin, tt.args...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Contains(t, errOut, tt.stderr)
		})
	}
}

// TestCheckStdin: a trace on stdin, with comments, blank lines, tabs, CRLF
// and the empty payload.
func TestCheckStdin(t *testing.T) {
	trace := "# a session\r\n\r\nmain\tbegin.response\t007b7d\r\nc1 begin.channel_request 01\nc1 opaque -\nc1 finish\nmain finish\n"
	code, out, errOut := runCheck(t, trace, "-")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "ok\n", out)

	code, out, _ = runCheck(t, "main begin.response 007b7d\nmain begin.response 02"+plain(`{"type":"assistant_text_content","text":"hi"}`)+"\n", "-")
	assert.Equal(t, 1, code)
	assert.Equal(t, "violation line 2: main.chunk-outside-loop: main Chunk: no loop is open (none has begun); a Chunk comes only between an Active and its Inactive\n", out)
}

// TestCheckIssueExample: an enqueue answered Delivered with no loop ever
// run is reported at the Delivered.
func TestCheckIssueExample(t *testing.T) {
	in := "main begin.response 007b7d\n" +
		"a begin.channel_request 027b226b6579223a226b222c22636f6e74656e74223a5b7b2274797065223a2274657874222c2274657874223a226869227d5d7d\n" +
		"a enqueue.response 00\na finish\nmain finish\n"
	code, out, _ := runCheck(t, in, "-")
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(out, "violation line 3: enqueue.delivered-loop: channel a Delivered: "), out)
}

// TestCheckViaRun: run dispatches check.
func TestCheckViaRun(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"check", filepath.Join(tracesDir, "ok_gated.trace")}, strings.NewReader(""), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.Equal(t, "ok\n", out.String())
}

// TestCheckNeverShowsSecrets: no verdict quotes a secret value.
func TestCheckNeverShowsSecrets(t *testing.T) {
	for file := range traceVerdicts() {
		_, out, _ := runCheck(t, "", filepath.Join(tracesDir, file))
		assert.NotContains(t, out, "sk_example", file)
		assert.NotContains(t, out, "st_example", file)
	}
}

// TestDecodeTrace: decode shows a trace event by event, stream first, with
// loop boundaries, and hides secret values.
func TestDecodeTrace(t *testing.T) {
	code, out, errOut := runDecode(t, "", filepath.Join(tracesDir, "ok_gated.trace"))
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut)
	lines := strings.Split(out, "\n")
	for _, want := range []string{
		"main  line 4  begin.response  Begun",
		"    session_token: rotating",
		"e1  line 6  begin.channel_request  Enqueue",
		"f1  line 8  begin.channel_request  Secrets",
		"    api_key: <hidden>",
		"f1  line 9  secrets.feed_response  Fed",
		"f1  line 10  finish",
		"── loop 1 ──",
		"main  line 11  begin.response  Active",
		"e1  line 13  enqueue.response  Delivered",
		"main  line 17  begin.response  Inactive",
		"── end of loop 1 ──",
		"── loop 2 ──",
		"── end of loop 2 ──",
		"main  line 29  finish",
	} {
		assert.Contains(t, lines, want)
	}
	assert.Less(t, slices.Index(lines, "── loop 1 ──"), slices.Index(lines, "main  line 11  begin.response  Active"))
	inactive := slices.Index(lines, "main  line 17  begin.response  Inactive")
	assert.Equal(t, []string{"  values:", "    session_token: <hidden>", "── end of loop 1 ──"}, lines[inactive+1:inactive+4])
	assert.NotContains(t, out, "sk_example")
	assert.NotContains(t, out, "st_example")

	code, out, _ = runDecode(t, "", "--show-secrets", filepath.Join(tracesDir, "ok_gated.trace"))
	require.Equal(t, 0, code)
	assert.Contains(t, out, `    session_token: "st_example_rotated_1"`)
}

// TestDecodeTraceOutput compares a whole output, so the format stays stable.
func TestDecodeTraceOutput(t *testing.T) {
	trace := "# t\nmain begin.response " + tagged(0, `{}`) + "\n" +
		"p1 begin.channel_request 0001020304\n" +
		"p1 opaque 5a00\n" +
		"main begin.response 03\n" +
		"main begin.response " + tagged(2, `{"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`) + "\n" +
		"main begin.response " + tagged(1, `{"kind":"program","error":"token was not handed back"}`) + "\n" +
		"main begin.response 09\n" +
		"main finish\n"
	code, out, errOut := runDecode(t, trace, "-")
	assert.Equal(t, 1, code, errOut)
	assert.Equal(t, `# t
main  line 2  begin.response  Begun
  dependencies: 0
  secrets: none
p1  line 3  begin.channel_request  Postgres
  conn_id: 16909060
p1  line 4  opaque  2 bytes, not read
── loop 1 ──
main  line 5  begin.response  Active
main  line 6  begin.response  Chunk
  type: usage
  tokens: completion 1, prompt 2, total 3
  json: {"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3}
main  line 7  begin.response  Error
  kind: "program"
  error: "token was not handed back"
  json: {"kind":"program","error":"token was not handed back"}
── end of loop 1, by an Error ──
main  line 8  begin.response  ERROR unknown_tag: unknown agents begin response tag 9
main  line 9  finish
`, out)
}

// TestDecodeTraceUsage: a malformed trace line is a usage error; the other
// lines are still shown.
func TestDecodeTraceUsage(t *testing.T) {
	code, out, errOut := runDecode(t, "main finish\nmain begin.response\nc1 nope.scope 00\nmain finish\n", "-")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "stdin:2: expected `<stream> <scope> <hex>` or `<stream> finish`")
	assert.Contains(t, errOut, `stdin:3: unknown scope "nope.scope"`)
	assert.Equal(t, "main  line 1  finish\nmain  line 4  finish\n", out)
}
