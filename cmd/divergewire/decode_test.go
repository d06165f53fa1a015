package main

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tagged is the hex of a payload: tag, then body.
func tagged(tag byte, body string) string {
	return hex.EncodeToString(append([]byte{tag}, body...))
}

// plain is the hex of an untagged payload.
func plain(body string) string { return hex.EncodeToString([]byte(body)) }

// runDecode runs the decode subcommand in-process.
func runDecode(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = decode(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func writeFile(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "frames.txt")
	require.NoError(t, os.WriteFile(path, []byte(content), 0o600))
	return path
}

// TestDecodeScopes decodes a valid payload of every scope and checks the
// header names the variant.
func TestDecodeScopes(t *testing.T) {
	tests := []struct {
		scope   string
		hex     string
		variant string
		lines   []string // lines the output must also contain
	}{
		{"enqueue.request", plain(`{"key":"k1","content":[{"type":"text","text":"hi"}]}`), "Request",
			[]string{`  key: "k1"`, `  content: 1 block`, `    [0] text "hi"`}},
		{"enqueue.response", "00", "Delivered", nil},
		{"enqueue.response", "01", "Dequeued", nil},
		{"enqueue.response", tagged(2, `{"kind":"program","status":415,"error":"no"}`), "Error", []string{`  kind: "program"`, `  status: 415`, `  error: "no"`, `  json: {"kind":"program","status":415,"error":"no"}`}},
		{"enqueue.response", tagged(2, `null`), "Error", []string{`  json: null`}},
		{"legacy.enqueue.request", plain(`{"prompt":"hello there"}`), "Request", []string{`  prompt: "hello there"`}},
		{"legacy.enqueue.response", "02", "Missed", nil},
		{"legacy.enqueue.response", tagged(3, `{"message":"lost"}`), "Error", []string{`  json: {"message":"lost"}`}},
		{"begin.channel_request", "00deadbeef", "Postgres", []string{"  conn_id: 3735928559"}},
		{"begin.channel_request", "01", "Info", nil},
		{"begin.channel_request", tagged(2, `{"key":"k","content":[]}`), "Enqueue", []string{`  key: "k"`, "  content: none"}},
		{"begin.channel_request", tagged(3, `{"key":"k"}`), "Dequeue", []string{`  key: "k"`}},
		{"begin.channel_request", tagged(4, `{"a":1}`), "Secrets", []string{"    a: <hidden>"}},
		{"begin.response", tagged(0, `{}`), "Begun", []string{"  dependencies: 0", "  secrets: none"}},
		{"begin.response", tagged(1, `{"kind":"program","error":"second begin"}`), "Error", []string{`  kind: "program"`, `  error: "second begin"`}},
		{"begin.response", tagged(2, `{"text":"hi","key":"k","type":"user_text_content"}`), "Chunk",
			[]string{"  type: user_text_content", `  key: "k"`, `  text: "hi"`, `  json: {"type":"user_text_content","key":"k","text":"hi"}`}},
		{"begin.chunk", plain(`{"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`), "Chunk",
			[]string{"  type: usage", "  tokens: completion 1, prompt 2, total 3", `  json: {"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`}},
		{"begin.response", "03", "Active", nil},
		{"begin.response", tagged(4, `{}`), "Inactive", []string{"  values: none"}},
		{"dequeue.request", plain(`{"key":"k9"}`), "Request", []string{`  key: "k9"`}},
		{"dequeue.response", "00", "Dequeued", nil},
		{"dequeue.response", "01", "Empty", nil},
		{"dequeue.response", tagged(2, `"busy"`), "Error", []string{`  json: "busy"`}},
		{"secrets.feed_response", "00", "Fed", nil},
		{"secrets.feed_response", tagged(1, `{"kind":"program","error":"bad token"}`), "Error", []string{`  error: "bad token"`}},
		{"postgres.request", "0A0B0C0D", "Postgres", []string{"  conn_id: 168496141"}},
		{"errors.error", plain(`{"message":"boom"}`), "Error", []string{`  json: {"message":"boom"}`}},
		{"errors.error", plain(`{"kind":"unregistered"}`), "Error", []string{`  kind: "unregistered"`}},
		{"secrets.values", plain(`{"token":"x"}`), "Values", []string{"    token: <hidden>"}},
		{"secrets.declaration", plain(`{"a":"fixed","b":"rotating"}`), "Declaration",
			[]string{"  secrets:", "    a: fixed", "    b: rotating"}},
		{"begin.registered", plain(`{"dependencies":[{"name":"db"}]}`), "Registered",
			[]string{"  dependencies: 1", `    [0] {"name":"db"}`, "  secrets: none"}},
		{"mcpcontent.block", plain(`{"type":"text","text":"hi"}`), "Text", []string{`  text "hi"`}},
		{"mcpcontent.block", plain(`{"type":"image","data":"AAAA","mimeType":"image/png"}`), "Image",
			[]string{`  image <4 bytes base64> mimeType="image/png"`}},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.scope+"/"+tt.variant, func(t *testing.T) {
			code, out, errOut := runDecode(t, "", tt.scope, tt.hex)
			require.Equal(t, 0, code, "stderr: %s\nstdout: %s", errOut, out)
			assert.Empty(t, errOut)
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			assert.Equal(t, tt.scope+"  "+tt.variant, got[0])
			for _, l := range tt.lines {
				assert.Contains(t, got[1:], l)
			}
		})
		seen[tt.scope] = true
	}
	var list bytes.Buffer
	require.Equal(t, 0, run([]string{"scopes"}, nil, &list, &list))
	for _, name := range strings.Fields(list.String()) {
		assert.True(t, seen[name], "scope %s has no case", name)
	}
	assert.Len(t, seen, 16)
}

