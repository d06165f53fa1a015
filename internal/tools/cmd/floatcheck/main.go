// Command floatcheck checks that serde.AppendF32 and serde.AppendF64 write
// every float byte for byte as serde_json 1.0.150 does, against floatref
// (internal/tools/floatref: serde_json's own formatting, built with `make
// floatref`) and, with -oracle, against the Rust oracle's round trip.
//
//	go run ./internal/tools/cmd/floatcheck -floatref PATH [-f32 [-f32-start A -f32-end B]] [-f64 N] [-seed 1]
//	    [-oracle RUSTREF -conform N -conform-f32 N]
//
// -f32 compares all 2^32 f32 bit patterns (or [A, B)), -f64 the first N
// values of floatref's f64 stream of -seed (uniform bits and values near
// powers of ten and two, short decimals, integers, subnormals, with their
// neighbours). Both sides hash each block of -block texts (FNV-1a); a block
// whose digests differ is listed value by value and every differing value
// counted (the first -show are printed with both texts).
//
// -conform sends the Go text of the first N finite values of the f64 stream
// to `rustref conform` as secrets.values {"a":<text>}, and -conform-f32 the
// text of N finite f32 as an mcpcontent.block priority; see conform for
// what counts as agreeing when serde_json's parser reads the text back as
// another float.
//
// Each check prints a summary line; the last line is "N agreed, M
// disagreed" over all of them, and the exit status is 1 if M > 0 (2 if a
// check could not run).
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	floatref := flag.String("floatref", os.Getenv("FLOATREF"), "path of the floatref binary (default $FLOATREF)")
	all32 := flag.Bool("f32", false, "compare every f32 bit pattern in [-f32-start, -f32-end)")
	start32 := flag.Uint64("f32-start", 0, "first f32 bit pattern, with -f32")
	end32 := flag.Uint64("f32-end", 1<<32, "end (exclusive) of the f32 bit patterns, with -f32")
	n64 := flag.Uint64("f64", 0, "compare this many values of the f64 stream")
	seed := flag.Uint64("seed", 1, "seed of the f64 stream (and of the conform values)")
	block := flag.Uint64("block", 1<<16, "values per digest")
	workers := flag.Int("j", 2, "shards compared at once, each with its own floatref")
	show := flag.Int("show", 20, "disagreements to print in full")
	maxList := flag.Int("max-list", 100, "mismatching blocks to list value by value")
	oracle := flag.String("oracle", "", "path of the current-stack rustref, for -conform and -conform-f32")
	conform64 := flag.Int("conform", 0, "send this many f64 through the oracle")
	conform32 := flag.Int("conform-f32", 0, "send this many f32 through the oracle")
	flag.Parse()

	switch {
	case *floatref == "":
		fail("no floatref: pass -floatref or set FLOATREF (build it with make floatref)")
	case !*all32 && *n64 == 0 && *conform64 == 0 && *conform32 == 0:
		fail("nothing to do: give -f32, -f64 N, -conform N or -conform-f32 N")
	case *all32 && (*start32 > *end32 || *end32 > 1<<32):
		fail("-f32-start and -f32-end must satisfy 0 <= start <= end <= 2^32")
	case (*conform64 > 0 || *conform32 > 0) && *oracle == "":
		fail("-conform and -conform-f32 need -oracle")
	case *block == 0 || *workers < 1:
		fail("-block and -j must be positive")
	}
	c := &checker{floatref: *floatref, block: *block, workers: *workers, show: *show, maxList: *maxList, out: os.Stdout}

	var total tally
	run := func(what string, check func() (tally, string, error)) {
		began := time.Now()
		t, note, err := check()
		if err != nil {
			fail(what + ": " + err.Error())
		}
		fmt.Printf("%s: %d agreed, %d disagreed%s (%.1fs)\n", what, t.agreed, t.disagreed, note, time.Since(began).Seconds())
		total.add(t)
	}
	if *all32 {
		run(fmt.Sprintf("f32 patterns [%#x, %#x)", *start32, *end32), func() (tally, string, error) {
			t, err := c.digests(f32Source(), *start32, *end32)
			return t, "", err
		})
	}
	if *n64 > 0 {
		run(fmt.Sprintf("f64 stream seed %d, %d values", *seed, *n64), func() (tally, string, error) {
			t, err := c.digests(f64Source(*seed), 0, *n64)
			return t, "", err
		})
	}
	for _, cf := range []struct {
		sh shape
		n  int
	}{{f64Shape, *conform64}, {f32Shape, *conform32}} {
		if cf.n == 0 {
			continue
		}
		run(fmt.Sprintf("oracle %s via %s, %d values", cf.sh.name, cf.sh.scope, cf.n), func() (tally, string, error) {
			t, st, err := c.conform(*oracle, cf.sh, conformValues(cf.sh, *seed, cf.n))
			note := fmt.Sprintf(" (%d byte for byte, %d read back by serde_json as another %s and written as Go writes that one; wire.Raw.DecodeJSON predicted %d of %d answers)",
				st.exact, st.reread, cf.sh.name, st.modelOK, st.modelOK+st.modelMissed)
			return t, note, err
		})
	}
	fmt.Printf("%d agreed, %d disagreed\n", total.agreed, total.disagreed)
	if total.disagreed > 0 {
		os.Exit(1)
	}
}

// fail reports a check that could not run and exits with status 2.
func fail(msg string) {
	fmt.Fprintln(os.Stderr, "floatcheck:", msg)
	os.Exit(2)
}
