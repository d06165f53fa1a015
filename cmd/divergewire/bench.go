package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/variant"
)

const benchUsage = `usage:
  divergewire bench [-ms N] FILE   time decode and encode of FILE's ok vectors, as rustref bench does
`

// bench is `divergewire bench [-ms N] FILE`: for every "ok" vector of a
// vector file, the Go decode and encode times, measured as `rustref bench`
// measures the Rust ones, one line each:
//
//	<scope>\t<name>\t<bytes>\t<decode ns/op>\t<encode ns/op>
//
// Decode is payload to the scope's Go value (dropped each time); encode is
// that value appended to one buffer, reset each time. Each direction gets
// half the vector's budget: a warm-up of a tenth of its half that also
// estimates one call's cost, then an odd number (at least 3) of timed
// batches of about 20 ms; the answer is the median batch's time per call.
func bench(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("bench")
	ms := fs.Int("ms", 200, "each vector's time budget in milliseconds, above 0")
	if status, done := parse(fs, benchUsage, args, stdout, stderr); done {
		return status
	}
	args = fs.Args()
	if len(args) > 1 {
		// FILE -ms N, as rustref takes it: flags after the file too.
		if status, done := parse(fs, benchUsage, args[1:], stdout, stderr); done {
			return status
		}
		args = append(args[:1], fs.Args()...)
	}
	if *ms <= 0 {
		fmt.Fprintln(stderr, "divergewire bench: -ms takes a whole number of milliseconds above 0")
		return exitUsage
	}
	if len(args) != 1 {
		return badArgs(fs, benchUsage, stderr)
	}
	raw, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintln(stderr, "divergewire bench:", err)
		return 2
	}
	var file struct {
		Vectors []struct{ Name, Scope, Hex, Expect string }
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		fmt.Fprintln(stderr, "divergewire bench:", args[0], err)
		return 2
	}
	budget := time.Duration(*ms) * time.Millisecond
	for _, v := range file.Vectors {
		if v.Expect != "ok" {
			continue
		}
		s, ok := scopes.Lookup(v.Scope)
		if !ok {
			fmt.Fprintf(stderr, "divergewire bench: %s: %s\n", v.Name, unknownScope(v.Scope))
			return 1
		}
		payload := []byte{}
		if v.Hex != "-" {
			if payload, err = hex.DecodeString(v.Hex); err != nil {
				fmt.Fprintf(stderr, "divergewire bench: %s: %s\n", v.Name, badHex(err))
				return 1
			}
		}
		ops, err := s.Ops(payload)
		if err != nil {
			fmt.Fprintf(stderr, "divergewire bench: %s: expected ok, got %s (%v)\n", v.Name, variant.Name(err), err)
			return 1
		}
		runtime.GC()
		decode := scopes.NsPerCall(budget/2, ops.Decode)
		encode := scopes.NsPerCall(budget/2, ops.Encode)
		fmt.Fprintf(stdout, "%s\t%s\t%d\t%.1f\t%.1f\n", v.Scope, v.Name, len(payload), decode, encode)
	}
	return 0
}