// TestDecodeOutput compares whole outputs, so the format stays stable.
func TestDecodeOutput(t *testing.T) {
	long := strings.Repeat("é", 130)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{
			name: "begun",
			args: []string{"begin.response", tagged(0, `{"dependencies":[{"name":"db","image":"postgres:16"},{"name":"cache"}],"secrets":{"api_key":"fixed","token":"rotating","odd name":"fixed"}}`)},
			want: `begin.response  Begun
  dependencies: 2
    [0] {"name":"db","image":"postgres:16"}
    [1] {"name":"cache"}
  secrets:
    api_key: fixed
    token: rotating
    "odd name": fixed
`,
		},
		{
			name: "enqueue blocks",
			args: []string{"begin.channel_request", tagged(2, `{"key":"m1","content":[`+
				`{"type":"text","text":"`+long+`","_meta":{"k":1},"annotations":{"audience":["user","assistant"],"priority":0.5,"lastModified":"2025-01-01"}},`+
				`{"type":"audio","data":"UklGRg==","mimeType":"audio/wav"},`+
				`{"type":"resource_link","uri":"file:///a.txt","name":"a.txt","description":"d","size":3,"icons":[{"src":"https://x/i.png","sizes":["16x16"],"theme":"dark"}]},`+
				`{"type":"resource","resource":{"uri":"file:///b","mimeType":"text/plain","text":"bee"}},`+
				`{"type":"resource","resource":{"uri":"file:///c","blob":"AAAAAA=="}}]}`)},
			want: `begin.channel_request  Enqueue
  key: "m1"
  content: 5 blocks
    [0] text "` + strings.Repeat("é", 120) + `"… (130 chars) _meta={"k":1} annotations={audience=[user,assistant] priority=0.5 lastModified="2025-01-01"}
    [1] audio <8 bytes base64> mimeType="audio/wav"
    [2] resource_link uri="file:///a.txt" name="a.txt" description="d" size=3 icons=[{src="https://x/i.png" sizes=["16x16"] theme=dark}]
    [3] resource uri="file:///b" mimeType="text/plain" text="bee"
    [4] resource uri="file:///c" blob=<8 bytes base64>
`,
		},
		{
			name: "long chunk is cut",
			args: []string{"begin.response", tagged(2, `{"type":"assistant_text_content","text":"`+strings.Repeat("a", 300)+`"}`)},
			want: "begin.response  Chunk\n  type: assistant_text_content\n" +
				`  text: "` + strings.Repeat("a", 120) + `"… (300 chars)` + "\n" +
				`  json: {"type":"assistant_text_content","text":"` + strings.Repeat("a", 159) + "… (343 bytes)\n",
		},
		{
			name: "non-printing characters are escaped",
			args: []string{"begin.response", tagged(2, "{\"type\":\"assistant_text_content\",\"text\":\"a\u2028b\u0085c\"}")},
			want: "begin.response  Chunk\n  type: assistant_text_content\n" + `  text: "a\u2028b\u0085c"` + "\n" +
				`  json: {"type":"assistant_text_content","text":"a\u2028b\u0085c"}` + "\n",
		},
		{
			name: "bytes after a bare tag",
			args: []string{"enqueue.response", "00ffff"},
			want: "enqueue.response  Delivered\n  (2 bytes after the bare tag, ignored)\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runDecode(t, "", tt.args...)
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, tt.want, out)
		})
	}
}

