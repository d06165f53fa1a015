package main

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"
)

// gen makes random values, deterministically from its seed, and plants at
// most one bad member per value: it records where, and why the encoder must
// refuse it.
type gen struct {
	rng *rand.Rand
	// bad is the rate, out of 1000, at which each chance to plant a bad
	// member takes it (while none is planted yet).
	bad int
	// planted is the reason the encoder must give; member its path.
	planted error
	member  string
	// badStr is the planted string, when the plant is one.
	badStr string
}

func newGen(seed uint64) *gen {
	return &gen{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

func (g *gen) intn(n int) int           { return g.rng.IntN(n) }
func (g *gen) chance(perMille int) bool { return g.rng.IntN(1000) < perMille }

// plant reports whether to make the member at path bad for reason, and if
// so records it. One plant per value.
func (g *gen) plant(path string, reason error) bool {
	if g.planted != nil || !g.chance(g.bad) {
		return false
	}
	g.planted, g.member = reason, path
	return true
}

// pieces a string is made of: plain ASCII, what serde_json escapes, what Go's
// encoding/json escapes and serde_json does not, and every UTF-8 length.
var pieces = []string{
	"a", "key", "Hello, world", " ", "0123456789", "\"", "\\", "/", "\n", "\r", "\t", "\b", "\f",
	"\x00", "\x01", "\x1f", "\x7f", "<", ">", "&", "\u2028", "\u2029", "é", "ß", "日本語", "😀", "𝄞",
	"\ufffd", "\uffff", "\u00a0", "\u0300", "{}", "[]", "null", "\\u0041", "e+16",
}

// invalid are byte sequences no UTF-8 string holds.
var invalid = []string{"\xff", "\xed\xa0\x80", "\xed\xbf\xbf", "\xe2\x82", "\x80", "\xc0\xaf", "\xf4\x90\x80\x80", "\xf0\x9f\x98"}

// str makes a string member at path; it may be planted as invalid UTF-8.
func (g *gen) str(path string) string {
	s := g.validStr()
	if g.plant(path, errInvalidUTF8) {
		at := 0
		if len(s) > 0 {
			at = g.intn(len(s) + 1)
			for at < len(s) && !utf8.RuneStart(s[at]) {
				at++
			}
		}
		s = s[:at] + invalid[g.intn(len(invalid))] + s[at:]
		g.badStr = s
	}
	return s
}

// validStr is a valid UTF-8 string: usually short, sometimes empty, now and
// then long enough to cross every scanning width, rarely huge.
func (g *gen) validStr() string {
	var n int
	switch r := g.intn(100); {
	case r < 8:
		return ""
	case r < 80:
		n = 1 + g.intn(6)
	case r < 97:
		n = 6 + g.intn(60)
	case r < 99:
		n = 200 + g.intn(2000)
	default:
		n = 10000 + g.intn(20000)
	}
	var b strings.Builder
	ascii := g.chance(500)
	for range n {
		if ascii && !g.chance(30) {
			b.WriteString(pieces[g.intn(3)])
			continue
		}
		b.WriteString(pieces[g.intn(len(pieces))])
	}
	return b.String()
}

// json is the text of a random JSON value as a careless producer writes it
// (spaces, escapes, numbers in any form, repeated names), for Raw.DecodeJSON to
// normalize. depth is how deep it may nest.
func (g *gen) json(depth int) string {
	var b strings.Builder
	g.writeJSON(&b, depth)
	return b.String()
}

func (g *gen) ws(b *strings.Builder) {
	if g.chance(150) {
		b.WriteString([]string{" ", "\n", "\t", "\r\n  "}[g.intn(4)])
	}
}

func (g *gen) writeJSON(b *strings.Builder, depth int) {
	g.ws(b)
	r := g.intn(100)
	if depth <= 0 && r >= 70 {
		r = g.intn(70)
	}
	switch {
	case r < 5:
		b.WriteString([]string{"null", "true", "false"}[g.intn(3)])
	case r < 35:
		b.WriteString(g.number())
	case r < 70:
		g.writeJSONStringOf(b, g.validStr())
	case r < 85:
		b.WriteByte('[')
		for i := range g.intn(5) {
			if i > 0 {
				b.WriteByte(',')
			}
			g.writeJSON(b, depth-1)
		}
		g.ws(b)
		b.WriteByte(']')
	default:
		g.writeJSONObject(b, depth)
	}
	g.ws(b)
}

func (g *gen) writeJSONObject(b *strings.Builder, depth int) {
	b.WriteByte('{')
	var names []string
	for i := range g.intn(6) {
		if i > 0 {
			b.WriteByte(',')
		}
		g.ws(b)
		name := g.validStr()
		if len(names) > 0 && g.chance(100) {
			name = names[g.intn(len(names))] // a repeated name
		}
		names = append(names, name)
		g.writeJSONStringOf(b, name)
		g.ws(b)
		b.WriteByte(':')
		g.writeJSON(b, depth-1)
	}
	g.ws(b)
	b.WriteByte('}')
}

// writeJSONStringOf writes s as a JSON string, some characters escaped in
// every way JSON allows.
func (g *gen) writeJSONStringOf(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteString(strconv.FormatInt(int64(c)>>4, 16))
			b.WriteString(strconv.FormatInt(int64(c)&15, 16))
		case g.chance(50) && c < 0x10000:
			b.WriteString(`\u`)
			h := strconv.FormatInt(int64(c), 16)
			b.WriteString(strings.Repeat("0", 4-len(h)))
			if g.chance(500) {
				h = strings.ToUpper(h)
			}
			b.WriteString(h)
		case g.chance(50) && c >= 0x10000:
			c -= 0x10000
			b.WriteString(`\u` + strconv.FormatInt(int64(0xd800+(c>>10)), 16))
			b.WriteString(`\u` + strconv.FormatInt(int64(0xdc00+(c&0x3ff)), 16))
		case c == '/' && g.chance(500):
			b.WriteString(`\/`)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
}

// number is a JSON number in any of the forms serde_json reads, at and
// past the edges of u64, i64 and f64.
func (g *gen) number() string {
	switch g.intn(10) {
	case 0:
		return strconv.FormatUint(g.rng.Uint64(), 10)
	case 1:
		return strconv.FormatInt(-int64(g.rng.Uint64()>>1), 10)
	case 2:
		return []string{"0", "-0", "18446744073709551615", "18446744073709551616", "-9223372036854775808",
			"-9223372036854775809", "1e16", "1E+16", "1.0", "-0.0", "1e-7", "0.00001", "1.7976931348623157e308",
			"5e-324", "2.2250738585072014e-308", "123456789012345678901234567890", "18446744073709551616.0",
			"1e-400", "0e999"}[g.intn(19)]
	case 3, 4:
		f := math.Float64frombits(g.rng.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = 1.5
		}
		return strconv.FormatFloat(f, []byte("eEfg")[g.intn(4)], -1, 64)
	case 5:
		return strconv.FormatFloat(g.rng.NormFloat64()*math.Pow(10, float64(g.intn(40)-20)), 'g', -1, 64)
	default:
		return strconv.Itoa(g.intn(2000) - 1000)
	}
}
