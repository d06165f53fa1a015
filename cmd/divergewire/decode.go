package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/internal/scopes"
	"github.com/diverge-network/diverge-sdk-go/internal/variant"
)

const decodeUsage = `usage:
  divergewire decode [-show-secrets] SCOPE HEX   show one payload given as hex (either case)
  divergewire decode [-show-secrets] FILE        show every "<scope> <hex>" line of FILE (- for stdin)
  divergewire decode [-show-secrets] TRACE       show a session trace event by event, with its loops
  divergewire decode [-show-secrets] SCOPE -     show stdin's raw bytes as one payload

In FILE, blank lines are skipped, lines starting with # are printed as they
are, and the hex "-" is the empty payload. A FILE whose first line that is
not blank or a comment has three fields, or is "<stream> finish", is a
TRACE (see divergewire check -h): each event is shown stream first, and a
line marks where each loop of the main stream begins and ends. Secret values
(secrets.values, a Secrets channel request, an Inactive) are shown as
<hidden> unless -show-secrets is given.

Exit status: 0 if every payload decoded, 1 if any did not, 2 for a usage
error (unknown scope, unreadable file, bad hex).
`

// Display limits: text is cut after textLimit characters, JSON after
// jsonLimit bytes.
const (
	textLimit = 120
	jsonLimit = 200
)

// decode is the decode subcommand: args are what follows "decode".
func decode(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("decode")
	show := fs.Bool("show-secrets", false, "show secret values, which are <hidden> otherwise")
	if status, done := parse(fs, decodeUsage, args, stdout, stderr); done {
		return status
	}
	args = fs.Args()

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	d := &decoder{out: out, stderr: stderr, show: *show}

	switch len(args) {
	case 1:
		return d.file(args[0], stdin)
	case 2:
		scope, ok := scopes.Lookup(args[0])
		if !ok {
			return d.usage("%s (divergewire scopes lists them)", unknownScope(args[0]))
		}
		var payload []byte
		if args[1] == "-" {
			b, err := io.ReadAll(stdin)
			if err != nil {
				return d.usage("reading stdin: %v", err)
			}
			payload = b
		} else {
			b, err := decodeHex(nil, []byte(args[1]))
			if err != nil {
				return d.usage("%s", badHex(err))
			}
			payload = b
		}
		if !d.payload("", scope, payload) {
			return exitBadFrame
		}
		return exitOK
	}
	out.Flush()
	return badArgs(fs, decodeUsage, stderr)
}

// decoder shows payloads on out.
type decoder struct {
	out    *bufio.Writer
	stderr io.Writer
	show   bool // show secret values
}

// usage reports a usage error on stderr, after what was shown so far.
func (d *decoder) usage(format string, args ...any) int {
	d.out.Flush()
	fmt.Fprintf(d.stderr, "divergewire decode: "+format+"\n", args...)
	return exitUsage
}

// file shows every line of the file at path ("-": stdin), as "<scope> <hex>"
// lines or, when its first event line has a trace line's shape, as a trace.
// Every line is shown whatever came before it; the status is the worst seen.
func (d *decoder) file(path string, stdin io.Reader) int {
	var r io.Reader = stdin
	name := "stdin"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return d.usage("%v", err)
		}
		defer f.Close()
		r, name = f, path
	}
	br := bufio.NewReader(r)
	status := exitOK
	var trace *traceView // set at the first event line, if it is a trace's
	decided := false
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			d.usage("%s: %v", name, err)
			return exitUsage
		}
		if len(line) == 0 && err == io.EOF {
			break
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.TrimSpace(line) == "":
		case strings.HasPrefix(line, "#"):
			fmt.Fprintln(d.out, sanitize(line))
		default:
			if !decided {
				decided = true
				if isTraceLine(line) {
					trace = &traceView{}
				}
			}
			var s int
			if trace != nil {
				s = d.traceLine(name, n, line, trace)
			} else {
				s = d.fileLine(name, n, line)
			}
			if s > status {
				status = s
			}
		}
		if err == io.EOF {
			break
		}
	}
	return status
}

// fileLine shows one "<scope> <hex>" line, read as conform reads it.
func (d *decoder) fileLine(name string, n int, line string) int {
	scopeName, hexText, ok := strings.Cut(line, " ")
	if !ok {
		return d.usage("%s:%d: expected `<scope> <hex>`", name, n)
	}
	scope, ok := scopes.Lookup(scopeName)
	if !ok {
		return d.usage("%s:%d: %s", name, n, unknownScope(scopeName))
	}
	payload, err := decodeHex(nil, []byte(hexText))
	if err != nil {
		return d.usage("%s:%d: %s", name, n, badHex(err))
	}
	if !d.payload("line "+strconv.Itoa(n)+"  ", scope, payload) {
		return exitBadFrame
	}
	return exitOK
}

// payload decodes and shows one payload under a header that starts with
// prefix. It reports whether the payload decoded.
func (d *decoder) payload(prefix string, scope *scopes.Scope, payload []byte) bool {
	v, err := scope.Decode(payload)
	return d.shown(prefix, scope, payload, v, err)
}

// shown shows what scope.Decode made of payload, v or err, under a header
// that starts with prefix. It reports whether the payload decoded.
func (d *decoder) shown(prefix string, scope *scopes.Scope, payload []byte, v any, err error) bool {
	if err != nil {
		// The messages never quote the payload; sanitize anyway, so the
		// line stays one line.
		fmt.Fprintf(d.out, "%s%s  ERROR %s: %s\n", prefix, scope.Name, variant.Name(err), sanitize(err.Error()))
		return false
	}
	variant, lines := describe(v, payload, d.show)
	fmt.Fprintf(d.out, "%s%s  %s\n", prefix, scope.Name, variant)
	for _, l := range lines {
		fmt.Fprintln(d.out, l)
	}
	return true
}
