package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/scopes"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

const decodeUsage = `usage:
  divergewire decode [--show-secrets] SCOPE HEX   show one payload given as hex (either case)
  divergewire decode [--show-secrets] FILE        show every "<scope> <hex>" line of FILE (- for stdin)
  divergewire decode [--show-secrets] TRACE       show a session trace event by event, with its loops
  divergewire decode [--show-secrets] SCOPE -     show stdin's raw bytes as one payload

In FILE, blank lines are skipped, lines starting with # are printed as they
are, and the hex "-" is the empty payload. A FILE whose first line that is
not blank or a comment has three fields, or is "<stream> finish", is a
TRACE (see divergewire check -h): each event is shown stream first, and a
line marks where each loop of the main stream begins and ends. Secret values
(secrets.values, a Secrets channel request, an Inactive) are shown as
<hidden> unless --show-secrets is given.

Exit status: 0 if every payload decoded, 1 if any did not, 2 for a usage
error (unknown scope, unreadable file, bad hex).
`

// Display limits: text is cut after textLimit characters, JSON after
// jsonLimit bytes.
const (
	textLimit = 120
	jsonLimit = 200
)

// Exit statuses.
const (
	exitOK       = 0
	exitBadFrame = 1
	exitUsage    = 2
)

// decode is the decode subcommand: args are what follows "decode".
func decode(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	show := false
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			args = args[1:]
			break
		}
		if a == "-" || !strings.HasPrefix(a, "-") {
			break
		}
		switch a {
		case "--show-secrets", "-show-secrets":
			show = true
		case "-h", "-help", "--help":
			fmt.Fprint(stdout, decodeUsage)
			return exitOK
		default:
			fmt.Fprintf(stderr, "divergewire decode: unknown flag %s\n", a)
			fmt.Fprint(stderr, decodeUsage)
			return exitUsage
		}
		args = args[1:]
	}

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	d := &decoder{out: out, stderr: stderr, show: show}

	switch len(args) {
	case 1:
		return d.file(args[0], stdin)
	case 2:
		scope, ok := scopes.Lookup(args[0])
		if !ok {
			return d.usage("unknown scope %q (divergewire scopes lists them)", args[0])
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
				return d.usage("bad hex: %v", err)
			}
			payload = b
		}
		if !d.payload("", scope, payload) {
			return exitBadFrame
		}
		return exitOK
	}
	fmt.Fprint(stderr, decodeUsage)
	return exitUsage
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
		return d.usage("%s:%d: unknown scope %s", name, n, strconv.Quote(scopeName))
	}
	payload, err := decodeHex(nil, []byte(hexText))
	if err != nil {
		return d.usage("%s:%d: bad hex: %v", name, n, err)
	}
	if !d.payload("line "+strconv.Itoa(n)+"  ", scope, payload) {
		return exitBadFrame
	}
	return exitOK
}

// traceView is what decode follows through a trace: the main stream's
// loops, to mark where each begins and ends.
type traceView struct {
	loops  int  // loops begun
	inLoop bool // an Active with no Inactive or Error yet
}

// traceLine shows one event line of a trace: stream first, then the line
// number, then the payload as its scope reads it (or the finish). A main
// stream Active is preceded by a "── loop N ──" line, and the Inactive or
// Error that ends the loop is followed by an "── end of loop N ──" line.
func (d *decoder) traceLine(name string, n int, line string, tv *traceView) int {
	ev, err := parseTraceLine(n, line)
	if err != nil {
		return d.usage("%s:%d: %v", name, n, err)
	}
	head := sanitize(ev.stream) + "  line " + strconv.Itoa(n) + "  "
	switch {
	case ev.finish:
		fmt.Fprintf(d.out, "%sfinish\n", head)
		return exitOK
	case ev.scope == begin.ScopeOpaque:
		fmt.Fprintf(d.out, "%s%s  %d bytes, not read\n", head, ev.scope, len(ev.payload))
		return exitOK
	}
	scope, _ := scopes.Lookup(ev.scope) // parseTraceLine checked it
	v, err := scope.Decode(ev.payload)
	onMain := ev.stream == mainStream && err == nil
	if _, ok := v.(begin.Active); ok && onMain {
		tv.loops++
		tv.inLoop = true
		fmt.Fprintf(d.out, "── loop %d ──\n", tv.loops)
	}
	ok := d.shown(head, scope, ev.payload, v, err)
	if onMain && tv.inLoop {
		switch v.(type) {
		case *begin.Inactive:
			tv.inLoop = false
			fmt.Fprintf(d.out, "── end of loop %d ──\n", tv.loops)
		case *begin.Error:
			tv.inLoop = false
			fmt.Fprintf(d.out, "── end of loop %d, by an Error ──\n", tv.loops)
		}
	}
	if !ok {
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
		fmt.Fprintf(d.out, "%s%s  ERROR %s: %s\n", prefix, scope.Name, scopes.Variant(err), sanitize(err.Error()))
		return false
	}
	variant, lines := describe(v, payload, d.show)
	fmt.Fprintf(d.out, "%s%s  %s\n", prefix, scope.Name, variant)
	for _, l := range lines {
		fmt.Fprintln(d.out, l)
	}
	return true
}

