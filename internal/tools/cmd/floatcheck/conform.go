package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"github.com/diverge-network/diverge-sdk-go/session"
	"math"
	"os/exec"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// shape is how one float travels through the oracle: a scope whose
// payload holds the number, and the JSON around it, which the oracle
// writes back unchanged.
type shape struct {
	name           string // "f64" or "f32"
	scope          string
	prefix, suffix string
	bitSize        int
	text           func(dst []byte, bits uint64) []byte // the Go formatter
	// model is the Go side's own account of the oracle's number for a
	// number text: serde_json's parse (wire.Raw.DecodeJSON), narrowed to f32 for
	// f32, re-formatted.
	model func(text []byte) (string, error)
}

// f64Shape sends an f64 as the one value of a secrets.values map: a
// serde_json Value, parsed as an f64 and written back with write_f64.
var f64Shape = shape{
	name: "f64", scope: session.ScopeSecretsValues, prefix: `{"a":`, suffix: `}`, bitSize: 64,
	text: appendF64,
	model: func(text []byte) (string, error) {
		var raw wire.Raw
		err := raw.DecodeJSON(text)
		return raw.String(), err
	},
}

// f32Shape sends an f32 as an MCP text block's priority (rmcp's Option<f32>:
// parsed as an f64, narrowed with `as f32`, written back with write_f32).
var f32Shape = shape{
	name: "f32", scope: session.ScopeMCPContentBlock, prefix: `{"type":"text","text":"x","annotations":{"priority":`, suffix: `}}`, bitSize: 32,
	text: appendF32,
	model: func(text []byte) (string, error) {
		var raw wire.Raw
		if err := raw.DecodeJSON(text); err != nil {
			return "", err
		}
		f, err := strconv.ParseFloat(raw.String(), 64)
		return string(serde.AppendF32(nil, float32(f))), err
	},
}

// payload is the JSON the oracle gets for the number text.
func (sh shape) payload(dst, text []byte) []byte {
	dst = append(dst, sh.prefix...)
	dst = append(dst, text...)
	return append(dst, sh.suffix...)
}

// Edge values sent before the stream's: zeros, the extremes, both sides of
// each layout switch, and the shortest-digit ties (2^-25 and 2^49+1/4 for
// f64, 2^-12 for f32, which strconv alone gets wrong).
var (
	edges64 = []float64{0, -1 / math.Inf(1), 5e-324, 0x1p-1022 - 5e-324, 0x1p-1022, math.MaxFloat64,
		1e-5, math.Nextafter(1e-5, 0), 1e16, math.Nextafter(1e16, 0), 0x1p-25, 562949953421312.25, 0x1p53, 0x1p64}
	edges32 = []float32{0, 1e-45, 0x1p-126, math.MaxFloat32, 1e-6, math.Nextafter32(1e-6, 0),
		1e13, math.Nextafter32(1e13, 0), 0x1p-12, -0x1p-12, 0x1p24}
)

// conformValues is the edge values (edges64 or edges32) and then the
// finite values of the stream of seed for sh, n in all: the f64 stream
// itself, or its f32 sibling (stream.bits32).
func conformValues(sh shape, seed uint64, n int) []uint64 {
	s := newStream(seed)
	values := make([]uint64, 0, n)
	if sh.bitSize == 64 {
		for _, f := range edges64 {
			values = append(values, math.Float64bits(f))
		}
	} else {
		for _, f := range edges32 {
			values = append(values, uint64(math.Float32bits(f)))
		}
	}
	values = values[:min(n, len(values))]
	for i := uint64(0); len(values) < n; i++ {
		if sh.bitSize == 64 {
			if b := s.bits(i); !math.IsNaN(math.Float64frombits(b)) && !math.IsInf(math.Float64frombits(b), 0) {
				values = append(values, b)
			}
		} else if b := s.bits32(i); b&0x7f800000 != 0x7f800000 {
			values = append(values, uint64(b))
		}
	}
	return values
}

// conformStats is what a conform run found besides its tally.
type conformStats struct {
	exact   int // the oracle wrote back the payload byte for byte
	reread  int // serde_json's parser read another float from the text (not a formatter matter)
	modelOK int // the oracle's number was the one wire.Raw.DecodeJSON predicts
	// modelMissed counts the others.
	modelMissed int
}

// suspect is a value whose payload did not come back byte for byte.
type suspect struct {
	bits   uint64
	answer string
}

