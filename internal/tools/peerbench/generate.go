package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// The lines the generated texts repeat.
const (
	// asciiLine is printable ASCII that needs no escape.
	asciiLine = "The deploy rolled out at 14:02 UTC; error rates rose from 0.2% to 4.7% within ten minutes. "
	// proseLine is mcpcontent/bench_test.go's textBlock line: about 3.7%
	// escapes and 8.6% non-ASCII bytes.
	proseLine = "Résumé: the p99 latency returned to 180 ms after the rollback — \"watch it\".\n"
	// escapeLine is a log of JSON records with Windows paths: most of it
	// quotes, backslashes, tabs and newlines.
	escapeLine = "{\"p\":\"C:\\\\a\\\\b\",\"q\":\"\\\"x\\\"\"}\t\"\\\"\n"
)

// generate makes the payloads bench.json lacks, each encoded by the SDK's
// own encoders so that it is exactly what the Rust reference writes: text
// blocks of 64 KiB, 1 MiB and 16 MiB of each kind, a 1 MiB image block, a
// 16 KiB embedded resource block and 1,000 string secrets.
func generate() ([]Payload, error) {
	var out []Payload
	kinds := []struct{ kind, line string }{{"ascii", asciiLine}, {"prose", proseLine}, {"escapes", escapeLine}}
	for _, size := range []struct {
		label string
		n     int
	}{{"64k", 64 << 10}, {"1m", 1 << 20}, {"16m", 16 << 20}} {
		for _, k := range kinds {
			text := repeatTo(k.line, size.n)
			b, err := mcpcontent.EncodeBlockJSON(nil, &mcpcontent.Text{Text: text})
			if err != nil {
				return nil, err
			}
			out = append(out, Payload{
				Name: fmt.Sprintf("text.%s.%s", k.kind, size.label), Scope: "mcpcontent.block", Bytes: b,
				New: func() any { return new(TextBlock) }, Text: []byte(text), Kind: k.kind,
			})
		}
	}
	rng := rand.New(rand.NewPCG(14, 4))

	png := make([]byte, 768<<10)
	for i := range png {
		png[i] = byte(rng.Uint32())
	}
	img, err := mcpcontent.EncodeBlockJSON(nil, &mcpcontent.Image{Data: base64.StdEncoding.EncodeToString(png), MIMEType: "image/png"})
	if err != nil {
		return nil, err
	}
	out = append(out, Payload{Name: "image.1m", Scope: "mcpcontent.block", Bytes: img, New: func() any { return new(ImageBlock) }})

	mime := "text/x-rust"
	code := repeatTo("fn backoff(attempt: u32) -> Duration {\n\tlet ms = 100u64 << attempt.min(6); // \"capped\" at 6.4 s\n\tDuration::from_millis(ms)\n}\n", 16<<10)
	res, err := mcpcontent.EncodeBlockJSON(nil, &mcpcontent.EmbeddedResource{Resource: &mcpcontent.TextResourceContents{
		URI: "file:///workspace/src/pool.rs", MIMEType: &mime, Text: code}})
	if err != nil {
		return nil, err
	}
	out = append(out, Payload{Name: "resource.16k", Scope: "mcpcontent.block", Bytes: res, New: func() any { return new(ResourceBlock) }})

	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	vals := secrets.NewValues()
	for i := range 1000 {
		var v strings.Builder
		v.WriteString("sk_live_")
		for range 32 {
			v.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		if err := vals.SetString(fmt.Sprintf("svc_%03d_secret_%d", (i*337)%1000, i), v.String()); err != nil {
			return nil, err
		}
	}
	sec, err := vals.EncodeJSON(nil)
	if err != nil {
		return nil, err
	}
	out = append(out, Payload{Name: "secrets.1000", Scope: "secrets.values", Bytes: sec, New: func() any { return new(map[string]json.RawMessage) }})
	return out, nil
}

// repeatTo repeats line to n bytes, cut back to a whole character.
func repeatTo(line string, n int) string {
	s := strings.Repeat(line, n/len(line)+1)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// textStats is the share of a text's bytes that JSON escapes (", \ and C0
// controls) and that are not ASCII.
func textStats(text []byte) (escapes, nonASCII float64) {
	var e, na int
	for _, c := range text {
		switch {
		case c == '"' || c == '\\' || c < 0x20:
			e++
		case c >= 0x80:
			na++
		}
	}
	n := float64(max(len(text), 1))
	return float64(e) / n, float64(na) / n
}
