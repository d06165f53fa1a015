// Command benchwire measures the container proxy on a loopback WebSocket
// beside coder/websocket alone doing the same, side by side in one run
// (issue 28, item 8): frames per second of the relay path (Loop.Relay read
// by the provider's RecvPayload) against the library streaming the same
// messages, for small chunks and 64 KiB ones, and an enqueue's round trip
// through the proxy against the library echoing a message of the same
// size. The workloads are internal/tools/wirebench's.
//
// Each round sets up every pair afresh and times both sides of each pair
// back to back (which goes first alternates), each for about -ms of
// frames; a pair's ratio is the proxy's rate over the library's in that
// round. The report gives the medians over the rounds and the spread of
// the ratio. With -out it rewrites the bench-wire section of that file
// (PERFORMANCE.md), leaving the rest as it was.
//
//	go run ./internal/tools/cmd/benchwire [-rounds 7] [-ms 300] [-out PERFORMANCE.md]
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/mdsection"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/wirebench"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
)

// target is the least ratio of the proxy's rate to the library's that
// issue 28 asks for.
const target = 0.8

// pair is one comparison: the library's workloads and the proxy's.
type pair struct {
	name, unit string
	bytes      int  // the WebSocket message each frame is
	reference  bool // shown for comparison; the target is not its
	// library is coder/websocket used plainly (Conn.Read); best, when
	// not nil, at its fastest (reads into a reused buffer), and handed
	// the same read in a goroutine that hands each message, in a new
	// slice, to the caller's; proxy is the SDK's path.
	library, best, handed, proxy func() (wirebench.Workload, error)
}

func pairs() []pair {
	var out []pair
	for _, size := range []struct{ name, text string }{
		{"small chunk", "hello"},
		{"64 KiB chunk", strings.Repeat("x", 64<<10)},
	} {
		body := wirebench.ChunkJSON(size.text)
		msg := wirebench.Message(body)
		c := &chunk.AssistantTextContent{Content: mcpcontent.Text{Text: size.text}}
		library := func() (wirebench.Workload, error) { return wirebench.LibraryStream(msg) }
		best := func() (wirebench.Workload, error) { return wirebench.LibraryStreamReused(msg) }
		handed := func() (wirebench.Workload, error) { return wirebench.LibraryStreamHanded(msg) }
		out = append(out, pair{
			name: size.name + ", one way, relayed", unit: "frames/s", bytes: len(msg),
			library: library, best: best, handed: handed,
			proxy: func() (wirebench.Workload, error) { return wirebench.RelayStream(body) },
		}, pair{
			name: size.name + ", one way, typed", unit: "frames/s", bytes: len(msg), reference: true,
			library: library, best: best, handed: handed,
			proxy: func() (wirebench.Workload, error) { return wirebench.TypedStream(c) },
		})
	}
	msg := wirebench.EnqueueMessage()
	return append(out, pair{
		name: "enqueue, round trip", unit: "round trips/s", bytes: len(msg),
		library: func() (wirebench.Workload, error) { return wirebench.LibraryEcho(msg) },
		proxy:   wirebench.EnqueueRoundTrip,
	})
}

// setups are p's workloads, the proxy's last.
func (p pair) setups() []func() (wirebench.Workload, error) {
	if p.best == nil {
		return []func() (wirebench.Workload, error){p.library, p.proxy}
	}
	return []func() (wirebench.Workload, error){p.library, p.best, p.handed, p.proxy}
}

// result is what one workload did in one round.
type result struct {
	rate   float64 // frames (or round trips) per second
	allocs float64 // allocations per frame, the whole process's
}

// turns is how many turns each workload of a pair takes in a round: they
// take them in rotation, in short runs, so that a load that comes and goes
// on a shared machine falls on all of them.
const turns = 6

// side is one workload under measurement.
type side struct {
	w       wirebench.Workload
	n       int // frames per turn
	frames  int
	d       time.Duration
	mallocs uint64
}

// calibrate warms s and sets its count per turn to about budget.
func (s *side) calibrate(budget time.Duration) error {
	n := 16
	for {
		d, err := s.w.Run(n)
		if err != nil {
			return err
		}
		if d >= budget/4 || n >= 1<<24 {
			s.n = max(1, int(float64(n)*float64(budget)/float64(max(d, time.Microsecond))))
			return nil
		}
		n *= 4
	}
}

// turn runs s once, adding its time and allocations.
func (s *side) turn() error {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d, err := s.w.Run(s.n)
	runtime.ReadMemStats(&after)
	s.frames += s.n
	s.d += d
	s.mallocs += after.Mallocs - before.Mallocs
	return err
}