// conform sends each value's Go text to the oracle inside sh's payload and
// checks the answers. A payload that comes back byte for byte agrees. Any
// other answer is looked at against the text Rust itself writes for the
// value (floatref fmt):
//
//   - Rust's text differs from Go's: a formatter disagreement;
//   - the texts are the same, so the oracle read exactly Rust's own text:
//     an error answer is a disagreement (serde_json refusing its own
//     output); an ok answer whose number n is not the value means
//     serde_json's parser (not correctly rounded without float_roundtrip,
//     and for f32 narrowed from that f64) read another float v' from it.
//     That agrees when n is also Go's text of v' (v' is strconv's reading
//     of n, exact since n is v's shortest text), and disagrees otherwise.
//
// Apart from the tally, every answer's number is compared with sh.model's
// prediction (the Go decoder's emulation of serde_json's parser); misses
// are printed but not counted, since they are not the formatter's.
func (c *checker) conform(oracle string, sh shape, values []uint64) (tally, conformStats, error) {
	var (
		t     tally
		st    conformStats
		wrong []suspect
	)
	cmd := exec.Command(oracle, "conform")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return t, st, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return t, st, err
	}
	if err := cmd.Start(); err != nil {
		return t, st, err
	}
	go func() {
		w := bufio.NewWriterSize(stdin, 1<<16)
		var text, p, h []byte
		for _, b := range values {
			text = sh.text(text[:0], b)
			p = sh.payload(p[:0], text)
			h = hex.AppendEncode(h[:0], p)
			fmt.Fprintf(w, "%s %s\n", sh.scope, h)
		}
		_ = w.Flush()
		_ = stdin.Close()
	}()
	lines := bufio.NewScanner(stdout)
	var text, want []byte
	for k, b := range values {
		if !lines.Scan() {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return t, st, fmt.Errorf("oracle: answers stop at value %d of %d (%v): %s", k, len(values), lines.Err(), strings.TrimSpace(stderr.String()))
		}
		answer := lines.Text()
		text = sh.text(text[:0], b)
		want = hex.AppendEncode(append(want[:0], "ok "...), sh.payload(nil, text))
		if answer == string(want) {
			st.exact++
		} else {
			wrong = append(wrong, suspect{b, answer})
		}
		c.checkModel(sh, b, text, answer, &st)
	}
	if err := cmd.Wait(); err != nil {
		return t, st, fmt.Errorf("oracle: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	t.agreed = uint64(st.exact)
	if len(wrong) == 0 {
		return t, st, nil
	}
	bits := make([]uint64, len(wrong))
	for k, s := range wrong {
		bits[k] = s.bits
	}
	rust, err := c.rustTexts(sh.name, bits)
	if err != nil {
		return t, st, err
	}
	for k, s := range wrong {
		goText := string(sh.text(nil, s.bits))
		switch n, ok := sh.number(s.answer); {
		case rust[k] != goText:
			t.disagreed++
			c.disagree("conform %s bits %x: Go %s, Rust %s", sh.name, s.bits, goText, rust[k])
		case !ok:
			t.disagreed++
			c.disagree("conform %s bits %x: the oracle answers %q to Rust's own text %s", sh.name, s.bits, s.answer, goText)
		default:
			v, err := strconv.ParseFloat(n, sh.bitSize)
			again := string(sh.text(nil, sh.fromFloat(v)))
			if err != nil || again != n {
				t.disagreed++
				c.disagree("conform %s bits %x (%s): the oracle read it back as %s, which Go writes %s", sh.name, s.bits, goText, n, again)
				continue
			}
			t.agreed++
			st.reread++
		}
	}
	return t, st, nil
}

// checkModel compares the oracle's number with the Go decoder's prediction.
func (c *checker) checkModel(sh shape, bits uint64, text []byte, answer string, st *conformStats) {
	predicted, err := sh.model(text)
	n, ok := sh.number(answer)
	if err == nil && ok && predicted == n {
		st.modelOK++
		return
	}
	if st.modelMissed++; st.modelMissed <= c.show {
		c.printf("conform %s bits %x (%s): the oracle answers %s, wire.Raw.DecodeJSON predicts %s (%v): the parser's, not the formatter's, not counted\n", sh.name, bits, text, n, predicted, err)
	}
}

// number is the number text in an oracle answer "ok <hex of payload>".
func (sh shape) number(answer string) (string, bool) {
	h, ok := strings.CutPrefix(answer, "ok ")
	if !ok {
		return "", false
	}
	p, err := hex.DecodeString(h)
	if err != nil {
		return "", false
	}
	n, ok := strings.CutPrefix(string(p), sh.prefix)
	if !ok {
		return "", false
	}
	return strings.CutSuffix(n, sh.suffix)
}

// fromFloat is the bit pattern of v at sh's size.
func (sh shape) fromFloat(v float64) uint64 {
	if sh.bitSize == 32 {
		return uint64(math.Float32bits(float32(v)))
	}
	return math.Float64bits(v)
}

// rustTexts is floatref's text for each bit pattern ("floatref fmt").
func (c *checker) rustTexts(name string, bits []uint64) ([]string, error) {
	var in bytes.Buffer
	for _, b := range bits {
		fmt.Fprintf(&in, "%x\n", b)
	}
	cmd := exec.Command(c.floatref, "fmt", name)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("floatref fmt %s: %w", name, err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(bits) {
		return nil, fmt.Errorf("floatref fmt %s: %d lines for %d values", name, len(lines), len(bits))
	}
	texts := make([]string, len(bits))
	for k, line := range lines {
		h, text, _ := strings.Cut(line, " ")
		if b, err := strconv.ParseUint(h, 16, 64); err != nil || b != bits[k] {
			return nil, fmt.Errorf("floatref fmt %s: line %q for %x", name, line, bits[k])
		}
		texts[k] = text
	}
	return texts, nil
}