// TestDecodeExamples decodes the example files.
func TestDecodeExamples(t *testing.T) {
	tests := []struct {
		file  string
		lines []string
	}{
		{"begin_stream.txt", []string{
			"line 10  begin.response  Begun",
			"  dependencies: 1",
			"    api_key: fixed",
			"    session_token: rotating",
			"line 13  begin.response  Active",
			"line 16  begin.response  Chunk",
			`  json: {"type":"user_text_content","key":"msg-1","text":"Which tables does the notes database have?"}`,
			"line 23  begin.response  Inactive",
			"    session_token: <hidden>",
			"line 25  begin.response  Active",
			`  json: {"type":"user_resource_link","key":"msg-2","uri":"https://example.com/guides/migrations.md","name":"migrations.md"}`,
			`  name: "run_sql"`,
			"line 31  begin.response  Chunk",
			"  type: tool_response",
			"line 36  begin.response  Inactive",
			"# The finish follows: the stream is over.",
		}},
		{"enqueue_exchange.txt", []string{
			"line 7  begin.channel_request  Secrets",
			"    api_key: <hidden>",
			"line 9  secrets.feed_response  Fed",
			"line 12  begin.channel_request  Enqueue",
			"  content: 3 blocks",
			`    [0] text "What is in this screenshot, and does it match the spec?"`,
			`    [1] image <96 bytes base64> mimeType="image/png"`,
			`    [2] resource_link uri="https://example.com/specs/notes-ui.pdf" name="notes-ui.pdf" title="Notes UI spec" mimeType="application/pdf" size=48213`,
			"line 15  enqueue.response  Delivered",
			"line 17  begin.channel_request  Dequeue",
			"line 19  dequeue.response  Empty",
			"line 25  enqueue.response  Error",
			`  kind: "no_content"`,
			`  error: "the message has no content block"`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			code, out, errOut := runDecode(t, "", filepath.Join("..", "..", "testdata", "examples", tt.file))
			require.Equal(t, 0, code, "stderr: %s\nstdout: %s", errOut, out)
			assert.Empty(t, errOut)
			assert.NotContains(t, out, "ERROR")
			got := strings.Split(out, "\n")
			for _, l := range tt.lines {
				assert.Contains(t, got, l)
			}
			assert.NotContains(t, out, "st_example", "secret values shown without --show-secrets")
			assert.NotContains(t, out, "sk_example")
		})
	}
}

// TestDecodeBadFrames: a payload that does not decode is an ERROR line
// naming the scope, the variant and the error, and exit 1.
func TestDecodeBadFrames(t *testing.T) {
	tests := []struct {
		scope string
		hex   string
		want  string
	}{
		{"begin.response", "-", "begin.response  ERROR empty: agents begin response frame is empty"},
		{"begin.response", "09", "begin.response  ERROR unknown_tag: unknown agents begin response tag 9"},
		{"begin.response", tagged(2, `[1]`), "begin.response  ERROR chunk: agents begin response chunk did not parse: "},
		{"begin.response", tagged(4, `{"sk_live_MARKER123"`), "begin.response  ERROR inactive: agents begin response inactive did not parse: "},
		{"begin.channel_request", "0001", "begin.channel_request  ERROR postgres: "},
		{"enqueue.response", tagged(2, `{`), "enqueue.response  ERROR body: enqueue answer body did not parse: "},
		{"postgres.request", "01", "postgres.request  ERROR postgres: postgres connection request is 1 bytes, not 4"},
		{"secrets.values", plain(`{"a":sk_live_MARKER123}`), "secrets.values  ERROR json: "},
		{"mcpcontent.block", plain(`{"type":"video"}`), "mcpcontent.block  ERROR json: "},
	}
	for _, tt := range tests {
		t.Run(tt.scope+"/"+tt.hex, func(t *testing.T) {
			var code int
			var out string
			if tt.hex == "-" { // on the command line "-" is stdin: an empty stdin
				code, out, _ = runDecode(t, "", tt.scope, "-")
			} else {
				code, out, _ = runDecode(t, "", tt.scope, tt.hex)
			}
			assert.Equal(t, 1, code)
			assert.True(t, strings.HasPrefix(out, tt.want), "got %q", out)
			assert.NotContains(t, out, "MARKER123")
		})
	}

	t.Run("file shows every line", func(t *testing.T) {
		path := writeFile(t, "# a story\nbegin.response 03\n\nbegin.response 02\nbegin.response -\nbegin.response 03\n")
		code, out, errOut := runDecode(t, "", path)
		assert.Equal(t, 1, code)
		assert.Empty(t, errOut)
		assert.Equal(t, "# a story\n"+
			"line 2  begin.response  Active\n"+
			"line 4  begin.response  ERROR chunk: agents begin response chunk did not parse: input ended where a value should be at offset 0\n"+
			"line 5  begin.response  ERROR empty: agents begin response frame is empty\n"+
			"line 6  begin.response  Active\n", out)
	})
}

