package main

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// leakValues are fed (1-5) and handed back (6) secret values holding what
// quoting changes: quotes, backslashes, newlines, tabs, control characters,
// non-ASCII. Each holds a marker found nowhere else in the trace, so a part
// of a value in the output shows as its marker.
var leakValues = []struct{ name, value, marker string }{
	{"quotes", `pa"ss\wo"rd-LEAKONE`, "LEAKONE"},
	{"lines", "line1\nline2\tLEAKTWO", "LEAKTWO"},
	{"controls", "ctl\x01\x1f\x7fLEAKTHREE", "LEAKTHREE"},
	{"unicode", "nön-ascii-ünïcødé-LEAKFOUR-\u2028-😀", "LEAKFOUR"},
	{"pem", "-----BEGIN KEY-----\nMIIB\tLEAKFIVE\\", "LEAKFIVE"},
	{"handed", "handed\"back\\LEAKSIX", "LEAKSIX"},
}

// testForms is every form a value could show in, computed here apart from
// the scrubber: raw, Go-quoted, JSON-escaped (with and without encoding/json's
// HTML escapes), each with non-printing characters as \u escapes, hex, and
// base64.
func testForms(value string) []string {
	goq := strconv.Quote(value)
	js, _ := json.Marshal(value)
	var plain bytes.Buffer
	enc := json.NewEncoder(&plain)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(value)
	pj := strings.TrimSpace(plain.String())
	texts := []string{value, goq[1 : len(goq)-1], string(js[1 : len(js)-1]), pj[1 : len(pj)-1]}
	var out []string
	for _, s := range texts {
		var u strings.Builder
		for _, r := range s {
			if r == ' ' || unicode.IsPrint(r) {
				u.WriteRune(r)
			} else {
				fmt.Fprintf(&u, `\u%04x`, r)
			}
		}
		out = append(out, s, u.String())
	}
	return append(out, hex.EncodeToString([]byte(value)), base64.StdEncoding.EncodeToString([]byte(value)))
}

// assertNothingLeaks checks output for every form of every value, and for
// each value's marker as text, hex and base64 at each alignment.
func assertNothingLeaks(t *testing.T, output, what string) {
	t.Helper()
	for _, text := range []string{output, html.UnescapeString(output)} {
		for _, v := range leakValues {
			for _, form := range testForms(v.value) {
				require.False(t, strings.Contains(text, form), "%s shows %s's value as %q", what, v.name, form)
			}
			for _, form := range []string{v.marker, hex.EncodeToString([]byte(v.marker))} {
				require.False(t, strings.Contains(strings.ToLower(text), strings.ToLower(form)), "%s shows part of %s's value", what, v.name)
			}
			for k := range 3 {
				b := base64.StdEncoding.EncodeToString(append(make([]byte, k), v.marker...))
				require.False(t, strings.Contains(text, b[(8*k+5)/6:8*(k+len(v.marker))/6]), "%s shows %s's marker in base64", what, v.name)
			}
		}
	}
}

func tagged1(tag byte, body any) string {
	b, err := json.Marshal(body)
	if err != nil {
		panic(err)
	}
	return hex.EncodeToString(append([]byte{tag}, b...))
}

