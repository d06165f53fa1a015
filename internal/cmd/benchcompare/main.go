// Command benchcompare runs `divergewire bench` and `rustref bench` on each
// vector of one file, the two back to back, for several rounds, and reports
// per vector the median over the rounds of the Go/Rust ratio of the decode
// and encode times, the geometric mean of each, and the checks of the
// targets of issues 4 and 14. With -out it also writes
// PERFORMANCE.md: that table, the machine it ran on, the allocations each
// decode makes, the relay path against a plain copy, and decode ns/byte of
// text blocks from 1 KiB to 1 MiB, keeping the section `make bench-peers`
// wrote (see peersSection).
//
//	go run ./internal/cmd/benchcompare -go BIN -rust BIN [-file testdata/bench.json] [-rounds 5] [-out PERFORMANCE.md]
package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/internal/scopes"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
)

// The targets against serde_json on the current stack (issue 14's; issue 4
// asked for geometric means of 1.0 and worst ratios of 1.5 and 2.0).
const (
	geoDecTarget  = 0.6
	geoEncTarget  = 0.3
	maxEncode     = 1.0
	maxDecode     = 1.0
	relayTarget   = 0.5
	relayPairs    = 7
	linearityBand = 2.0 // ns/byte of a larger text block at most this times a smaller one's
)

type line struct {
	scope, name string
	bytes       int
}