// TestDecodeSecrets: secret values show only with --show-secrets, on every
// path that prints them.
func TestDecodeSecrets(t *testing.T) {
	const values = `{"api_key":"sk_live_MARKER123","pin":987654321,"nested":{"inner":{"deep":"NESTED_MARKER_456"}},"list":["LIST_MARKER_789",true,null],"flag":false}`
	markers := []string{"sk_live_MARKER123", "987654321", "NESTED_MARKER_456", "LIST_MARKER_789", "inner", "deep", "false", "true", "null"}
	names := []string{"api_key", "pin", "nested", "list", "flag"}
	tests := []struct {
		name  string
		stdin string
		args  []string
	}{
		{"secrets.values", "", []string{"secrets.values", plain(values)}},
		{"secrets channel request", "", []string{"begin.channel_request", tagged(4, values)}},
		{"inactive", "", []string{"begin.response", tagged(4, values)}},
		{"inactive from stdin", "\x04" + values, []string{"begin.response", "-"}},
		{"file", "", nil}, // filled in below
		{"lines on stdin", "secrets.values " + plain(values) + "\n", []string{"-"}},
	}
	tests[4].args = []string{writeFile(t, "# secrets\nbegin.channel_request "+tagged(4, values)+"\nbegin.response "+tagged(4, values)+"\nsecrets.values "+plain(values)+"\n")}

	for _, tt := range tests {
		t.Run(tt.name+"/hidden", func(t *testing.T) {
			code, out, errOut := runDecode(t, tt.stdin, tt.args...)
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, "<hidden>")
			for _, m := range markers {
				assert.NotContains(t, out, m)
			}
			for _, n := range names {
				assert.Contains(t, strings.Split(out, "\n"), "    "+n+": <hidden>")
			}
		})
		t.Run(tt.name+"/shown", func(t *testing.T) {
			code, out, errOut := runDecode(t, tt.stdin, append([]string{"--show-secrets"}, tt.args...)...)
			require.Equal(t, 0, code, errOut)
			assert.NotContains(t, out, "<hidden>")
			for _, m := range markers {
				assert.Contains(t, out, m)
			}
			assert.Contains(t, out, `    api_key: "sk_live_MARKER123"`)
			assert.Contains(t, out, `    nested: {"inner":{"deep":"NESTED_MARKER_456"}}`)
			assert.Contains(t, out, `    pin: 987654321`)
		})
	}
}

// TestDecodeUsageErrors: usage errors exit 2 with a message on stderr.
func TestDecodeUsageErrors(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"no args", nil, "usage:"},
		{"too many args", []string{"a", "b", "c"}, "usage:"},
		{"unknown flag", []string{"--show", "begin.response", "03"}, "flag provided but not defined: -show"},
		{"unknown scope", []string{"begin.nope", "03"}, `unknown scope "begin.nope"`},
		{"odd hex", []string{"begin.response", "030"}, "bad hex"},
		{"bad hex", []string{"begin.response", "zz"}, "bad hex"},
		{"unreadable file", []string{filepath.Join(t.TempDir(), "missing.txt")}, "missing.txt"},
		{"file: unknown scope", []string{writeFile(t, "begin.response 03\nnope.scope 00\n")}, ":2: unknown scope"},
		{"file: bad hex", []string{writeFile(t, "begin.response 0g\n")}, ":1: bad hex"},
		{"file: no hex", []string{writeFile(t, "begin.response\n")}, ":1: expected `<scope> <hex>`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runDecode(t, "", tt.args...)
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, tt.stderr)
		})
	}

	t.Run("file: later lines still shown, bad frame and bad line", func(t *testing.T) {
		path := writeFile(t, "nope 00\nbegin.response 09\nbegin.response 03\n")
		code, out, errOut := runDecode(t, "", path)
		assert.Equal(t, 2, code)
		assert.Contains(t, errOut, ":1: unknown scope")
		assert.Equal(t, "line 2  begin.response  ERROR unknown_tag: unknown agents begin response tag 9\nline 3  begin.response  Active\n", out)
	})
}

