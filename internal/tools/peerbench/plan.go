package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"time"
	"unicode/utf8"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
)

// item is one payload ready to time: what builds the SDK's loops, each
// verified peer's and, for a text, the baselines. The loops hold what they
// decode and encode, so each is built just before it is timed and dropped
// after: what one payload's timings leave live never weighs on another's.
type item struct {
	payload Payload
	sdk     func() scopes.Ops
	peers   []func() scopes.Ops // nil where the peer is not timed
	skipped []string            // why a peer is not timed
	base    func() scopes.Ops   // Decode is utf8.Valid over the text, Encode a copy of the payload; nil if no text
}

// plan is every item, with the codecs their peers' loops are of.
type plan struct {
	codecs []Codec
	items  []item
}

// prepare checks every payload with the SDK (it must decode and re-encode
// to its own bytes) and every peer (its round trip must give the same
// JSON), and builds the timing loops.
func prepare(payloads []Payload, codecs []Codec) (*plan, error) {
	pl := &plan{codecs: codecs}
	for i := range payloads {
		p := payloads[i]
		s, ok := scopes.Lookup(p.Scope)
		if !ok {
			return nil, fmt.Errorf("%s: no scope %s", p.Name, p.Scope)
		}
		again, err := s.Conform(nil, p.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%s: the SDK refuses it: %w", p.Name, err)
		}
		if string(again) != string(p.Bytes) {
			return nil, fmt.Errorf("%s: the SDK does not re-encode it to its own bytes", p.Name)
		}
		if _, err := s.Ops(p.Bytes); err != nil {
			return nil, fmt.Errorf("%s: %w", p.Name, err)
		}
		sdk := func() scopes.Ops {
			ops, _ := s.Ops(p.Bytes) // checked just above
			return ops
		}
		it := item{payload: p, sdk: sdk, peers: make([]func() scopes.Ops, len(codecs)), skipped: make([]string, len(codecs))}
		var want any
		if p.New != nil {
			if want, err = generic(p.Body()); err != nil {
				return nil, fmt.Errorf("%s: %w", p.Name, err)
			}
		}
		for j, c := range codecs {
			if p.New == nil {
				it.skipped[j] = "no JSON"
				continue
			}
			if err := roundTrip(c, &p, want); err != nil {
				it.skipped[j] = err.Error()
				fmt.Fprintf(os.Stderr, "peerbench: %s: %s: %v (not timed)\n", p.Name, c.Name, err)
				continue
			}
			it.peers[j] = func() scopes.Ops {
				// The value the encode loop writes, decoded again (untimed)
				// as roundTrip decoded it.
				v := p.New()
				_ = c.Unmarshal(p.Body(), v)
				return peerOps(c, &p, v)
			}
		}
		if p.Text != nil {
			it.base = func() scopes.Ops { return baseOps(p.Text, p.Bytes) }
		}
		pl.items = append(pl.items, it)
		runtime.GC()
	}
	return pl, nil
}

// peerOps are a peer's loops: Decode unmarshals the payload's JSON into a
// new value each time, Encode marshals the value decoded once.
func peerOps(c Codec, p *Payload, v any) scopes.Ops {
	body, fresh := p.Body(), p.New
	var keep struct {
		value any
		bytes []byte
	}
	return scopes.Ops{
		Decode: func(n int) {
			var x any
			for range n {
				x = fresh()
				_ = c.Unmarshal(body, x)
			}
			keep.value = x
		},
		Encode: func(n int) {
			var b []byte
			for range n {
				b, _ = c.Marshal(v)
			}
			keep.bytes = b
		},
	}
}

// baseOps are the floors a text is measured against: utf8.Valid over the
// text, and a copy of the payload into a reused buffer.
func baseOps(text, payload []byte) scopes.Ops {
	buf := make([]byte, 0, len(payload))
	var valid bool
	return scopes.Ops{
		Decode: func(n int) {
			ok := true
			for range n {
				ok = utf8.Valid(text) && ok
			}
			valid = ok
		},
		Encode: func(n int) {
			b := buf
			for range n {
				b = append(b[:0], payload...)
			}
			buf = b
			_ = valid
		},
	}
}

// Row is one payload's times, per round: [0] decode, [1] encode.
type Row struct {
	Payload Payload
	SDK     [2][]float64
	Peers   [][2][]float64 // by codec; empty where not timed
	Skipped []string       // by codec: why not timed
	Base    [2][]float64   // text only: utf8.Valid, copy
}

// Results is a whole run.
type Results struct {
	Codecs    []Codec
	Rows      []Row
	Rounds    int
	Ms        int
	StartedAt time.Time
	// Heap is what the collections did around the timings (heap.go).
	Heap HeapTally
}

// measure runs the rounds: in each, every item with every codec, in an
// order drawn anew for each item and round (seeded, so a run can be
// repeated), so that no codec is always timed right after the same one
// and inherits the state of the heap it leaves.
func (pl *plan) measure(rounds, ms int) *Results {
	res := &Results{Codecs: pl.codecs, Rounds: rounds, Ms: ms, StartedAt: time.Now().UTC()}
	for _, it := range pl.items {
		res.Rows = append(res.Rows, Row{Payload: it.payload, Peers: make([][2][]float64, len(pl.codecs)), Skipped: it.skipped})
	}
	half := time.Duration(ms) * time.Millisecond / 2
	time2 := func(build func() scopes.Ops, into *[2][]float64) {
		o := build()
		runtime.GC()
		before := readHeap()
		into[0] = append(into[0], scopes.NsPerCall(half, o.Decode))
		into[1] = append(into[1], scopes.NsPerCall(half, o.Encode))
		res.Heap.add(before, readHeap())
	}
	// -1 is the SDK, -2 the baselines, 0.. the peers.
	order := []int{-1, -2}
	for j := range pl.codecs {
		order = append(order, j)
	}
	rng := rand.New(rand.NewPCG(uint64(rounds), 14))
	for r := range rounds {
		fmt.Fprintf(os.Stderr, "peerbench: round %d/%d\n", r+1, rounds)
		for i, it := range pl.items {
			row := &res.Rows[i]
			rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
			for _, j := range order {
				switch {
				case j == -1:
					time2(it.sdk, &row.SDK)
				case j == -2:
					if it.base != nil {
						time2(it.base, &row.Base)
					}
				case it.peers[j] != nil:
					time2(it.peers[j], &row.Peers[j])
				}
			}
		}
	}
	return res
}
