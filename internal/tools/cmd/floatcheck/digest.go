package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/internal/serde"
)

// FNV-1a, 64 bits.
const (
	fnvOffset = 0xcbf29ce484222325
	fnvPrime  = 0x100000001b3
)

// fnv adds b to the FNV-1a hash h.
func fnv(h uint64, b []byte) uint64 {
	for _, c := range b {
		h = (h ^ uint64(c)) * fnvPrime
	}
	return h
}

// tally counts values that agreed and disagreed.
type tally struct{ agreed, disagreed uint64 }

// add adds t's counts to u.
func (u *tally) add(t tally) {
	u.agreed += t.agreed
	u.disagreed += t.disagreed
}

// source is a sequence of values both sides can make: the f32 bit patterns
// (value i is pattern i) or the f64 stream of one seed.
type source struct {
	name string // "f32" or "f64"
	// args are floatref's arguments for the digests of values [start, end)
	// in blocks of block, and for their texts (list).
	args, list func(start, end, block uint64) []string
	bits       func(i uint64) uint64
	// text appends the Go formatter's text for bits.
	text func(dst []byte, bits uint64) []byte
}

// f32Source is every f32 bit pattern.
func f32Source() source {
	return source{
		name: "f32",
		args: func(start, end, block uint64) []string { return []string{"f32", dec(start), dec(end), dec(block)} },
		list: func(start, end, _ uint64) []string { return []string{"list", "f32", dec(start), dec(end)} },
		bits: func(i uint64) uint64 { return i },
		text: appendF32,
	}
}

// f64Source is the f64 stream of seed.
func f64Source(seed uint64) source {
	s := newStream(seed)
	return source{
		name: "f64",
		args: func(start, end, block uint64) []string {
			return []string{"f64", dec(seed), dec(start), dec(end), dec(block)}
		},
		list: func(start, end, _ uint64) []string { return []string{"list", "f64", dec(seed), dec(start), dec(end)} },
		bits: s.bits,
		text: appendF64,
	}
}

// appendF32 is serde.AppendF32 of an f32 bit pattern.
func appendF32(dst []byte, bits uint64) []byte {
	return serde.AppendF32(dst, math.Float32frombits(uint32(bits)))
}

// appendF64 is serde.AppendF64 of an f64 bit pattern.
func appendF64(dst []byte, bits uint64) []byte {
	return serde.AppendF64(dst, math.Float64frombits(bits))
}

// dec is n in decimal.
func dec(n uint64) string { return strconv.FormatUint(n, 10) }

// checker compares the Go formatter with floatref (and with the oracle, in
// conform.go), printing what it finds to out.
type checker struct {
	floatref string
	block    uint64 // values per digest
	workers  int    // shards run at once, each with its own floatref
	show     int    // disagreements to print in full
	maxList  int    // mismatching blocks to pin down value by value
	out      io.Writer

	mu     sync.Mutex
	shown  int
	listed int
}

// printf writes to c.out under the lock.
func (c *checker) printf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.out, format, args...)
}

// disagree prints one disagreement in full while fewer than c.show have
// been.
func (c *checker) disagree(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.shown < c.show {
		fmt.Fprintf(c.out, format+"\n", args...)
	}
	c.shown++
}

// digests compares values [start, end) of src: each of c.workers shards runs
// floatref over its part and checks every block's digest against the Go
// side's; a block that differs is pinned down value by value.
func (c *checker) digests(src source, start, end uint64) (tally, error) {
	blocks := (end - start + c.block - 1) / c.block
	per := (blocks + uint64(c.workers) - 1) / uint64(c.workers)
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		total tally
		errs  []error
	)
	for w := range uint64(c.workers) {
		lo := min(end, start+w*per*c.block)
		hi := min(end, lo+per*c.block)
		if lo == hi {
			continue
		}
		wg.Go(func() {
			t, err := c.shard(src, lo, hi)
			mu.Lock()
			defer mu.Unlock()
			total.add(t)
			errs = append(errs, err)
		})
	}
	wg.Wait()
	return total, errors.Join(errs...)
}