// TestDecodeViaRun checks that run dispatches decode.
func TestDecodeViaRun(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"decode", "--show-secrets", "secrets.values", plain(`{"a":"v"}`)}, strings.NewReader(""), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.Equal(t, "secrets.values  Values\n  values:\n    a: \"v\"\n", out.String())

	out.Reset()
	code = run([]string{"decode", "begin.response", "-"}, strings.NewReader("\x03"), &out, &errOut)
	require.Equal(t, 0, code)
	assert.Equal(t, "begin.response  Active\n", out.String())
}

// TestDecodeChunkKinds: what decode says of each of the fourteen kinds,
// before the JSON line: the kind, then what the chunk says.
func TestDecodeChunkKinds(t *testing.T) {
	tests := []struct {
		chunk string
		lines []string
	}{
		{`{"type":"assistant_reasoning","text":"think"}`, []string{"  type: assistant_reasoning", `  text: "think"`}},
		{`{"type":"assistant_text_content","parent_tool_call_id":"c0","text":"hi"}`, []string{"  type: assistant_text_content", `  parent_tool_call_id: "c0"`, `  text: "hi"`}},
		{`{"type":"assistant_refusal","text":"no"}`, []string{"  type: assistant_refusal", `  text: "no"`}},
		{`{"type":"assistant_image_content","data":"aGk=","mimeType":"image/png"}`, []string{"  type: assistant_image_content", `  block: image <4 bytes base64> mimeType="image/png"`}},
		{`{"type":"assistant_audio_content","data":"UklG","mimeType":"audio/wav"}`, []string{"  type: assistant_audio_content", `  block: audio <4 bytes base64> mimeType="audio/wav"`}},
		{`{"type":"assistant_tool_call","id":"call_1","name":"read_file","arguments":"{\"p\":1}"}`,
			[]string{"  type: assistant_tool_call", `  id: "call_1"`, `  name: "read_file"`, `  arguments: "{\"p\":1}"`}},
		{`{"type":"tool_response","id":"call_1","content":[{"type":"text","text":"ok"}],"isError":true}`,
			[]string{"  type: tool_response", `  id: "call_1"`, "  isError: true", "  content: 1 block", `    [0] text "ok"`}},
		{`{"type":"user_text_content","key":"m","text":"hi"}`, []string{"  type: user_text_content", `  key: "m"`, `  text: "hi"`}},
		{`{"type":"user_image_content","key":"m","data":"aGk=","mimeType":"image/png"}`, []string{"  type: user_image_content", `  key: "m"`, `  block: image <4 bytes base64> mimeType="image/png"`}},
		{`{"type":"user_audio_content","key":"m","data":"UklG","mimeType":"audio/wav"}`, []string{"  type: user_audio_content", `  key: "m"`, `  block: audio <4 bytes base64> mimeType="audio/wav"`}},
		{`{"type":"user_resource","key":"m","resource":{"uri":"file:///a","text":"x"}}`, []string{"  type: user_resource", `  key: "m"`, `  block: resource uri="file:///a" text="x"`}},
		{`{"type":"user_resource_link","key":"m","uri":"file:///a","name":"a"}`, []string{"  type: user_resource_link", `  key: "m"`, `  block: resource_link uri="file:///a" name="a"`}},
		{`{"type":"usage","completion_tokens":1,"prompt_tokens":2,"total_tokens":3}`, []string{"  type: usage", "  tokens: completion 1, prompt 2, total 3"}},
		{`{"type":"notification","is_fatal":true,"message":{"kind":"program","error":"down"}}`,
			[]string{"  type: notification", "  is_fatal: true", `  message: {"kind":"program","error":"down"}`}},
	}
	for _, tt := range tests {
		t.Run(tt.lines[0], func(t *testing.T) {
			code, out, errOut := runDecode(t, "", "begin.chunk", hex.EncodeToString([]byte(tt.chunk)))
			require.Equal(t, 0, code, errOut)
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			require.Equal(t, "begin.chunk  Chunk", got[0])
			require.Len(t, got, len(tt.lines)+2, out)
			assert.Equal(t, tt.lines, got[1:len(got)-1])
			assert.True(t, strings.HasPrefix(got[len(got)-1], "  json: {"), got[len(got)-1])
		})
	}
}
