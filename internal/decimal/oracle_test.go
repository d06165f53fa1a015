package decimal

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/oracle"
)

// The Rust oracle here is the REAL model's rustref (the current serde
// stack: rust_decimal 1.41.0, serde_json 1.0.150): its begin.chunk scope
// decodes a whole agentic loop chunk and writes it back, so a log
// probability put in a chunk comes back as rust_decimal's canonical text, or
// the chunk is refused. The guessed model has no begin.chunk scope.

// realOracle is the real model's rustref: $RUSTREF_REAL, else the module's
// .rustref-target/real-current/release/rustref. It skips tb when there is
// none, or when the binary has no begin.chunk scope.
func realOracle(tb testing.TB) string {
	tb.Helper()
	path := os.Getenv("RUSTREF_REAL")
	if path == "" {
		path = "../../.rustref-target/real-current/release/rustref"
	}
	if _, err := os.Stat(path); err != nil {
		tb.Skipf("no real-model oracle at %s (set RUSTREF_REAL): %v", path, err)
	}
	answers, err := oracle.Ask(path, []oracle.Line{{Scope: "begin.chunk", Payload: stringChunk("1")}})
	require.NoError(tb, err)
	if !strings.HasPrefix(answers[0], "ok ") {
		tb.Skipf("%s does not decode begin.chunk (%s): not the real model", path, answers[0])
	}
	return path
}

// stringChunk is a text chunk whose one log probability is a JSON string
// that decodes to s (s must be valid UTF-8).
func stringChunk(s string) []byte {
	q, err := json.Marshal(s)
	if err != nil {
		panic(err) // a string always marshals
	}
	return numberChunk(string(q))
}

// numberChunk is a text chunk whose one log probability is the JSON text n.
func numberChunk(n string) []byte {
	return []byte(`{"type":"assistant_text_content","logprobs":[{"token":"t","bytes":null,"logprob":` +
		n + `,"top_logprobs":[]}],"text":"x"}`)
}

// notification is a chunk whose message is the JSON number n: the oracle
// writes back the f64 serde_json parsed n into (or the integer it kept).
func notification(n string) []byte {
	return []byte(`{"type":"notification","is_fatal":false,"message":` + n + `}`)
}

// verdict is one answer about a log probability, in the form the table
// keeps: "ok <canonical text>" or "err".
func verdict(d Decimal, err error) string {
	if err != nil {
		return "err"
	}
	return "ok " + d.String()
}

// chunkVerdict turns the oracle's answer to a stringChunk or numberChunk
// into a verdict.
func chunkVerdict(tb testing.TB, answer string) string {
	tb.Helper()
	if strings.HasPrefix(answer, "err ") {
		return "err"
	}
	hexText, ok := strings.CutPrefix(answer, "ok ")
	require.True(tb, ok, "oracle answer %q", answer)
	b, err := oracle.Unhex(hexText)
	require.NoError(tb, err)
	var chunk struct {
		Logprobs []struct{ Logprob string }
	}
	require.NoError(tb, json.Unmarshal(b, &chunk), "%s", b)
	require.Len(tb, chunk.Logprobs, 1, "%s", b)
	return "ok " + chunk.Logprobs[0].Logprob
}

// askStrings is the oracle's verdict on each string as a log probability.
func askStrings(tb testing.TB, path string, inputs []string) []string {
	tb.Helper()
	lines := make([]oracle.Line, len(inputs))
	for i, s := range inputs {
		lines[i] = oracle.Line{Scope: "begin.chunk", Payload: stringChunk(s)}
	}
	answers, err := oracle.Ask(path, lines)
	require.NoError(tb, err)
	verdicts := make([]string, len(answers))
	for i, a := range answers {
		verdicts[i] = chunkVerdict(tb, a)
	}
	return verdicts
}

// numberAnswer is what the oracle says of a JSON number: its verdict as a
// log probability, and the f64 serde_json reads it as (ok false for an
// integer serde_json keeps as u64 or i64).
type numberAnswer struct {
	verdict string
	f64     float64
	isF64   bool
}