// measure sets every workload of p up and times each for about budget, in
// rotating turns whose first is workload first.
func measure(p pair, budget time.Duration, first int) ([]result, error) {
	setups := p.setups()
	sides := make([]side, len(setups))
	for i, setup := range setups {
		w, err := setup()
		if err != nil {
			return nil, err
		}
		defer w.Close()
		sides[i].w = w
		if err := sides[i].calibrate(budget / turns); err != nil {
			return nil, err
		}
	}
	runtime.GC()
	for t := range turns * len(sides) {
		if err := sides[(first+t)%len(sides)].turn(); err != nil {
			return nil, err
		}
	}
	out := make([]result, len(sides))
	for i, s := range sides {
		out[i] = result{rate: float64(s.frames) / s.d.Seconds(), allocs: float64(s.mallocs) / float64(s.frames)}
	}
	return out, nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func main() {
	rounds := flag.Int("rounds", 7, "rounds; each times every pair once")
	ms := flag.Int("ms", 300, "milliseconds per workload of a pair and round")
	out := flag.String("out", "", "rewrite the bench-wire section of this file")
	flag.Parse()
	if *rounds < 1 || *ms < 1 {
		fmt.Fprintln(os.Stderr, "benchwire: -rounds and -ms must be positive")
		os.Exit(2)
	}
	ps := pairs()
	got := make([][][]result, len(ps)) // pair, round, workload
	loadBefore := loadAverage()
	for r := range *rounds {
		for i, p := range ps {
			res, err := measure(p, time.Duration(*ms)*time.Millisecond, r)
			if err != nil {
				fmt.Fprintf(os.Stderr, "benchwire: %s: %v\n", p.name, err)
				os.Exit(1)
			}
			got[i] = append(got[i], res)
			fmt.Fprintf(os.Stderr, "round %d %s:", r+1, p.name)
			for _, x := range res {
				fmt.Fprintf(os.Stderr, " %.0f", x.rate)
			}
			fmt.Fprintf(os.Stderr, " %s\n", p.unit)
		}
	}
	section := report(ps, got, *rounds, *ms, loadBefore)
	if *out == "" {
		fmt.Print(section)
		return
	}
	old, err := os.ReadFile(*out)
	if err != nil && !os.IsNotExist(err) {
		fmt.Fprintln(os.Stderr, "benchwire:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, []byte(mdsection.Rewrite(string(old), "bench-wire", section)), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "benchwire:", err)
		os.Exit(1)
	}
}

// stat is a pair's numbers for one workload over the rounds.
type stat struct {
	rate, allocs       float64 // medians
	ratio, least, most float64 // the proxy's rate over this one's: median, smallest, largest
}

func stats(rounds [][]result, w int) stat {
	proxy := len(rounds[0]) - 1
	var rates, allocs, ratios []float64
	for _, r := range rounds {
		rates = append(rates, r[w].rate)
		allocs = append(allocs, r[w].allocs)
		ratios = append(ratios, r[proxy].rate/r[w].rate)
	}
	return stat{median(rates), median(allocs), median(ratios), slices.Min(ratios), slices.Max(ratios)}
}

// report is the bench-wire section: the machine, the table and the
// verdicts.
func report(ps []pair, got [][][]result, rounds, ms int, loadBefore string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## The real wire: the proxy against coder/websocket alone\n\n")
	fmt.Fprintf(&b, "Regenerated by `make bench-wire` (`go run ./internal/tools/cmd/benchwire -rounds %d -ms %d`); do not edit by hand. %s, %d cores (GOMAXPROCS %d), %s %s/%s; load average %s before the run, %s after it (the machine is shared: a load above the core count means the numbers stood in line for a core).\n\n",
		rounds, ms, cpuName(), runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), runtime.GOOS, runtime.GOARCH, loadBefore, loadAverage())
	fmt.Fprintf(&b, "Over one loopback WebSocket each, set up afresh for every round: the proxy's relay path (a loop's `Loop.Relay` with `Options.TrustRelay`, read by the provider's `Begin.RecvPayload`) against coder/websocket alone, its server end writing the same messages and its client end reading them, three ways: plainly, with `Conn.Read` (`io.ReadAll`: a slice grown from 512 bytes, 16 allocations and as many copies for 64 KiB), at its fastest, with `Conn.Reader` into one reused buffer that nothing keeps, and the same as a reader that serves others must use it (the SDK's provider does): in a goroutine of its own, copying each message out into a new slice of its length and handing it to the caller's goroutine through a queue. Both write with a context that cannot end (with one that can, the library pays a `context.AfterFunc` per message; the SDK watches a write's context once per context). \"Typed\" rows are for reference, outside the target: the same chunk sent with `Loop.Send`, encoded each time, and read decoded with `Begin.Recv`. The enqueue is `Begin.Enqueue` through the proxy (the channel's request, its Delivered and finish, with a loop started and ended on the main stream) against the library echoing a message of the same size with `Conn.Read`. %d rounds; in each, every workload of a pair is set up, calibrated, and run in rotating turns (six each, the first turn moving from round to round), about %d ms each in all. Rates are medians over the rounds; a ratio is the median of the rounds' proxy/library ratios, with the smallest and largest. The target (issue 28: at least 0.8) is checked against the library used plainly, its own `Conn.Read`, as an echo uses it; the reused-buffer columns say what the SDK's reader costs beyond a reader that keeps nothing, and beyond a plain reader that hands messages over. Allocations are the whole process's per frame (both ends), medians over the rounds.\n\n", rounds, ms)
	b.WriteString("| workload | message bytes | coder/websocket | the proxy | proxy/library | spread | coder/websocket, reused buffer | proxy/that (spread) | the same, each message copied out and handed over | proxy/that (spread) | allocs per frame: library, reused, proxy |\n|---|---:|---:|---:|---:|---|---:|---|---:|---|---|\n")
	var verdicts []string
	for i, p := range ps {
		rounds := got[i]
		proxy := len(rounds[0]) - 1
		lib, px := stats(rounds, 0), stats(rounds, proxy)
		bestRate, bestRatio, bestAllocs, handedRate, handedRatio := "—", "—", "—", "—", "—"
		if p.best != nil {
			best, handed := stats(rounds, 1), stats(rounds, 2)
			bestRate = fmt.Sprintf("%.0f %s", best.rate, p.unit)
			bestRatio = fmt.Sprintf("%.2f (%.2f–%.2f)", best.ratio, best.least, best.most)
			bestAllocs = fmt.Sprintf("%.1f", best.allocs)
			handedRate = fmt.Sprintf("%.0f %s", handed.rate, p.unit)
			handedRatio = fmt.Sprintf("%.2f (%.2f–%.2f)", handed.ratio, handed.least, handed.most)
		}
		fmt.Fprintf(&b, "| %s | %d | %.0f %s | %.0f %s | **%.2f** | %.2f–%.2f | %s | %s | %s | %s | %.1f, %s, %.1f |\n",
			p.name, p.bytes, lib.rate, p.unit, px.rate, p.unit, lib.ratio, lib.least, lib.most, bestRate, bestRatio, handedRate, handedRatio, lib.allocs, bestAllocs, px.allocs)
		if p.reference {
			continue
		}
		verdict := "met"
		if lib.ratio < target {
			verdict = fmt.Sprintf("NOT MET (%.0f%% short)", 100*(target-lib.ratio)/target)
		}
		verdicts = append(verdicts, fmt.Sprintf("- %s: the proxy at %.2f of the library's own rate ≥ %.1f: %s", p.name, lib.ratio, target, verdict))
		if p.best != nil {
			verdicts = append(verdicts, fmt.Sprintf("  - no target, for what bounds it: against the library at its fastest %s; against the same handing each message, in a slice of its own, to another goroutine %s", bestRatio, handedRatio))
		}
	}
	b.WriteString("\n" + strings.Join(verdicts, "\n") + "\n\n")
	b.WriteString("What bounds the enqueue's round trip: an enqueue that starts a loop is six WebSocket messages (the request; then Active, the user part, Delivered, the channel's finish and Inactive), where the echo is two, each a write and a read on each side; at the same cost per message the proxy would reach a third of the echo's rate. The protocol fixes those messages (one frame per message, and the server's ordering rules); what is left to the SDK is the cost of each.\n\nWhat bounds the relay path against the library at its fastest: one connection carries every scope and channel, so one goroutine reads it and hands each message to the caller of its stream, as memory of its own (the caller keeps it). That hand-over, a copy and a wake-up of another goroutine a message, costs the library alone about as much (the handed-over columns); the proxy's rate against those is what the rest of the path costs (routing, the server's framing and its locks). A caller cannot read the connection itself instead: a WebSocket read that waits cannot be given up without ending the connection, and a caller's context may end. Going past it takes buffers the caller gives back (a payload lent until the next receive), which the provider does not offer.\n")
	return b.String()
}

func cpuName() string {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, l := range strings.Split(string(info), "\n") {
		if name, ok := strings.CutPrefix(l, "model name"); ok {
			_, name, _ = strings.Cut(name, ":")
			return strings.TrimSpace(name)
		}
	}
	return "unknown CPU"
}

// loadAverage is the 1, 5 and 15 minute load averages.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}