// describe names the variant of v, a value a scope decoded from payload,
// and lists its members, one indented line each. Secret values are shown
// only when show is set.
func describe(v any, payload []byte, show bool) (string, []string) {
	var p lines
	switch v := v.(type) {
	// begin.response
	case *begin.Begun:
		registered(&p, (*begin.Registered)(v))
		return "Begun", p
	case *begin.Error:
		p.add(1, "message: %s", strconv.Quote(v.Message))
		return "Error", p
	case begin.Chunk:
		p.add(1, "json: %s", jsonCut(v.Bytes()))
		if meta, ok := v.Meta(); ok {
			p.add(1, "_meta: %s", jsonCut(meta.Bytes()))
		}
		return "Chunk", p
	case begin.Active:
		bare(&p, payload)
		return "Active", p
	case *begin.Inactive:
		values(&p, "values", v.Values, show)
		return "Inactive", p

	// begin.channel_request (and postgres.request, whose value is a
	// begin.Postgres too)
	case begin.Postgres:
		p.add(1, "conn_id: %x", v.ConnID[:])
		return "Postgres", p
	case begin.Info:
		bare(&p, payload)
		return "Info", p
	case *begin.Enqueue:
		enqueueRequest(&p, (*enqueue.Request)(v))
		return "Enqueue", p
	case *begin.Dequeue:
		p.add(1, "key: %s", strconv.Quote(v.Key))
		return "Dequeue", p
	case *begin.Secrets:
		values(&p, "secrets", v.Values, show)
		return "Secrets", p

	// the answers
	case *enqueue.Response:
		return answerFrame(&p, payload, v.Fate.String(), v.Fate == enqueue.Refused, v.Error), p
	case *legacy.Response:
		return answerFrame(&p, payload, v.Fate.String(), v.Fate == legacy.Failed, v.Error), p
	case *dequeue.Response:
		return answerFrame(&p, payload, v.Outcome.String(), v.Outcome == dequeue.Failed, v.Error), p
	case *secrets.FeedResponse:
		return answerFrame(&p, payload, v.Outcome.String(), v.Outcome == secrets.Refused, v.Error), p

	// the plain JSON scopes
	case *enqueue.Request:
		enqueueRequest(&p, v)
		return "Request", p
	case *legacy.Request:
		p.add(1, "prompt: %s", quoteCut(v.Prompt, textLimit))
		return "Request", p
	case *dequeue.Request:
		p.add(1, "key: %s", strconv.Quote(v.Key))
		return "Request", p
	case *protoerr.Error:
		p.add(1, "message: %s", strconv.Quote(v.Message))
		return "Error", p
	case *secrets.Values:
		values(&p, "values", *v, show)
		return "Values", p
	case *secrets.Declaration:
		declaration(&p, *v)
		return "Declaration", p
	case *begin.Registered:
		registered(&p, v)
		return "Registered", p
	case mcpcontent.Block:
		p.add(1, "%s", blockLine(v))
		return blockName(v), p
	}
	// A scope this command does not know yet: name its type and nothing
	// else, so nothing secret can show.
	return fmt.Sprintf("%T", v), p
}

// lines gathers indented output lines.
type lines []string

func (p *lines) add(indent int, format string, args ...any) {
	*p = append(*p, strings.Repeat("  ", indent)+fmt.Sprintf(format, args...))
}

// bare notes the bytes a bare tag was followed by, which decoders ignore.
func bare(p *lines, payload []byte) {
	if n := len(payload) - 1; n > 0 {
		unit := "bytes"
		if n == 1 {
			unit = "byte"
		}
		p.add(1, "(%d %s after the bare tag, ignored)", n, unit)
	}
}