func main() {
	goBin := flag.String("go", "", "divergewire binary")
	rustBin := flag.String("rust", "", "rustref binary")
	file := flag.String("file", "testdata/bench.json", "vector file")
	rounds := flag.Int("rounds", 5, "times each tool runs, alternating")
	ms := flag.Int("ms", 200, "budget per vector and run, in ms (both tools)")
	out := flag.String("out", "", "write PERFORMANCE.md here")
	public := flag.String("public", "testdata/golden/vectors.json", "vector file whose ok vectors give the allocations per scope")
	flag.Parse()
	if *goBin == "" || *rustBin == "" {
		fmt.Fprintln(os.Stderr, "benchcompare: -go and -rust are required")
		os.Exit(2)
	}

	// Each vector alone, Go and Rust back to back (which goes first
	// alternating by round and vector), so that both see the same moment
	// of a shared machine; a vector's ratio is the median of its rounds'
	// ratios.
	tmp, err := os.MkdirTemp("", "benchcompare")
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchcompare:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(tmp)
	files := splitVectors(*file, tmp)
	var lines []line
	goDec, goEnc := map[string][]float64{}, map[string][]float64{}
	rsDec, rsEnc := map[string][]float64{}, map[string][]float64{}
	decRatio, encRatio := map[string][]float64{}, map[string][]float64{}
	for r := range *rounds {
		fmt.Fprintf(os.Stderr, "round %d/%d\n", r+1, *rounds)
		for k, f := range files {
			var l []line
			var gd, ge, rd, re map[string]float64
			if (r+k)%2 == 0 {
				l, gd, ge = run(*goBin, f, *ms)
				_, rd, re = run(*rustBin, f, *ms)
			} else {
				_, rd, re = run(*rustBin, f, *ms)
				l, gd, ge = run(*goBin, f, *ms)
			}
			if r == 0 {
				lines = append(lines, l...)
			}
			merge(goDec, gd)
			merge(goEnc, ge)
			merge(rsDec, rd)
			merge(rsEnc, re)
			for name := range gd {
				decRatio[name] = append(decRatio[name], gd[name]/rd[name])
				encRatio[name] = append(encRatio[name], ge[name]/re[name])
			}
		}
	}

	var table strings.Builder
	fmt.Fprintf(&table, "| vector | bytes | Go decode ns | Rust decode ns | decode Go/Rust | Go encode ns | Rust encode ns | encode Go/Rust |\n")
	fmt.Fprintf(&table, "|---|---:|---:|---:|---:|---:|---:|---:|\n")
	var logDec, logEnc, worstDec, worstEnc float64
	for _, l := range lines {
		gd, rd := median(goDec[l.name]), median(rsDec[l.name])
		ge, re := median(goEnc[l.name]), median(rsEnc[l.name])
		dr, er := median(decRatio[l.name]), median(encRatio[l.name])
		logDec += math.Log(dr)
		logEnc += math.Log(er)
		worstDec, worstEnc = max(worstDec, dr), max(worstEnc, er)
		fmt.Fprintf(&table, "| `%s` | %d | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f |\n", l.name, l.bytes, gd, rd, dr, ge, re, er)
	}
	n := float64(len(lines))
	geoDec, geoEnc := math.Exp(logDec/n), math.Exp(logEnc/n)
	fmt.Fprintf(&table, "| **geometric mean** | | | | **%.3f** | | | **%.3f** |\n", geoDec, geoEnc)

	var checks strings.Builder
	check := func(ok bool, format string, args ...any) {
		mark := "met"
		if !ok {
			mark = "NOT MET"
		}
		fmt.Fprintf(&checks, "- %s: %s\n", fmt.Sprintf(format, args...), mark)
	}
	check(geoEnc <= geoEncTarget, "encode geometric mean %.3f ≤ %.1f", geoEnc, geoEncTarget)
	check(worstEnc <= maxEncode, "largest encode ratio %.2f ≤ %.1f", worstEnc, maxEncode)
	check(geoDec <= geoDecTarget, "decode geometric mean %.3f ≤ %.1f", geoDec, geoDecTarget)
	check(worstDec <= maxDecode, "largest decode ratio %.2f ≤ %.1f", worstDec, maxDecode)

	relay, copyNs, relayRatio := relayVsCopy()
	check(relayRatio >= relayTarget, "relay path at %.0f%% of a plain copy (16 KiB chunk) ≥ %.0f%%", 100*relayRatio, 100*relayTarget)
	// Issue 4: decoding cost grows linearly with size. A fixed cost per
	// call makes a small block dearer per byte, which is not growth; what
	// must not happen is a larger block costing more per byte.
	linear, lo, hi, rise := linearity()
	check(rise <= linearityBand, "decode ns/byte from 1 KiB to 1 MiB text blocks (%.2f–%.2f) rises at most ×%.0f from a smaller block to a larger one (largest rise ×%.2f)", lo, hi, linearityBand, rise)
	allocs := allocations(*file)
	perScope := allocationsPerScope(*public)
	check(!strings.Contains(allocs, "| 0 | ✗"), "zero allocations for every encode into a buffer with room, and every bare-frame decode")

	report := fmt.Sprintf("%d rounds; in each, every vector timed by Go and by Rust back to back (%d ms per vector and tool; which goes first alternates). Times are medians over the rounds; a ratio is the median of the rounds' Go/Rust ratios:\n\n%s\n%s", *rounds, *ms, table.String(), checks.String())
	fmt.Print(report)
	if *out == "" {
		return
	}
	var doc strings.Builder
	fmt.Fprintf(&doc, "# Performance\n\nRegenerated by `make bench-compare` (`internal/cmd/benchcompare -file %s -rounds %d -ms %d`); do not edit by hand.\n\n", *file, *rounds, *ms)
	fmt.Fprintf(&doc, "## Machine\n\n%s\n## Go against Rust on `%s`\n\n%s\n", machine(*rustBin), *file, report)
	fmt.Fprintf(&doc, "Both tools measure the same way: in process, a warm-up of a tenth of each direction's half budget, then an odd number of ~20 ms batches, the median batch's ns per call. Go's decode is the payload to the scope's own Go value; encode appends that value to one reused buffer.\n\n")
	fmt.Fprintf(&doc, "## Allocations per decode\n\nWhat decoding each bench vector allocates (testing.AllocsPerRun); every allocation is something the decoded value keeps: a string, a slice, a block, an _meta or chunk that had to be normalized, the ordered map's entries (a key, a pair and a list element each). Encoding into a buffer with room allocates nothing.\n\n%s\nPer scope, over the ok vectors of `%s`:\n\n%s\n", allocs, *public, perScope)
	fmt.Fprintf(&doc, "## The relay path\n\nFraming a pre-encoded 16 KiB chunk behind its tag (`begin.AppendChunk`) into a buffer with room: %.0f ns, against %.0f ns for a plain `copy` of the same bytes: %.0f%% of copy speed (medians over %d alternating pairs of `testing.Benchmark` runs; the percentage is the median of the pairs' ratios).\n\n", relay, copyNs, 100*relayRatio, relayPairs)
	fmt.Fprintf(&doc, "## Decoding cost against size\n\nA text block of prose (non-ASCII and an escape per line), decoded with `mcpcontent.DecodeBlockJSON`:\n\n%s\n", linear)
	if old, err := os.ReadFile(*out); err == nil {
		doc.WriteString(peersSection(string(old)))
	}
	if err := os.WriteFile(*out, []byte(doc.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "benchcompare:", err)
		os.Exit(1)
	}
}