// askNumbers asks the oracle about each JSON number text: as a log
// probability, and as a notification's message (to learn the f64 that
// serde_json made of it, which Go's exact strconv.ParseFloat may miss by an
// ulp).
func askNumbers(tb testing.TB, path string, texts []string) []numberAnswer {
	tb.Helper()
	lines := make([]oracle.Line, 0, 2*len(texts))
	for _, n := range texts {
		lines = append(lines,
			oracle.Line{Scope: "begin.chunk", Payload: numberChunk(n)},
			oracle.Line{Scope: "begin.chunk", Payload: notification(n)})
	}
	answers, err := oracle.Ask(path, lines)
	require.NoError(tb, err)
	out := make([]numberAnswer, len(texts))
	for i := range texts {
		out[i].verdict = chunkVerdict(tb, answers[2*i])
		out[i].f64, out[i].isF64 = messageF64(tb, texts[i], answers[2*i+1])
	}
	return out
}

// messageF64 reads the f64 out of the oracle's answer to a notification:
// serde_json writes a float with a '.' or an exponent, an integer without.
func messageF64(tb testing.TB, text, answer string) (float64, bool) {
	tb.Helper()
	hexText, ok := strings.CutPrefix(answer, "ok ")
	require.True(tb, ok, "notification with %s: %q", text, answer)
	b, err := oracle.Unhex(hexText)
	require.NoError(tb, err)
	var msg struct{ Message json.RawMessage }
	require.NoError(tb, json.Unmarshal(b, &msg), "%s", b)
	m := string(msg.Message)
	if !strings.ContainsAny(m, ".eE") {
		return 0, false
	}
	f, err := strconv.ParseFloat(m, 64)
	require.NoError(tb, err, "%s", m)
	return f, true
}

// fromNumber is the Go side of a JSON number: what a decoder that reads
// numbers as serde_json does hands this package. An integer that fits u64
// (non-negative) or i64 (negative, not "-0") stays an integer; anything else
// is the f64 serde_json parsed, f.
func fromNumber(text string, f float64) (Decimal, error) {
	if !strings.ContainsAny(text, ".eE") {
		if u, err := strconv.ParseUint(text, 10, 64); err == nil {
			return FromUint64(u), nil
		}
		if i, err := strconv.ParseInt(text, 10, 64); err == nil && i != 0 {
			return FromInt64(i), nil
		}
	}
	return FromFloat64(f)
}

// isSerdeInteger reports whether serde_json keeps the JSON number text as
// a u64 or i64.
func isSerdeInteger(text string) bool {
	if strings.ContainsAny(text, ".eE") {
		return false
	}
	if _, err := strconv.ParseUint(text, 10, 64); err == nil {
		return true
	}
	i, err := strconv.ParseInt(text, 10, 64)
	return err == nil && i != 0
}

// conform is one long-lived `rustref conform` process, asked one line at a
// time (the fuzz targets' oracle).
type conform struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	w   *bufio.Writer
	r   *bufio.Reader
}

func startConform(tb testing.TB, path string) *conform {
	tb.Helper()
	cmd := exec.Command(path, "conform")
	in, err := cmd.StdinPipe()
	require.NoError(tb, err)
	out, err := cmd.StdoutPipe()
	require.NoError(tb, err)
	cmd.Stderr = os.Stderr
	require.NoError(tb, cmd.Start())
	c := &conform{cmd: cmd, in: in, w: bufio.NewWriter(in), r: bufio.NewReader(out)}
	tb.Cleanup(func() {
		_ = c.in.Close()
		if err := c.cmd.Wait(); err != nil {
			tb.Errorf("oracle: %v", err)
		}
	})
	return c
}

func (c *conform) ask(payload []byte) (string, error) {
	c.w.WriteString("begin.chunk ")
	c.w.WriteString(oracle.Hex(payload))
	c.w.WriteByte('\n')
	if err := c.w.Flush(); err != nil {
		return "", err
	}
	line, err := c.r.ReadString('\n')
	if err != nil {
		return "", errors.Join(errors.New("oracle stopped answering"), err)
	}
	return strings.TrimSuffix(line, "\n"), nil
}
