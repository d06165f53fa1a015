package mutate

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Mutator makes payloads from seeds, deterministically from its seed.
type Mutator struct {
	rng *rand.Rand
}

// New returns a Mutator whose choices follow seed.
func New(seed uint64) *Mutator {
	return &Mutator{rng: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
}

// Names worth trying as member names: every member the protocol knows, so a
// mutation can add, duplicate or misspell a real one.
var names = []string{
	"type", "text", "data", "mimeType", "_meta", "annotations", "audience", "priority", "lastModified",
	"resource", "uri", "blob", "name", "title", "description", "size", "icons", "src", "sizes", "theme",
	"key", "content", "prompt", "message", "dependencies", "secrets",
}

// Strings aimed at escaping and validation differences.
var stringsOfInterest = []string{
	`""`, `"x"`, `"<a href='x'>&amp;</a>"`, "\"\u2028\u2029\"", `"\u2028"`, `"\u0041\/\b"`,
	`"\ud83d\ude00"`, `"\ud800"`, `"\udc00"`, `"\ud800\u0041"`, `"\ud800\udbff"`, "\"\xff\"", "\"\xc3\"",
	"\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xc0\xaf\"", "\"\x7f\"", "\"\x01\"", "\"\t\"", `"\u001F"`, `"\u00e9"`,
	`"\x"`, `"\u12g4"`, `"user"`, `"assistant"`, `"fixed"`, `"rotating"`, `"light"`, `"dark"`, `"text"`,
	`"image"`, `"audio"`, `"resource"`, `"resource_link"`, `"Fixed"`, `"USER"`, `"\u0066ixed"`, `"caf\u00e9 日本 😀"`,
}

// Numbers at and past every range the protocol's types have.
var numbersOfInterest = []string{
	"0", "-0", "1", "-1", "0.0", "-0.0", "1.0", "1.5", "0.5", "1e5", "1E5", "1e-5", "1e-7", "1e16", "1e15",
	"4294967295", "4294967296", "9007199254740993", "18446744073709551615", "18446744073709551616",
	"-9223372036854775808", "-9223372036854775809", "1.7976931348623157e308", "1.7976931348623159e308",
	"1e308", "1e309", "2e-324", "1e-400", "3.4028235e38", "3.4028236e38", "3.5e38", "1e39", "1.4e-45",
	"18446744073709551616.0", "123456789012345678901.", "1844674407370955161.5", "0e999999999999",
	"1e2147483648", "0.1", "0.30000000000000004", "100000000000000000000000000000e-2147483648",
	"01", "1.", ".5", "-", "+1", "1e", "1e+", "0x10", "NaN", "Infinity", "1.0e0", "12345678901234567890123e-3",
	"1e+16", "1E+16", "3.4028235e+38", "1.8446744073709552e+19", "18446744073709551616.5e2", "99999999999999999999.", "18446744073709551619.5",
}

var literals = []string{"null", "true", "false", "[]", "{}", `[null]`, `{"":null}`, `{"user":null}`, `{"fixed":{}}`}

// One returns a mutant of payload. A payload whose bytes (or whose bytes
// after a tag) are JSON gets JSON-aware mutations most of the time; any
// payload gets byte-level ones.
func (m *Mutator) One(payload []byte) []byte {
	if m.rng.IntN(10) < 7 {
		if out, ok := m.jsonMutant(payload); ok {
			return out
		}
	}
	return m.byteMutant(payload)
}

func (m *Mutator) pick(list []string) string { return list[m.rng.IntN(len(list))] }

func (m *Mutator) jsonMutant(payload []byte) ([]byte, bool) {
	prefix := []byte(nil)
	root, ok := parse(payload)
	if !ok && len(payload) > 0 {
		prefix = payload[:1]
		root, ok = parse(payload[1:])
	}
	if !ok {
		return nil, false
	}
	for range 1 + m.rng.IntN(3)/2 {
		if m.rng.IntN(2) == 0 {
			m.rewrite(root)
		} else {
			root = m.mutateTree(root)
		}
	}
	var b bytes.Buffer
	b.Write(prefix)
	if m.rng.IntN(8) == 0 {
		m.whitespace(&b)
	}
	var ws func(*bytes.Buffer)
	if m.rng.IntN(8) == 0 {
		ws = func(b *bytes.Buffer) {
			if m.rng.IntN(4) == 0 {
				m.whitespace(b)
			}
		}
	}
	root.write(&b, ws)
	switch m.rng.IntN(12) {
	case 0:
		m.whitespace(&b)
	case 1:
		b.WriteString(m.pick([]string{"x", "}", "]", ",", "{}", "0", "\x00", "\xff", "//", " \f"}))
	}
	out := b.Bytes()
	if m.rng.IntN(10) == 0 {
		out = m.byteMutant(out)
	}
	return out, true
}

// rewrite changes how one part of root is spelt, or adds what serde skips,
// without (usually) changing what it means: escapes, number spellings,
// unknown members, nulls, member order.
func (m *Mutator) rewrite(root *node) {
	var nodes []pair
	root.all(nil, &nodes)
	n := nodes[m.rng.IntN(len(nodes))].n
	switch n.kind {
	case 's':
		n.text = m.respell(n.text)
	case 'n':
		n.text = m.renumber(n.text)
	case 'o':
		switch m.rng.IntN(4) {
		case 0: // an unknown member
			n.keys = append(n.keys, quote(m.pick([]string{"zz", "Type", "TEXT", "extra", "_Meta", "annotation"})))
			n.kids = append(n.kids, m.value(&node{kind: 'l'}))
		case 1: // a known optional member as null
			n.keys = append(n.keys, quote(m.pick(names)))
			n.kids = append(n.kids, &node{kind: 'l', text: "null"})
		case 2: // members in another order
			m.rng.Shuffle(len(n.kids), func(i, j int) {
				n.keys[i], n.keys[j] = n.keys[j], n.keys[i]
				n.kids[i], n.kids[j] = n.kids[j], n.kids[i]
			})
		default: // a name spelt with an escape
			if len(n.keys) > 0 {
				i := m.rng.IntN(len(n.keys))
				n.keys[i] = m.respell(n.keys[i])
			}
		}
	}
}

// respell writes one character of a JSON string another way: as a \u
// escape, or with \/ for a slash.
func (m *Mutator) respell(text string) string {
	body := text[1 : len(text)-1]
	if body == "" {
		return text
	}
	at := m.rng.IntN(len(body))
	if body[at] == '\\' || body[at] >= 0x80 || (at > 0 && body[at-1] == '\\') {
		return text
	}
	esc := `\u00` + strconv.FormatInt(int64(body[at])>>4, 16) + strconv.FormatInt(int64(body[at])&15, 16)
	if m.rng.IntN(2) == 0 {
		esc = strings.ToUpper(esc[:2]) + strings.ToUpper(esc[2:])
		esc = `\u` + esc[2:]
	}
	if body[at] == '/' && m.rng.IntN(2) == 0 {
		esc = `\/`
	}
	return `"` + body[:at] + esc + body[at+1:] + `"`
}

// renumber spells a number another way: exponent, extra zeros, sign.
func (m *Mutator) renumber(text string) string {
	switch m.rng.IntN(5) {
	case 0:
		return text + "e0"
	case 1:
		if strings.ContainsAny(text, ".eE") {
			return text
		}
		return text + ".0"
	case 2:
		return text + "E+00"
	case 3:
		if strings.ContainsAny(text, "eE") || !strings.Contains(text, ".") {
			return text
		}
		return text + "000"
	}
	return m.number()
}

func (m *Mutator) whitespace(b *bytes.Buffer) {
	b.WriteString(m.pick([]string{" ", "\n", "\t", "\r", "  \n\t", "\f", "\v", "\u00a0"}))
}

// mutateTree changes one node of root and returns the (possibly new) root.
func (m *Mutator) mutateTree(root *node) *node {
	var nodes []pair
	root.all(nil, &nodes)
	p := nodes[m.rng.IntN(len(nodes))]
	n := p.n
	switch n.kind {
	case 'o':
		if m.mutateObject(n) {
			return root
		}
	case 'a':
		if m.mutateArray(n) {
			return root
		}
	}
	repl := m.value(n)
	if p.parent == nil {
		return repl
	}
	for i, k := range p.parent.kids {
		if k == n {
			p.parent.kids[i] = repl
		}
	}
	return root
}

// value is a replacement for n: something of another kind, or of the same
// kind spelt in a way the parsers disagree about.
func (m *Mutator) value(n *node) *node {
	switch m.rng.IntN(10) {
	case 0, 1:
		return &node{kind: 's', text: m.pick(stringsOfInterest)}
	case 2, 3:
		return &node{kind: 'n', text: m.number()}
	case 4:
		return &node{kind: 'l', text: m.pick(literals)}
	case 5:
		return m.nested()
	case 6:
		if n.kind == 'o' {
			// An object as the array of its values: serde's struct form.
			return &node{kind: 'a', kids: n.kids}
		}
		if n.kind == 'a' {
			o := &node{kind: 'o'}
			for i, k := range n.kids {
				o.keys = append(o.keys, quote(names[i%len(names)]))
				o.kids = append(o.kids, k)
			}
			return o
		}
	case 7:
		if n.kind == 's' && len(n.text) > 2 {
			return &node{kind: 's', text: m.spliceString(n.text)}
		}
	case 8:
		return &node{kind: 's', text: m.longString()}
	}
	return &node{kind: 'l', text: m.pick(literals)}
}

func (m *Mutator) number() string {
	switch m.rng.IntN(4) {
	case 0:
		return strconv.FormatFloat(m.rng.NormFloat64()*1e6, 'g', -1, 64)
	case 1:
		digits := 1 + m.rng.IntN(30)
		var b strings.Builder
		b.WriteByte(byte('1' + m.rng.IntN(9)))
		for range digits {
			b.WriteByte(byte('0' + m.rng.IntN(10)))
		}
		if m.rng.IntN(2) == 0 {
			b.WriteByte('.')
			for range 1 + m.rng.IntN(20) {
				b.WriteByte(byte('0' + m.rng.IntN(10)))
			}
		}
		if m.rng.IntN(2) == 0 {
			b.WriteString("e" + strconv.Itoa(m.rng.IntN(700)-350))
		}
		return b.String()
	}
	return m.pick(numbersOfInterest)
}

// spliceString puts an escape, a control, a surrogate or a bad byte inside
// a string's text.
func (m *Mutator) spliceString(text string) string {
	body := text[1 : len(text)-1]
	at := m.rng.IntN(len(body) + 1)
	for at > 0 && at < len(body) && body[at-1] == '\\' {
		at--
	}
	bit := m.pick([]string{`\u0041`, `\/`, `\ud800`, `\udc00`, `\ud83d\ude00`, "\xff", "\x01", "<&>", "\u2028", `\u00e9`, `\"`, `\\`})
	return `"` + body[:at] + bit + body[at:] + `"`
}

// longString is a string of up to a few KiB: long plain runs with the odd
// escape, multi-byte character, control or bad byte at any offset, so that
// every width of the decoder's word-at-a-time scanning meets each of them.
func (m *Mutator) longString() string {
	var b strings.Builder
	b.WriteByte('"')
	n := m.rng.IntN(4096)
	for b.Len() < n {
		run := m.rng.IntN(300)
		for range run {
			b.WriteByte(byte('a' + m.rng.IntN(26)))
		}
		switch m.rng.IntN(12) {
		case 0:
			b.WriteString("\\n")
		case 1:
			b.WriteString(`\"`)
		case 2:
			b.WriteString("é日😀")
		case 3:
			b.WriteString(`\u00e9`)
		case 4:
			b.WriteString(`\ud83d\ude00`)
		case 5:
			if m.rng.IntN(4) == 0 {
				b.WriteByte(byte(m.rng.IntN(0x20))) // a raw control: refused
			}
		case 6:
			if m.rng.IntN(4) == 0 {
				b.WriteByte(0xff) // not UTF-8: refused where checked
			}
		case 7:
			b.WriteString("<&>\u2028")
		}
	}
	b.WriteByte('"')
	return b.String()
}

// nested is arrays or objects nested around the depth limit.
func (m *Mutator) nested() *node {
	depth := m.pick([]string{"1", "2", "120", "125", "126", "127", "128", "129", "300"})
	n, _ := strconv.Atoi(depth)
	leaf := &node{kind: 'l', text: "null"}
	obj := m.rng.IntN(2) == 0
	for range n {
		if obj {
			leaf = &node{kind: 'o', keys: []string{`"a"`}, kids: []*node{leaf}}
		} else {
			leaf = &node{kind: 'a', kids: []*node{leaf}}
		}
	}
	return leaf
}

func (m *Mutator) mutateObject(n *node) bool {
	if len(n.kids) == 0 && m.rng.IntN(2) == 0 {
		return false
	}
	i := 0
	if len(n.kids) > 0 {
		i = m.rng.IntN(len(n.kids))
	}
	switch m.rng.IntN(7) {
	case 0: // a name in another case
		if len(n.kids) == 0 {
			return false
		}
		k := n.keys[i]
		switch m.rng.IntN(3) {
		case 0:
			n.keys[i] = strings.ToUpper(k)
		case 1:
			if len(k) > 2 {
				n.keys[i] = `"` + strings.ToUpper(k[1:2]) + k[2:]
			}
		default:
			n.keys[i] = strings.Replace(k, `"`, `"\u00`+strconv.FormatInt(int64(k[1]), 16), 1)
			if len(k) < 3 || k[1] < 0x20 || k[1] >= 0x80 {
				n.keys[i] = k
			}
		}
	case 1: // a member twice
		if len(n.kids) == 0 {
			return false
		}
		n.keys = append(n.keys, n.keys[i])
		n.kids = append(n.kids, n.kids[i].clone())
		if m.rng.IntN(2) == 0 && len(n.kids) > 1 {
			j := m.rng.IntN(len(n.kids))
			n.keys[j], n.keys[len(n.keys)-1] = n.keys[len(n.keys)-1], n.keys[j]
			n.kids[j], n.kids[len(n.kids)-1] = n.kids[len(n.kids)-1], n.kids[j]
		}
	case 2: // a member dropped
		if len(n.kids) == 0 {
			return false
		}
		n.keys = append(n.keys[:i], n.keys[i+1:]...)
		n.kids = append(n.kids[:i], n.kids[i+1:]...)
	case 3: // two members swapped
		if len(n.kids) < 2 {
			return false
		}
		j := m.rng.IntN(len(n.kids))
		n.keys[i], n.keys[j] = n.keys[j], n.keys[i]
		n.kids[i], n.kids[j] = n.kids[j], n.kids[i]
	case 4, 5: // a member added
		v := m.value(&node{kind: 'l'})
		if m.rng.IntN(3) == 0 && len(n.kids) > 0 {
			v = n.kids[m.rng.IntN(len(n.kids))].clone()
		}
		n.keys = append(n.keys, quote(m.pick(names)))
		n.kids = append(n.kids, v)
	default: // a member's value replaced
		if len(n.kids) == 0 {
			return false
		}
		n.kids[i] = m.value(n.kids[i])
	}
	return true
}

func (m *Mutator) mutateArray(n *node) bool {
	switch m.rng.IntN(4) {
	case 0:
		if len(n.kids) == 0 {
			return false
		}
		i := m.rng.IntN(len(n.kids))
		n.kids = append(n.kids[:i], n.kids[i+1:]...)
	case 1:
		if len(n.kids) == 0 {
			return false
		}
		i := m.rng.IntN(len(n.kids))
		n.kids = append(n.kids, n.kids[i].clone())
	case 2:
		n.kids = append(n.kids, m.value(&node{kind: 'l'}))
	default:
		return false
	}
	return true
}

// byteMutant damages payload's bytes: flips, truncations, insertions and
// tag changes.
func (m *Mutator) byteMutant(payload []byte) []byte {
	b := append([]byte(nil), payload...)
	for range 1 + m.rng.IntN(3) {
		switch m.rng.IntN(6) {
		case 0:
			if len(b) > 0 {
				b[m.rng.IntN(len(b))] ^= byte(1 << m.rng.IntN(8))
			}
		case 1:
			if len(b) > 0 {
				b[m.rng.IntN(len(b))] = byte(m.rng.IntN(256))
			}
		case 2:
			b = b[:m.rng.IntN(len(b)+1)]
		case 3:
			at := m.rng.IntN(len(b) + 1)
			ins := m.pick([]string{" ", "\x00", "\xff", ",", "]", "}", "\"", "\\", "[", "{", "null", "1", ":"})
			b = append(b[:at], append([]byte(ins), b[at:]...)...)
		case 4:
			if len(b) > 0 {
				b[0] = byte(m.pick([]string{"\x00", "\x01", "\x02", "\x03", "\x04", "\x05", "\x06", "\x7f", "\xff"})[0])
			} else {
				b = append(b, byte(m.rng.IntN(8)))
			}
		default:
			if len(b) > 0 {
				i := m.rng.IntN(len(b))
				j := min(len(b), i+1+m.rng.IntN(16))
				b = append(b[:i], b[j:]...)
			}
		}
	}
	return b
}

// Intn is a number in [0, n) from the Mutator's stream: for a caller that
// picks seeds with the same determinism.
func (m *Mutator) Intn(n int) int { return m.rng.IntN(n) }
