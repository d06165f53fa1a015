// Hiding secret values that show up where they should not: one type, used
// by decode and by view.

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// minScrubbed is the shortest secret value looked for in other text: a
// shorter one ("1", "true") would hide half of every page.
const minScrubbed = 4

// minEncoded is the shortest hex or base64 form looked for: base64's middle
// part of a 4-byte value is 4 characters, too common to hide.
const minEncoded = 8

// scrubber hides the secret values a session fed or handed back wherever
// else they show: in an Error's message, a chunk, a key, a comment, the hex
// of a payload. Each value is looked for in every form the output can give
// it: raw, JSON-escaped (serde_json's and encoding/json's escapes), Go-quoted
// (%q), each of those with sanitize's \u escapes, hex, and base64 (standard
// and URL alphabets: the whole padded encoding, and the characters that
// depend on the value alone at each of the three alignments it can have
// inside longer data). A value cut short by an ellipsis ("…", quoteCut, jsonCut,
// hexCut) is hidden too: the end of the text before the ellipsis is hidden
// when it begins a form.
//
// All forms of all values go into one Aho-Corasick automaton, built once at
// the first hide after the values were collected, so hiding costs one pass
// over the text whatever the number of values. A nil *scrubber hides
// nothing (-show-secrets).
type scrubber struct {
	values map[string]struct{} // what collect found
	ac     *automaton          // nil until the first hide after a collect
	steps  int                 // automaton moves made by hide, for the cost test
}

// newScrubber returns a scrubber, or nil when show asks for values to be
// shown.
func newScrubber(show bool) *scrubber {
	if show {
		return nil
	}
	return &scrubber{values: map[string]struct{}{}}
}

// collect remembers the secret values a decoded payload carries: a Secrets
// request's, an Inactive's, a secrets.values document's.
func (s *scrubber) collect(v any) {
	if s == nil {
		return
	}
	var vals secrets.Values
	switch v := v.(type) {
	case *begin.Secrets:
		vals = v.Values
	case *begin.Inactive:
		vals = v.Values
	case *secrets.Values:
		vals = *v
	default:
		return
	}
	for _, raw := range vals.All() {
		b := raw.Bytes()
		if len(b) > 0 && b[0] == '"' {
			var text string
			if json.Unmarshal(b, &text) == nil {
				s.add(text)
			}
			continue
		}
		s.add(string(b))
		if len(b) > 0 && (b[0] == '{' || b[0] == '[') {
			s.leaves(b)
		}
	}
}

// leaves adds the strings and numbers inside an object or array value (not
// its member names): each is a secret on its own.
func (s *scrubber) leaves(b []byte) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return
	}
	s.walk(v)
}

func (s *scrubber) walk(v any) {
	switch v := v.(type) {
	case string:
		s.add(v)
	case json.Number:
		s.add(string(v))
	case []any:
		for _, x := range v {
			s.walk(x)
		}
	case map[string]any:
		for _, x := range v {
			s.walk(x)
		}
	}
}

func (s *scrubber) add(text string) {
	if len(text) < minScrubbed {
		return
	}
	if _, ok := s.values[text]; !ok {
		s.values[text] = struct{}{}
		s.ac = nil
	}
}

// forms is every form value can take in the output.
func forms(value string) []string {
	var out []string
	addText := func(f string) {
		if len(f) >= minScrubbed {
			out = append(out, f, sanitize(f))
		}
	}
	addText(value)
	if b, err := serde.AppendString(nil, value); err == nil {
		addText(string(b[1 : len(b)-1]))
		out = append(out, hex.EncodeToString(b[1:len(b)-1]))
	}
	if b, err := json.Marshal(value); err == nil {
		addText(string(b[1 : len(b)-1]))
	}
	q := strconv.Quote(value)
	addText(q[1 : len(q)-1])
	out = append(out, hex.EncodeToString([]byte(value)),
		base64.StdEncoding.EncodeToString([]byte(value)), base64.URLEncoding.EncodeToString([]byte(value)))
	// base64: the characters that depend on the value alone, with the value
	// starting 0, 1 or 2 bytes into a group of three.
	for k := range 3 {
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			src := append(make([]byte, k), value...)
			b64 := enc.EncodeToString(src)
			from, to := (8*k+5)/6, 8*len(src)/6
			if to-from >= minEncoded {
				out = append(out, b64[from:to])
			}
		}
	}
	return out
}

// hiddenText is what stands for a value in the output.
const hiddenText = "<hidden>"

// hide replaces every form of every collected value in text with <hidden>,
// and reports whether it found one.
func (s *scrubber) hide(text string) (string, bool) {
	if s == nil || len(s.values) == 0 {
		return text, false
	}
	if s.ac == nil {
		seen := map[string]struct{}{}
		var patterns []string
		for v := range s.values {
			for _, f := range forms(v) {
				if _, dup := seen[f]; !dup {
					seen[f] = struct{}{}
					patterns = append(patterns, f)
				}
			}
		}
		s.ac = newAutomaton(patterns)
	}
	spans, steps := s.ac.find(text)
	s.steps += steps
	if len(spans) == 0 {
		return text, false
	}
	var sb strings.Builder
	at := 0
	for _, sp := range spans {
		sb.WriteString(text[at:sp.from])
		sb.WriteString(hiddenText)
		at = sp.to
	}
	sb.WriteString(text[at:])
	// A hidden span may have cut a character in two; keep the text UTF-8.
	return strings.ToValidUTF8(sb.String(), ""), true
}