// run runs one tool's bench and returns its lines and times by vector name.
func run(bin, file string, ms int) ([]line, map[string]float64, map[string]float64) {
	cmd := exec.Command(bin, "bench", "--ms", strconv.Itoa(ms), file)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fmt.Fprintf(os.Stderr, "benchcompare: %s: %v\n", bin, err)
		os.Exit(1)
	}
	var lines []line
	dec, enc := map[string]float64{}, map[string]float64{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 5 {
			continue
		}
		size, _ := strconv.Atoi(f[2])
		d, _ := strconv.ParseFloat(f[3], 64)
		e, _ := strconv.ParseFloat(f[4], 64)
		lines = append(lines, line{f[0], f[1], size})
		dec[f[1]], enc[f[1]] = d, e
	}
	return lines, dec, enc
}

// splitVectors writes each vector of file to a file of its own in dir,
// with file's other members, and returns their paths in file's order.
func splitVectors(file, dir string) []string {
	b, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchcompare:", err)
		os.Exit(1)
	}
	var doc map[string]json.RawMessage
	var vectors []json.RawMessage
	err = json.Unmarshal(b, &doc)
	if err == nil {
		err = json.Unmarshal(doc["vectors"], &vectors)
	}
	if err != nil || len(vectors) == 0 {
		fmt.Fprintf(os.Stderr, "benchcompare: %s: no vectors (%v)\n", file, err)
		os.Exit(1)
	}
	var paths []string
	for k, v := range vectors {
		doc["vectors"], _ = json.Marshal([]json.RawMessage{v})
		one, _ := json.Marshal(doc)
		path := fmt.Sprintf("%s/%03d.json", dir, k)
		if err := os.WriteFile(path, one, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "benchcompare:", err)
			os.Exit(1)
		}
		paths = append(paths, path)
	}
	return paths
}

