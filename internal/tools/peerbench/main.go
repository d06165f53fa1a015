// Command peerbench times the SDK against Go's JSON libraries: for each
// payload (the ok vectors of testdata/bench.json and generated long texts,
// an image, an embedded resource and 1,000 secrets), the SDK's own decode
// and encode (internal/tools/scopes' Ops, as divergewire bench times them)
// against each peer's package-level Unmarshal into a plain Go struct
// equivalent to the payload and Marshal of that struct. Rounds alternate:
// each round times every payload with every codec, in an order shuffled
// for each payload and round. With -out it rewrites the delimited
// bench-peers section of PERFORMANCE.md and leaves the rest of the file as
// it was.
//
// It is its own module so that the peers never enter the SDK's go.mod; run
// it with `make bench-peers`, or from internal/tools/peerbench:
//
//	GOEXPERIMENT=jsonv2 go run . [-file ../../../testdata/bench.json] [-rounds 6] [-ms 100] [-out ../../../PERFORMANCE.md]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/mdsection"
)

func main() {
	file := flag.String("file", "../../../testdata/bench.json", "vector file whose ok vectors are benchmarked")
	rounds := flag.Int("rounds", 6, "rounds, each timing every payload with every codec")
	ms := flag.Int("ms", 100, "budget per payload, codec and round, in ms (half each direction)")
	out := flag.String("out", "", "rewrite the bench-peers section of this file (PERFORMANCE.md)")
	only := flag.String("only", "", "time only payloads whose name contains this (for development)")
	flag.Parse()
	if *rounds < 1 || *ms < 1 {
		fmt.Fprintln(os.Stderr, "peerbench: -rounds and -ms take whole numbers above 0")
		os.Exit(2)
	}
	if err := run(*file, *rounds, *ms, *out, *only); err != nil {
		fmt.Fprintln(os.Stderr, "peerbench:", err)
		os.Exit(1)
	}
}

func run(file string, rounds, ms int, out, only string) error {
	vectors, err := loadVectors(file)
	if err != nil {
		return err
	}
	generated, err := generate()
	if err != nil {
		return err
	}
	var payloads []Payload
	for _, p := range append(vectors, generated...) {
		if strings.Contains(p.Name, only) {
			payloads = append(payloads, p)
		}
	}
	codecs := peers()
	fmt.Fprintf(os.Stderr, "peerbench: %d payloads, %d peers, verifying round trips\n", len(payloads), len(codecs))
	plan, err := prepare(payloads, codecs)
	if err != nil {
		return err
	}
	res := plan.measure(rounds, ms)
	cmd := fmt.Sprintf("cd internal/tools/peerbench && GOEXPERIMENT=%s go run . -rounds %d -ms %d", goExperiment(), rounds, ms)
	section := report(res, machine(), cmd)
	fmt.Print(section)
	if out == "" {
		return nil
	}
	old, err := os.ReadFile(out)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	return os.WriteFile(out, []byte(mdsection.Rewrite(string(old), "bench-peers", section)), 0o644)
}