// hideAll hides values in each string of list, in place, and reports
// whether it found one.
func (s *scrubber) hideAll(list ...*string) bool {
	hit := false
	for _, p := range list {
		var h bool
		*p, h = s.hide(*p)
		hit = hit || h
	}
	return hit
}

// automaton is an Aho-Corasick automaton over bytes. Its trie is stored as
// first-child and next-sibling links, with full tables of the children of
// the root and of its children, whose lists are the longest.
type automaton struct {
	nodes  []acNode        // nodes[0] is the root
	root   [256]int32      // the root's children, 0 for none
	level1 [256][256]int32 // level1[a][b]: the child b of the root's child a
}

type acNode struct {
	child, next int32 // first child, next sibling; 0 for none
	fail        int32 // the longest proper suffix that is in the trie
	depth       int32 // bytes from the root
	out         int32 // the longest pattern ending here, itself or by fail links; 0 for none
	label       byte
}

type span struct{ from, to int }

func newAutomaton(patterns []string) *automaton {
	size := 1
	for _, p := range patterns {
		size += len(p)
	}
	a := &automaton{nodes: make([]acNode, 1, size)}
	for _, p := range patterns {
		n := int32(0)
		for i := 0; i < len(p); i++ {
			c := a.step(n, p[i])
			if c < 0 {
				c = int32(len(a.nodes))
				a.nodes = append(a.nodes, acNode{label: p[i], depth: a.nodes[n].depth + 1})
				switch d := a.nodes[n].depth; {
				case d == 0:
					a.root[p[i]] = c
				case d == 1:
					a.level1[a.nodes[n].label][p[i]] = c
					fallthrough
				default:
					a.nodes[c].next, a.nodes[n].child = a.nodes[n].child, c
				}
			}
			n = c
		}
		if n != 0 {
			a.nodes[n].out = a.nodes[n].depth
		}
	}
	// Failure links, breadth first.
	queue := make([]int32, 0, len(a.nodes))
	for _, c := range a.root {
		if c != 0 {
			queue = append(queue, c)
		}
	}
	for i := 0; i < len(queue); i++ {
		n := queue[i]
		if a.nodes[n].out == 0 {
			a.nodes[n].out = a.nodes[a.nodes[n].fail].out
		}
		for c := a.nodes[n].child; c != 0; c = a.nodes[c].next {
			f, b := a.nodes[n].fail, a.nodes[c].label
			for {
				if g := a.step(f, b); g >= 0 {
					a.nodes[c].fail = g
					break
				}
				if f == 0 {
					break
				}
				f = a.nodes[f].fail
			}
			queue = append(queue, c)
		}
	}
	return a
}

// step is n's child labelled b, or -1.
func (a *automaton) step(n int32, b byte) int32 {
	var c int32
	switch a.nodes[n].depth {
	case 0:
		c = a.root[b]
	case 1:
		c = a.level1[a.nodes[n].label][b]
	default:
		for c := a.nodes[n].child; c != 0; c = a.nodes[c].next {
			if a.nodes[c].label == b {
				return c
			}
		}
	}
	if c != 0 {
		return c
	}
	return -1
}

// ellipsis marks where quoteCut, jsonCut and hexCut cut text.
const ellipsis = "…"

// find returns the spans of text that hold a pattern (merged where they
// overlap or touch), and the number of moves it made: one pass over text.
// A span also covers the end of the text before an ellipsis (or before the
// closing quote of a quoted text cut by one) when it begins a pattern and is
// minScrubbed bytes or more.
func (a *automaton) find(text string) ([]span, int) {
	var spans []span
	push := func(from, to int) {
		for len(spans) > 0 && spans[len(spans)-1].to >= from {
			from = min(from, spans[len(spans)-1].from)
			spans = spans[:len(spans)-1]
		}
		spans = append(spans, span{from, to})
	}
	steps := 0
	n, prev := int32(0), int32(0) // the state after text[:i], and after text[:i-1]
	for i := 0; i < len(text); i++ {
		if text[i] == ellipsis[0] && strings.HasPrefix(text[i:], ellipsis) {
			at, m := i, n
			if i > 0 && text[i-1] == '"' {
				at, m = i-1, prev
			}
			if d := int(a.nodes[m].depth); d >= minScrubbed {
				push(at-d, at)
			}
		}
		b := text[i]
		prev = n
		for {
			steps++
			if c := a.step(n, b); c >= 0 {
				n = c
				break
			}
			if n == 0 {
				break
			}
			n = a.nodes[n].fail
		}
		if o := int(a.nodes[n].out); o > 0 {
			push(i+1-o, i+1)
		}
	}
	return spans, steps
}