// answerFrame describes an answer frame: its fate or outcome, and the peer's
// message for the error variant. It returns the variant's name.
func answerFrame(p *lines, payload []byte, name string, isError bool, e protoerr.Error) string {
	if isError {
		p.add(1, "message: %s", strconv.Quote(e.Message))
	} else {
		bare(p, payload)
	}
	return capitalize(name)
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// values lists secret values by name, each value <hidden> unless show.
// Every secret value this command prints goes through here.
func values(p *lines, title string, v secrets.Values, show bool) {
	if v.Len() == 0 {
		p.add(1, "%s: none", title)
		return
	}
	p.add(1, "%s:", title)
	for name, value := range v.All() {
		if show {
			p.add(2, "%s: %s", displayName(name), sanitize(value.String()))
		} else {
			p.add(2, "%s: <hidden>", displayName(name))
		}
	}
}

func declaration(p *lines, d secrets.Declaration) {
	if d.Len() == 0 {
		p.add(1, "secrets: none")
		return
	}
	p.add(1, "secrets:")
	for name, mode := range d.All() {
		p.add(2, "%s: %s", displayName(name), mode)
	}
}

func registered(p *lines, r *begin.Registered) {
	p.add(1, "dependencies: %d", len(r.Dependencies))
	for i, t := range r.Dependencies {
		p.add(2, "[%d] %s", i, jsonCut(t.Bytes()))
	}
	declaration(p, r.Secrets)
}

func enqueueRequest(p *lines, r *enqueue.Request) {
	p.add(1, "key: %s", strconv.Quote(r.Key))
	switch len(r.Content) {
	case 0:
		p.add(1, "content: none")
	case 1:
		p.add(1, "content: 1 block")
	default:
		p.add(1, "content: %d blocks", len(r.Content))
	}
	for i, b := range r.Content {
		p.add(2, "[%d] %s", i, blockLine(b))
	}
}

// blockName is the Go name of a block's type.
func blockName(b mcpcontent.Block) string {
	switch b.(type) {
	case *mcpcontent.Text:
		return "Text"
	case *mcpcontent.Image:
		return "Image"
	case *mcpcontent.Audio:
		return "Audio"
	case *mcpcontent.ResourceLink:
		return "ResourceLink"
	case *mcpcontent.EmbeddedResource:
		return "EmbeddedResource"
	}
	return fmt.Sprintf("%T", b)
}

// blockLine describes a content block on one line: its type, then its
// main fields.
func blockLine(b mcpcontent.Block) string {
	var f fields
	switch b := b.(type) {
	case *mcpcontent.Text:
		f.add("", quoteCut(b.Text, textLimit))
		f.meta(b.Meta)
		f.annotations(b.Annotations)
	case *mcpcontent.Image:
		f.add("", base64Size(b.Data))
		f.add("mimeType", strconv.Quote(b.MIMEType))
		f.meta(b.Meta)
		f.annotations(b.Annotations)
	case *mcpcontent.Audio:
		f.add("", base64Size(b.Data))
		f.add("mimeType", strconv.Quote(b.MIMEType))
		f.meta(b.Meta)
		f.annotations(b.Annotations)
	case *mcpcontent.ResourceLink:
		f.add("uri", strconv.Quote(b.URI))
		f.add("name", strconv.Quote(b.Name))
		f.optString("title", b.Title, textLimit)
		f.optString("description", b.Description, textLimit)
		f.optString("mimeType", b.MIMEType, 0)
		if b.Size != nil {
			f.add("size", strconv.FormatUint(*b.Size, 10))
		}
		if b.Icons != nil {
			f.add("icons", icons(b.Icons))
		}
		f.meta(b.Meta)
		f.annotations(b.Annotations)
	case *mcpcontent.EmbeddedResource:
		switch c := b.Resource.(type) {
		case *mcpcontent.TextResourceContents:
			f.add("uri", strconv.Quote(c.URI))
			f.optString("mimeType", c.MIMEType, 0)
			f.add("text", quoteCut(c.Text, textLimit))
			if !c.Meta.IsZero() {
				f.add("resource._meta", jsonCut(c.Meta.Bytes()))
			}
		case *mcpcontent.BlobResourceContents:
			f.add("uri", strconv.Quote(c.URI))
			f.optString("mimeType", c.MIMEType, 0)
			f.add("blob", base64Size(c.Blob))
			if !c.Meta.IsZero() {
				f.add("resource._meta", jsonCut(c.Meta.Bytes()))
			}
		}
		f.meta(b.Meta)
		f.annotations(b.Annotations)
	case nil:
		return "<nil>"
	}
	if len(f) == 0 {
		return b.Type()
	}
	return b.Type() + " " + strings.Join(f, " ")
}

// fields gathers a line's "name=value" fields.
type fields []string

// add appends value, after "name=" unless name is empty.
func (f *fields) add(name, value string) {
	if name != "" {
		value = name + "=" + value
	}
	*f = append(*f, value)
}

// optString adds a string that may be absent, cut at limit characters
// (0: never cut).
func (f *fields) optString(name string, s *string, limit int) {
	if s == nil {
		return
	}
	if limit > 0 {
		f.add(name, quoteCut(*s, limit))
	} else {
		f.add(name, strconv.Quote(*s))
	}
}

func (f *fields) meta(m wire.Object) {
	if !m.IsZero() {
		f.add("_meta", jsonCut(m.Bytes()))
	}
}

func (f *fields) annotations(a *mcpcontent.Annotations) {
	if a == nil {
		return
	}
	var in []string
	if a.Audience != nil {
		roles := make([]string, len(a.Audience))
		for i, r := range a.Audience {
			roles[i] = sanitize(string(r))
		}
		in = append(in, "audience=["+strings.Join(roles, ",")+"]")
	}
	if a.Priority != nil {
		in = append(in, "priority="+formatF32(*a.Priority))
	}
	if a.LastModified != nil {
		in = append(in, "lastModified="+strconv.Quote(*a.LastModified))
	}
	f.add("annotations", "{"+strings.Join(in, " ")+"}")
}

func formatF32(x float32) string {
	if math.IsInf(float64(x), 0) || math.IsNaN(float64(x)) {
		return strconv.FormatFloat(float64(x), 'g', -1, 32)
	}
	return string(wire.AppendF32(nil, x))
}

func icons(list []mcpcontent.Icon) string {
	parts := make([]string, len(list))
	for i, ic := range list {
		var f fields
		f.add("src", quoteCut(ic.Src, textLimit))
		f.optString("mimeType", ic.MIMEType, 0)
		if ic.Sizes != nil {
			sizes := make([]string, len(ic.Sizes))
			for j, s := range ic.Sizes {
				sizes[j] = strconv.Quote(s)
			}
			f.add("sizes", "["+strings.Join(sizes, ",")+"]")
		}
		if ic.Theme != nil {
			f.add("theme", sanitize(string(*ic.Theme)))
		}
		parts[i] = "{" + strings.Join(f, " ") + "}"
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// base64Size stands for base64 data without showing it.
func base64Size(data string) string {
	return "<" + strconv.Itoa(len(data)) + " bytes base64>"
}

// quoteCut quotes s as %q does, cut after limit characters with an
// ellipsis and the total length.
func quoteCut(s string, limit int) string {
	n := utf8.RuneCountInString(s)
	if n <= limit {
		return strconv.Quote(s)
	}
	i := 0
	for range limit {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return strconv.Quote(s[:i]) + "… (" + strconv.Itoa(n) + " chars)"
}

// jsonCut shows JSON, cut after jsonLimit bytes (at a character boundary)
// with an ellipsis and the total length.
func jsonCut(b []byte) string {
	if len(b) <= jsonLimit {
		return sanitize(string(b))
	}
	i := jsonLimit
	for i > 0 && !utf8.RuneStart(b[i]) {
		i--
	}
	return sanitize(string(b[:i])) + "… (" + strconv.Itoa(len(b)) + " bytes)"
}

// sanitize keeps text to one line of printable characters: each
// non-printing character (which inside a JSON string serde_json leaves
// unescaped, such as U+2028 or U+0085) becomes its JSON \u escape, so JSON
// stays JSON of the same meaning.
func sanitize(s string) string {
	clean := true
	for _, r := range s {
		if !printable(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var sb strings.Builder
	for _, r := range s {
		switch {
		case printable(r):
			sb.WriteRune(r)
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(&sb, `\u%04x\u%04x`, r1, r2)
		default:
			fmt.Fprintf(&sb, `\u%04x`, r)
		}
	}
	return sb.String()
}

func printable(r rune) bool {
	return r != utf8.RuneError && (r == ' ' || unicode.IsPrint(r))
}

// displayName shows a secret's name bare when it is a plain identifier,
// else quoted.
func displayName(name string) string {
	if name == "" {
		return `""`
	}
	for _, r := range name {
		if !(r == '_' || r == '-' || r == '.' || r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			return strconv.Quote(name)
		}
	}
	return name
}