// shard checks values [start, end) of src against one floatref run.
func (c *checker) shard(src source, start, end uint64) (t tally, err error) {
	cmd := exec.Command(c.floatref, src.args(start, end, c.block)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return t, err
	}
	if err := cmd.Start(); err != nil {
		return t, err
	}
	defer func() {
		if err != nil {
			_ = cmd.Process.Kill()
		}
		if werr := cmd.Wait(); werr != nil && err == nil {
			err = fmt.Errorf("floatref %s: %w", src.name, werr)
		}
		if err != nil && stderr.Len() > 0 {
			err = fmt.Errorf("%w: %s", err, strings.TrimSpace(stderr.String()))
		}
	}()
	lines := bufio.NewScanner(stdout)
	buf := make([]byte, 0, 64)
	for first := start; first < end; {
		last := min(end, first+c.block)
		if !lines.Scan() {
			return t, fmt.Errorf("floatref %s: output stops before block %x (%v)", src.name, first, lines.Err())
		}
		got, digest, ok := parseDigest(lines.Text())
		if !ok || got != first {
			return t, fmt.Errorf("floatref %s: line %q where block %x was due", src.name, lines.Text(), first)
		}
		h := uint64(fnvOffset)
		for i := first; i < last; i++ {
			buf = append(src.text(buf[:0], src.bits(i)), '\n')
			h = fnv(h, buf)
		}
		if h == digest {
			t.agreed += last - first
		} else {
			bad, err := c.pin(src, first, last)
			if err != nil {
				return t, err
			}
			t.agreed += last - first - bad
			t.disagreed += bad
		}
		first = last
	}
	return t, nil
}

// parseDigest splits a floatref digest line "<first> <digest>".
func parseDigest(line string) (first, digest uint64, ok bool) {
	a, b, found := strings.Cut(line, " ")
	x, err1 := strconv.ParseUint(a, 16, 64)
	y, err2 := strconv.ParseUint(b, 16, 64)
	return x, y, found && err1 == nil && err2 == nil
}

// pin lists the Rust texts of values [start, end) of src, whose digests
// differ, and returns how many differ from the Go side's. Past c.maxList
// blocks it no longer lists and counts the whole block as disagreeing.
func (c *checker) pin(src source, start, end uint64) (uint64, error) {
	c.mu.Lock()
	c.listed++
	listing := c.listed <= c.maxList
	c.mu.Unlock()
	if !listing {
		c.printf("%s block %x..%x: digests differ, not listed (-max-list), counted as %d disagreements\n", src.name, start, end, end-start)
		return end - start, nil
	}
	out, err := exec.Command(c.floatref, src.list(start, end, c.block)...).Output()
	if err != nil {
		return 0, fmt.Errorf("floatref %s: list %x..%x: %w", src.name, start, end, err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if uint64(len(lines)) != end-start {
		return 0, fmt.Errorf("floatref %s: list %x..%x: %d lines", src.name, start, end, len(lines))
	}
	var bad uint64
	for k, line := range lines {
		i := start + uint64(k)
		bits := src.bits(i)
		hexBits, rust, _ := strings.Cut(line, " ")
		goText := string(src.text(nil, bits))
		switch rbits, err := strconv.ParseUint(hexBits, 16, 64); {
		case err != nil || rbits != bits:
			// The two sides made different values: a bug in one of the
			// streams, not in a formatter.
			bad++
			c.disagree("%s #%d: stream desync, Go bits %x, Rust bits %s", src.name, i, bits, hexBits)
		case rust != goText:
			bad++
			c.disagree("%s #%d bits %x: Go %s, Rust %s", src.name, i, bits, goText, rust)
		}
	}
	if bad == 0 {
		return 0, fmt.Errorf("%s block %x..%x: digests differ but every text agrees", src.name, start, end)
	}
	return bad, nil
}