// escapedValue is the first value with every character a \u escape, as
// no form has it: found in a chunk past the cut of its text, it must not
// show in the event's hex.
var escapedValue = func() string {
	var b strings.Builder
	for _, r := range leakValues[0].value {
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	return b.String()
}()

// leakTrace is a session whose fed and handed-back values reappear
// everywhere text is shown: an Error before the feed and one in the loop
// (raw, hex and base64), a chunk (its JSON cut right inside a value), an
// enqueue's key and text (cut inside a value), a chunk escaping a value
// past where its text is cut, a refused feed's message.
func leakTrace(t *testing.T) string {
	fed := map[string]string{}
	var all []string
	for i, v := range leakValues[:5] {
		fed[fmt.Sprintf("s%d", i)] = v.value
		all = append(all, v.value)
	}
	handed := leakValues[5].value
	all = append(all, handed)
	joined := strings.Join(all, " | ")
	var encoded []string
	for _, v := range all {
		encoded = append(encoded, hex.EncodeToString([]byte(v)), base64.StdEncoding.EncodeToString([]byte(v)), "x"+base64.URLEncoding.EncodeToString([]byte(v)))
	}
	chunk := func(text string) string {
		return tagged1(2, map[string]any{"type": "assistant_text_content", "text": text})
	}
	lines := []string{
		"main begin.response " + tagged1(0, map[string]any{"secrets": map[string]string{"s0": "fixed", "s1": "fixed", "s2": "fixed", "s3": "fixed", "s4": "rotating"}}),
		"main begin.response " + tagged1(1, map[string]string{"kind": "program", "error": "early: " + joined}),
		"f1 begin.channel_request " + tagged1(4, fed),
		"f1 secrets.feed_response 00",
		"f1 finish",
		"e1 begin.channel_request " + tagged1(2, map[string]any{"key": leakValues[0].value, "content": []map[string]string{{"type": "text", "text": strings.Repeat("t", 115) + leakValues[1].value}}}),
		"main begin.response 03",
		"main begin.response " + chunk(joined),
		"main begin.response " + chunk(strings.Repeat("c", 100)+leakValues[2].value),
		"main begin.response " + chunk(strings.Repeat("c", 66)+leakValues[0].value),
		"main begin.response " + hex.EncodeToString(append([]byte{2}, `{"type":"assistant_text_content","text":"`+strings.Repeat("c", 250)+escapedValue+`"}`...)),
		// A chunk that does not decode, the value \u-escaped in it: its
		// hex is hidden all the same.
		"main begin.response " + hex.EncodeToString(append([]byte{2}, `{"kind":"not a chunk","text":"`+strings.ToUpper(escapedValue)+`"}`...)),
		"main begin.response " + tagged1(1, map[string]string{"kind": "program", "error": "s4 not handed back: " + strings.Join(encoded, " ")}),
		"f2 begin.channel_request " + tagged1(4, fed),
		"f2 secrets.feed_response " + tagged1(1, map[string]string{"kind": "program", "error": "refused: " + joined}),
		"f2 finish",
		"main begin.response " + tagged1(4, map[string]string{"s4": handed}),
		"main finish",
	}
	path := filepath.Join(t.TempDir(), "leak.trace")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return path
}

// TestNoFormOfAValueShows: no form of a fed or handed-back value is in
// view's page or decode's text, wherever it reappears (an Error's message
// before or after the feed, a chunk, a key, a text cut inside the value, a
// refusal, hex and base64 in a message); with -show-secrets it is. Before,
// a value with a quote, backslash, newline, tab or control character showed
// Go-quoted or JSON-escaped in the page and its hex, and decode hid none of
// them.
func TestNoFormOfAValueShows(t *testing.T) {
	path := leakTrace(t)
	t.Run("view", func(t *testing.T) {
		page := viewPage(t, path)
		assertNothingLeaks(t, page, "view")
		assert.Contains(t, page, "&lt;hidden&gt;")
		assert.NotContains(t, page, hex.EncodeToString([]byte(escapedValue)))
		assert.NotContains(t, page, hex.EncodeToString([]byte(strings.ToUpper(escapedValue))))
		shown := viewPage(t, path, "-show-secrets")
		assert.Contains(t, shown, hex.EncodeToString([]byte(escapedValue)))
		for _, v := range leakValues {
			assert.Contains(t, shown, v.marker)
		}
	})
	t.Run("decode", func(t *testing.T) {
		var out, errOut bytes.Buffer
		decode([]string{path}, strings.NewReader(""), &out, &errOut)
		assertNothingLeaks(t, out.String()+errOut.String(), "decode")
		assert.Contains(t, out.String(), "<hidden>")
		assert.Contains(t, out.String(), "begin.response  Error")
		out.Reset()
		decode([]string{"-show-secrets", path}, strings.NewReader(""), &out, &errOut)
		for _, v := range leakValues {
			assert.Contains(t, out.String(), v.marker)
		}
	})
	t.Run("decode of stdin", func(t *testing.T) {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		var out, errOut bytes.Buffer
		decode([]string{"-"}, bytes.NewReader(data), &out, &errOut)
		assertNothingLeaks(t, out.String()+errOut.String(), "decode of stdin")
	})
}

// TestScrubberForms: each form the scrubber knows is hidden on its own, and
// a value cut by an ellipsis is hidden up to the cut.
func TestScrubberForms(t *testing.T) {
	for _, v := range leakValues {
		sc := newScrubber(false)
		sc.add(v.value)
		for _, form := range testForms(v.value) {
			got, hit := sc.hide("before " + form + " after")
			assert.True(t, hit, "%s: %q", v.name, form)
			assert.Equal(t, "before <hidden> after", got, "%s: %q", v.name, form)
		}
		cut := v.value[:len(v.value)-3]
		got, hit := sc.hide(`x "` + cut + `"… (200 chars)`)
		assert.True(t, hit)
		assert.Equal(t, `x "<hidden>"… (200 chars)`, got, v.name)
		got, hit = sc.hide("plain text, nothing secret")
		assert.False(t, hit)
		assert.Equal(t, "plain text, nothing secret", got)
	}
	var nilScrubber *scrubber
	got, hit := nilScrubber.hide(leakValues[0].value)
	assert.False(t, hit)
	assert.Equal(t, leakValues[0].value, got)
}

// TestScrubberCollects: a value that is an object or array is hidden whole
// and by each string and number in it; overlapping values are hidden as one
// span; a value under minScrubbed bytes is not looked for.
func TestScrubberCollects(t *testing.T) {
	var v secrets.Values
	require.NoError(t, v.DecodeJSON([]byte(`{"db":{"user":"dbuser","pass":"hunter22","port":54321},"list":["alpha-one",7],"a":"abcdef","b":"cdefgh","short":"abc"}`)))
	sc := newScrubber(false)
	sc.collect(&v)
	for _, tc := range []struct{ in, want string }{
		{`the db was {"user":"dbuser","pass":"hunter22","port":54321}`, "the db was <hidden>"},
		{"pass hunter22 port 54321", "pass <hidden> port <hidden>"},
		{"dbuser alpha-one 7", "<hidden> <hidden> 7"},
		{"xabcdefghx", "x<hidden>x"},
		{"abc stays", "abc stays"},
	} {
		got, _ := sc.hide(tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
	assert.Nil(t, newScrubber(true))
	var none *scrubber
	none.collect(&v) // a nil scrubber collects nothing and does not panic
}
