package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/variant"
	"github.com/diverge-network/diverge-sdk-go/session"
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
<hidden> unless -show-secrets is given; a fed or handed-back value found
anywhere else in the input (an Error's message, a chunk, a key, before or
after the feed) is hidden there too, raw, JSON-escaped, quoted, as hex or
as base64.

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
	d := &decoder{out: out, stderr: stderr, show: *show, sc: newScrubber(*show)}

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
	show   bool      // show secret values
	sc     *scrubber // nil with -show-secrets
}

// println writes one line of output, every fed or handed-back value in it
// hidden.
func (d *decoder) println(text string) {
	text, _ = d.sc.hide(text)
	d.out.WriteString(text)
	d.out.WriteByte('\n')
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
	// The whole input is read first: its secret values are collected
	// before anything is shown, so that a value fed after an Error that
	// quotes it is hidden there too, as view hides it.
	var lines []string
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return d.usage("%s: %v", name, err)
		}
		if len(line) > 0 {
			lines = append(lines, strings.TrimRight(line, "\r\n"))
		}
		if err == io.EOF {
			break
		}
	}
	isTrace := false
	for _, line := range lines {
		if content(line) {
			isTrace = isTraceLine(line)
			break
		}
	}
	if d.sc != nil {
		for _, line := range lines {
			if content(line) {
				d.collectLine(line, isTrace)
			}
		}
	}
	status := exitOK
	var trace *traceView
	if isTrace {
		trace = &traceView{}
	}
	for i, line := range lines {
		n := i + 1
		switch {
		case strings.TrimSpace(line) == "":
		case strings.HasPrefix(line, "#"):
			d.println(sanitize(line))
		default:
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
	}
	return status
}

// content reports whether a line of a file is a payload or event line,
// not blank and not a comment.
func content(line string) bool {
	return strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#")
}

// collectLine gives the scrubber the secret values of one line's payload,
// if it carries any; a line that does not read is left to the showing pass.
func (d *decoder) collectLine(line string, isTrace bool) {
	var scopeName string
	var payload []byte
	if isTrace {
		ev, msg := parseTraceLine(line)
		if msg != "" || ev.Finish {
			return
		}
		scopeName, payload = ev.Scope, ev.Payload
	} else {
		var hexText string
		var ok bool
		if scopeName, hexText, ok = strings.Cut(line, " "); !ok {
			return
		}
		var err error
		if payload, err = decodeHex(nil, []byte(hexText)); err != nil {
			return
		}
	}
	if !carriesSecrets(session.Event{Scope: scopeName, Payload: payload}) {
		return
	}
	if scope, ok := scopes.Lookup(scopeName); ok {
		if v, err := scope.Decode(payload); err == nil {
			d.sc.collect(v)
		}
	}
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
	d.sc.collect(v)
	return d.shown(prefix, scope, payload, v, err)
}

// shown shows what scope.Decode made of payload, v or err, under a header
// that starts with prefix. It reports whether the payload decoded.
func (d *decoder) shown(prefix string, scope *scopes.Scope, payload []byte, v any, err error) bool {
	if err != nil {
		// The messages never quote the payload; sanitize anyway, so the
		// line stays one line.
		d.println(fmt.Sprintf("%s%s  ERROR %s: %s", prefix, scope.Name, variant.Name(err), sanitize(err.Error())))
		return false
	}
	variant, lines := describe(v, payload, d.show)
	d.println(prefix + scope.Name + "  " + variant)
	for _, l := range lines {
		d.println(l)
	}
	return true
}
