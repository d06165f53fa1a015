// Package mutate turns valid payloads into large corpora of near-misses for
// differential testing against the Rust oracle: byte-level damage, and
// JSON-aware changes aimed at every place serde_json and Go's encoding/json
// part ways. It is deterministic: the same seed gives the same corpus.
package mutate

import (
	"bytes"
	"encoding/json"
	"strings"
)

// node is a parsed JSON value, kept close to its text so that mutations can
// write it back exactly as they want (scalars keep their source spelling).
type node struct {
	kind byte     // 'o' object, 'a' array, 's' string, 'n' number, 'l' literal
	text string   // scalars: the exact JSON text
	keys []string // objects: each member name as JSON text, quotes included
	kids []*node
}

// parse reads one JSON value; ok is false if data is not exactly that.
func parse(data []byte) (n *node, ok bool) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	n, err := parseValue(d)
	if err != nil {
		return nil, false
	}
	if _, err := d.Token(); err == nil {
		return nil, false // more than one value
	}
	return n, true
}

func parseValue(d *json.Decoder) (*node, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch v := t.(type) {
	case json.Delim:
		if v == '[' {
			n := &node{kind: 'a'}
			for d.More() {
				k, err := parseValue(d)
				if err != nil {
					return nil, err
				}
				n.kids = append(n.kids, k)
			}
			_, err := d.Token()
			return n, err
		}
		n := &node{kind: 'o'}
		for d.More() {
			kt, err := d.Token()
			if err != nil {
				return nil, err
			}
			k, err := parseValue(d)
			if err != nil {
				return nil, err
			}
			n.keys = append(n.keys, quote(kt.(string)))
			n.kids = append(n.kids, k)
		}
		_, err := d.Token()
		return n, err
	case string:
		return &node{kind: 's', text: quote(v)}, nil
	case json.Number:
		return &node{kind: 'n', text: v.String()}, nil
	case bool:
		if v {
			return &node{kind: 'l', text: "true"}, nil
		}
		return &node{kind: 'l', text: "false"}, nil
	}
	return &node{kind: 'l', text: "null"}, nil
}

// quote writes s as serde_json would (raw UTF-8, <>& unescaped).
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[c>>4])
			b.WriteByte("0123456789abcdef"[c&15])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// write serializes n; ws, when not nil, is called between tokens and may
// add whitespace.
func (n *node) write(b *bytes.Buffer, ws func(*bytes.Buffer)) {
	gap := func() {
		if ws != nil {
			ws(b)
		}
	}
	switch n.kind {
	case 'o':
		b.WriteByte('{')
		for i, k := range n.kids {
			if i > 0 {
				gap()
				b.WriteByte(',')
			}
			gap()
			b.WriteString(n.keys[i])
			gap()
			b.WriteByte(':')
			gap()
			k.write(b, ws)
		}
		gap()
		b.WriteByte('}')
	case 'a':
		b.WriteByte('[')
		for i, k := range n.kids {
			if i > 0 {
				gap()
				b.WriteByte(',')
			}
			gap()
			k.write(b, ws)
		}
		gap()
		b.WriteByte(']')
	default:
		b.WriteString(n.text)
	}
}

// all lists n and every node under it, with its parent (nil for n).
func (n *node) all(parent *node, out *[]pair) {
	*out = append(*out, pair{n, parent})
	for _, k := range n.kids {
		k.all(n, out)
	}
}

type pair struct{ n, parent *node }

func (n *node) clone() *node {
	c := &node{kind: n.kind, text: n.text, keys: append([]string(nil), n.keys...)}
	for _, k := range n.kids {
		c.kids = append(c.kids, k.clone())
	}
	return c
}
