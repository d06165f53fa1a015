// Command encdiff is the encode-side differential test against the Rust
// oracle: it makes random Go values of every encodable type (good ones, and
// ones with one bad member planted: a string that is not UTF-8, a typed nil,
// a zero opaque value where one is needed, an enum value out of range),
// encodes each with the SDK's public API and checks
//
//   - a good value encodes, the oracle accepts its bytes and re-encodes them
//     to exactly those bytes (or, where Rust reads back something else than
//     it writes, a NaN priority written null, to the encoding of what it
//     reads back);
//
//   - a bad value is refused with a *wire.EncodeError whose reason is the
//     planted one (errors.Is) at the planted member, leaving dst as it was,
//     and whose message holds no bytes of any planted string.
//
//     go run ./internal/tools/cmd/encdiff -oracle PATH [-n 300000] [-seed 1] [-bad 30]
//
// Each disagreement is printed; the last line is "N agreed, M disagreed",
// and the exit status is 1 if M > 0.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/oracle"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func main() {
	oraclePath := flag.String("oracle", os.Getenv("RUSTREF"), "path of the rustref binary (current stack)")
	n := flag.Int("n", 300000, "values to make")
	seed := flag.Uint64("seed", 1, "seed of the values")
	bad := flag.Int("bad", 30, "per-mille chance, at each member that can be bad, to plant a bad one (one per value)")
	show := flag.Int("show", 20, "disagreements to print in full")
	flag.Parse()
	if *oraclePath == "" {
		fmt.Fprintln(os.Stderr, "encdiff: no oracle: pass -oracle or set RUSTREF (RUSTREF_STACK=current ../shared/rustref/build.sh)")
		os.Exit(2)
	}
	r := run(*oraclePath, *n, *seed, *bad, *show)
	for _, s := range r.scopeNames() {
		c := r.perScope[s]
		fmt.Printf("%-26s %8d values %8d refused as planted\n", s, c.values, c.refused)
	}
	fmt.Printf("%d of the agreed re-encoded with serde_json's own float drift, as the Go decoder predicts\n", r.drift)
	fmt.Printf("%d agreed, %d disagreed\n", r.agreed, r.disagreed)
	if r.disagreed > 0 {
		os.Exit(1)
	}
}

type counts struct{ values, refused int }

type report struct {
	agreed, disagreed int
	// drift counts values Rust read back changed by its own inexact float
	// parsing, exactly as the Go decoder predicts.
	drift    int
	perScope map[string]*counts
	show     int
}

func (r *report) scopeNames() []string {
	names := make([]string, 0, len(r.perScope))
	for s := range r.perScope {
		names = append(names, s)
	}
	sort.Strings(names)
	return names
}

func (r *report) disagree(format string, args ...any) {
	r.disagreed++
	if r.disagreed <= r.show {
		fmt.Printf("DISAGREE "+format+"\n", args...)
	}
}

// pending is an encoded good value waiting for the oracle's answer.
type pending struct {
	scope   string
	encoded []byte
	want    []byte // the re-encoding the oracle must give
}

// run makes n values in batches, so memory stays bounded, and checks them.
func run(oraclePath string, n int, seed uint64, bad, show int) *report {
	r := &report{perScope: map[string]*counts{}, show: show}
	g := newGen(seed)
	g.bad = bad
	const batch = 20000
	for done := 0; done < n; {
		var todo []pending
		for ; done < n && len(todo) < batch; done++ {
			m := makers[done%len(makers)]
			g.planted, g.member, g.badStr = nil, "", ""
			v := m.make(g)
			v.scope, v.want, v.member, v.badStr = m.scope, g.planted, g.member, g.badStr
			c := r.perScope[m.scope]
			if c == nil {
				c = &counts{}
				r.perScope[m.scope] = c
			}
			c.values++
			if p, ok := r.encodeOne(v, c); ok {
				todo = append(todo, p)
			}
		}
		r.askOracle(oraclePath, todo)
	}
	return r
}

var prefix = []byte("prefix")

// encodeOne encodes v after a prefix and checks what the encoder did
// without the oracle; a good value's bytes come back for the oracle.
func (r *report) encodeOne(v value, c *counts) (pending, bool) {
	dst := append(make([]byte, 0, 64), prefix...)
	out, err := v.encode(dst)
	if v.want != nil {
		var ee *wire.EncodeError
		switch {
		case err == nil:
			r.disagree("%s: encoded a value with %v planted at %q", v.scope, v.want, v.member)
		case !errors.Is(err, v.want) || !errors.As(err, &ee):
			r.disagree("%s: planted %v at %q, got %T %v", v.scope, v.want, v.member, err, err)
		case ee.Member != v.member:
			r.disagree("%s: planted %v at %q, error names %q", v.scope, v.want, v.member, ee.Member)
		case !bytes.Equal(out, prefix):
			r.disagree("%s: a failed encode changed dst", v.scope)
		case leaks(err.Error(), v.badStr):
			r.disagree("%s: error message quotes a planted string: %q", v.scope, err.Error())
		default:
			c.refused++
			r.agreed++
		}
		return pending{}, false
	}
	if err != nil {
		r.disagree("%s: refused a good value: %v", v.scope, err)
		return pending{}, false
	}
	if !bytes.HasPrefix(out, prefix) {
		r.disagree("%s: encode did not append to dst", v.scope)
		return pending{}, false
	}
	p := pending{scope: v.scope, encoded: out[len(prefix):]}
	p.want = p.encoded
	if v.reencoded != nil {
		w, err := v.reencoded(nil)
		if err != nil {
			r.disagree("%s: the value Rust reads back did not encode: %v", v.scope, err)
			return pending{}, false
		}
		p.want = w
	}
	return p, true
}

// leaks reports whether msg quotes bad, the planted string, as it is or as
// Go quotes it, or is not valid UTF-8 itself.
func leaks(msg, bad string) bool {
	if !utf8.ValidString(msg) {
		return true
	}
	if bad == "" {
		return false
	}
	q := strconv.Quote(bad)
	return strings.Contains(msg, bad) || strings.Contains(msg, q[1:len(q)-1])
}

func (r *report) askOracle(path string, todo []pending) {
	if len(todo) == 0 {
		return
	}
	lines := make([]oracle.Line, len(todo))
	for i, p := range todo {
		lines[i] = oracle.Line{Scope: p.scope, Payload: p.encoded}
	}
	answers, err := oracle.Ask(path, lines)
	if err != nil {
		fmt.Fprintln(os.Stderr, "encdiff:", err)
		os.Exit(2)
	}
	for i, p := range todo {
		want := "ok " + oracle.Hex(p.want)
		if answers[i] == want {
			r.agreed++
			continue
		}
		// serde_json's decimal parser is not correctly rounded, so Rust can
		// read a float back one ulp from the one it (and Go) wrote. The Go
		// decoder reads exactly as serde_json does (the decode-side
		// differential checks that), so it predicts such a re-encoding.
		if s, ok := scopes.Lookup(p.scope); ok {
			if again, err := s.Conform(nil, p.want); err == nil && answers[i] == "ok "+oracle.Hex(again) {
				r.agreed++
				r.drift++
				continue
			}
		}
		r.disagree("%s %s\n  rust: %s\n  want: %s", p.scope, clip(oracle.Hex(p.encoded)), clip(answers[i]), clip(want))
	}
}

func clip(s string) string {
	if len(s) > 400 {
		return s[:400] + fmt.Sprintf("… (%d bytes)", len(s))
	}
	return s
}