func merge(into map[string][]float64, from map[string]float64) {
	for k, v := range from {
		into[k] = append(into[k], v)
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// relayVsCopy times begin.AppendChunk and copy on the same 16 KiB, in
// relayPairs alternating pairs of runs: the medians of each, and the median
// of the pairs' ratios (one pair alone moves with this machine's noise).
func relayVsCopy() (relay, copyNs, ratio float64) {
	text := bytes.Repeat([]byte("The deploy rolled out; error rates rose from 0.2% to 4.7%. "), 16<<10/60)
	body := append(append([]byte(`{"type":"assistant_text_content","text":"`), text...), `"}`...)
	dst := make([]byte, 0, len(body)+1)
	plain := make([]byte, len(body))
	nsPerOp := func(f func()) float64 {
		r := testing.Benchmark(func(b *testing.B) {
			for b.Loop() {
				f()
			}
		})
		if r.N == 0 {
			return math.NaN()
		}
		return float64(r.T.Nanoseconds()) / float64(r.N)
	}
	relayOp := func() { dst = begin.AppendChunk(dst[:0], body) }
	copyOp := func() { copy(plain, body) }
	var relays, copies, ratios []float64
	for i := range relayPairs {
		var r, c float64
		if i%2 == 0 {
			r, c = nsPerOp(relayOp), nsPerOp(copyOp)
		} else {
			c, r = nsPerOp(copyOp), nsPerOp(relayOp)
		}
		relays, copies, ratios = append(relays, r), append(copies, c), append(ratios, c/r)
	}
	return median(relays), median(copies), median(ratios)
}

// linearity decodes text blocks of 1 KiB, 64 KiB and 1 MiB: their table,
// the least and most ns/byte, and the largest ratio of a larger block's
// ns/byte to a smaller one's.
func linearity() (table string, lo, hi, rise float64) {
	line := "Résumé: the p99 latency returned to 180 ms after the rollback — \"watch it\".\n"
	var b strings.Builder
	b.WriteString("| text | payload bytes | ns/op | ns/byte |\n|---|---:|---:|---:|\n")
	lo, hi, rise = math.Inf(1), 0.0, 1.0
	var smaller []float64 // ns/byte of the blocks timed so far
	for _, size := range []int{1 << 10, 64 << 10, 1 << 20} {
		body := strings.Repeat(line, size/len(line)+1)[:size]
		payload, _ := mcpcontent.EncodeBlockJSON(nil, &mcpcontent.Text{Text: body})
		r := testing.Benchmark(func(b *testing.B) {
			for b.Loop() {
				if _, err := mcpcontent.DecodeBlockJSON(payload); err != nil {
					b.Fatal(err)
				}
			}
		})
		ns := float64(r.T.Nanoseconds()) / float64(r.N)
		perByte := ns / float64(len(payload))
		lo, hi = min(lo, perByte), max(hi, perByte)
		for _, p := range smaller {
			rise = max(rise, perByte/p)
		}
		smaller = append(smaller, perByte)
		fmt.Fprintf(&b, "| %d KiB | %d | %.0f | %.3f |\n", size>>10, len(payload), ns, perByte)
	}
	return b.String(), lo, hi, rise
}

// allocations tabulates allocations per decode and encode of each ok vector.
func allocations(file string) string {
	raw, err := os.ReadFile(file)
	if err != nil {
		return err.Error()
	}
	var f struct {
		Vectors []struct{ Name, Scope, Hex, Expect string }
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return err.Error()
	}
	var b strings.Builder
	b.WriteString("| vector | scope | decode allocs | encode allocs |\n|---|---|---:|---:|\n")
	for _, v := range f.Vectors {
		if v.Expect != "ok" {
			continue
		}
		s, _ := scopes.Lookup(v.Scope)
		payload, _ := hex.DecodeString(v.Hex)
		ops, err := s.Ops(payload)
		if err != nil {
			fmt.Fprintf(&b, "| `%s` | %s | error: %v | |\n", v.Name, v.Scope, err)
			continue
		}
		enc, dec := allocsOf(ops)
		mark := ""
		if enc != 0 || (len(payload) == 1 && dec != 0) {
			mark = " ✗"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %.0f | %.0f%s |\n", v.Name, v.Scope, dec, enc, mark)
	}
	return b.String()
}

// allocsOf is what one encode and one decode allocate, over 100 calls of
// each loop (so that the loop's own setup does not count).
func allocsOf(ops scopes.Ops) (enc, dec float64) {
	ops.Encode(1)
	enc = testing.AllocsPerRun(5, func() { ops.Encode(100) }) / 100
	dec = testing.AllocsPerRun(5, func() { ops.Decode(100) }) / 100
	return math.Round(enc), math.Round(dec)
}

// allocationsPerScope gives, for each scope, the fewest and most
// allocations one decode of its ok vectors makes.
func allocationsPerScope(file string) string {
	raw, err := os.ReadFile(file)
	if err != nil {
		return err.Error()
	}
	var f struct {
		Vectors []struct{ Name, Scope, Hex, Expect string }
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return err.Error()
	}
	type span struct{ n, lo, hi float64 }
	seen := map[string]*span{}
	for _, v := range f.Vectors {
		if v.Expect != "ok" {
			continue
		}
		s, _ := scopes.Lookup(v.Scope)
		payload, _ := hex.DecodeString(v.Hex)
		ops, err := s.Ops(payload)
		if err != nil {
			continue
		}
		_, dec := allocsOf(ops)
		sp := seen[v.Scope]
		if sp == nil {
			sp = &span{lo: dec, hi: dec}
			seen[v.Scope] = sp
		}
		sp.n++
		sp.lo, sp.hi = min(sp.lo, dec), max(sp.hi, dec)
	}
	var b strings.Builder
	b.WriteString("| scope | ok vectors | decode allocs, fewest–most |\n|---|---:|---|\n")
	for _, s := range scopes.All {
		if sp := seen[s.Name]; sp != nil {
			fmt.Fprintf(&b, "| %s | %.0f | %.0f–%.0f |\n", s.Name, sp.n, sp.lo, sp.hi)
		}
	}
	return b.String()
}

// machine describes where the numbers came from.
func machine(rustBin string) string {
	cpu := "unknown CPU"
	if info, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(info), "\n") {
			if strings.HasPrefix(l, "model name") {
				cpu = strings.TrimSpace(strings.SplitN(l, ":", 2)[1])
				break
			}
		}
	}
	rust := "?"
	if out, err := exec.Command(rustBin, "version").Output(); err == nil {
		rust = strings.TrimSpace(string(out))
	}
	mem := ""
	if f, err := os.Open("/proc/meminfo"); err == nil {
		head, _ := io.ReadAll(io.LimitReader(f, 200))
		f.Close()
		mem = strings.Fields(string(head))[1] + " kB memory"
	}
	return fmt.Sprintf("- %s, %d cores (GOMAXPROCS %d), %s\n- %s %s/%s\n- %s\n- run at %s\n",
		cpu, runtime.NumCPU(), runtime.GOMAXPROCS(0), mem, runtime.Version(), runtime.GOOS, runtime.GOARCH, rust, time.Now().UTC().Format(time.RFC3339))
}
