// The view subcommand: a recorded begin session as one self-contained
// HTML page.

package main

import (
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/variant"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/trace"
)

const viewUsage = `usage:
  divergewire view [-show-secrets] [-o FILE] TRACE   draw a recorded begin session as one HTML page (- for stdin)

The page is self-contained (inline CSS and script, no network) and opens from
file://. Time runs down the page: one row per event, in trace order. The main
stream is one lane and each channel a lane from its request to its finish,
grouped by kind (enqueue, dequeue, secrets, postgres, info); loops are
numbered bands from Active to Inactive; the gate (closed or open) is drawn
next to the main lane for a program that declared secrets. A channel's fate
(Delivered, Dequeued, Error, not served) is marked on its answer, linked to
the loop that took the message or to the dequeue that withdrew it. Hover or
click an event to see it decoded with decode's words, its line and its hex.
The first violation the checker finds is marked on its event, and a summary
counts events, loops, messages by fate and channels left open.

Big sessions: at most 2000 events are drawn as rows (the first ones, and the
events around the violation); the rest are counted in the summary and named
in a gap row (divergewire decode shows them). A 100,000-event trace gives a
page of about 1 MB that opens at once.

Secret values (a Secrets request, an Inactive, secrets.values) are <hidden>,
and the hex of such payloads is left out, unless -show-secrets is given; any
fed or handed-back value that shows up elsewhere (an Error's message, a
chunk, a key, a channel id) is hidden as well, raw, JSON-escaped, quoted, as
hex or as base64, and so is that event's hex.

Exit status: 0 the page was written (whatever the verdict), 2 a usage error,
an unreadable file or a malformed trace.
`

// Drawing limits.
const (
	maxRows       = 2000 // events drawn as rows
	aroundViolate = 25   // events drawn on each side of a violation past maxRows
	hexLimit      = 512  // payload bytes shown as hex
	rowHeight     = 20   // px
	colWidth      = 14   // px, one lane column
	groupGap      = 10   // px between kind groups
)

//go:embed view.html.tmpl
var viewTemplateText string

var viewTemplate = template.Must(template.New("view").Parse(viewTemplateText))

// laneKinds are the groups of channel lanes, left to right.
var laneKinds = []string{"enqueue", "dequeue", "secrets", "postgres", "info", "other"}

// view is the view subcommand: args are what follows "view".
func view(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("view")
	show := fs.Bool("show-secrets", false, "show secret values and the hex of payloads that carry them")
	outPath := fs.String("o", "", "write the page to `FILE` (default: stdout)")
	if status, done := parse(fs, viewUsage, args, stdout, stderr); done {
		return status
	}
	if fs.NArg() != 1 {
		return badArgs(fs, viewUsage, stderr)
	}
	path := fs.Arg(0)
	r, name := stdin, "stdin"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(stderr, "divergewire view:", err)
			return exitUsage
		}
		defer f.Close()
		r, name = f, path
	}
	s, err := readSession(trace.NewReader(r), *show)
	if err != nil {
		var se *trace.SyntaxError
		if errors.As(err, &se) {
			fmt.Fprintf(stderr, "divergewire view: %s:%d: %s\n", name, se.Line, se.Msg)
		} else {
			fmt.Fprintf(stderr, "divergewire view: %s: %v\n", name, err)
		}
		return exitUsage
	}
	page := s.page(name)
	w := stdout
	if *outPath != "" {
		f, err := os.Create(*outPath)
		if err != nil {
			fmt.Fprintln(stderr, "divergewire view:", err)
			return exitUsage
		}
		defer f.Close()
		w = f
	}
	if err := viewTemplate.Execute(w, page); err != nil {
		fmt.Fprintln(stderr, "divergewire view:", err)
		return exitUsage
	}
	return exitOK
}

// vEvent is one event as the page shows it.
type vEvent struct {
	Line    int
	Stream  string
	Chan    *vChan // nil on the main stream
	Class   string // what the dot shows: begun, active, inactive, error, chunk, finish, request, answer, ...
	Head    string // decode's header: "<scope>  <variant>", "finish", "opaque  N bytes, not read"
	Lines   []string
	Brief   string // a chunk or an error on one line (chunkBrief, errorBrief), shown in the row; "" for others
	Fatal   bool   // a notification chunk with is_fatal
	Hex     string // "" when left out
	Masked  bool   // the hex carries secret values and is left out
	scope   string // the payload's scope, kept with it to look for values in the hex
	payload []byte
	Size    int

	Fate, FateText string // on an answer: delivered, dequeued, error, not-served
	Link, LinkText string

	Rule, Detail string // the first violation, on its event
}

// vChan is one channel's lane.
type vChan struct {
	ID, Kind, Key string
	N             int // its number, for element ids
	First, Last   int // event indexes; Last is -1 while open
	Answer        *vEvent
	Outcome       string // the answer's variant
	inLoop        bool   // a loop was open at the request
	loopAtOpen    int    // loops begun at the request
}

type vLoop struct {
	N        int
	From, To int // event indexes; To is -1 while open
	End      string
}

type vGate struct {
	From, To int
	Open     bool
}

// session is a whole trace, read for the page.
type vSession struct {
	show    bool
	events  []*vEvent
	chans   []*vChan
	loops   []*vLoop
	gates   []*vGate
	gated   bool      // Begun declared secrets
	sc      *scrubber // nil with -show-secrets
	verdict *session.Violation
}

// readSession reads and checks every event of r.
func readSession(r *trace.Reader, show bool) (*vSession, error) {
	s := &vSession{show: show, sc: newScrubber(show)}
	open := map[string]*vChan{}
	var c session.Checker
	inLoop := false
	for {
		l, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if l.Event == nil {
			continue
		}
		ev := *l.Event
		e := &vEvent{Line: l.Number, Stream: ev.Stream, Size: len(ev.Payload)}
		idx := len(s.events)
		s.events = append(s.events, e)
		if err := c.Check(ev); s.verdict == nil && errors.As(err, &s.verdict) {
			s.verdict.Line = l.Number
			e.Rule, e.Detail = string(s.verdict.Rule), s.verdict.Detail
		}
		var value any
		e.Head, e.Lines, value = s.words(ev)
		if !ev.Finish {
			e.Masked = !show && carriesSecrets(ev)
			if !e.Masked {
				e.Hex = hexCut(ev.Payload)
				if !show {
					e.scope, e.payload = ev.Scope, ev.Payload
				}
			}
		}
		if ev.OnMain() {
			e.Class = "main"
			switch v := value.(type) {
			case *begin.Begun:
				e.Class = "begun"
				if v.Secrets.Len() > 0 && !s.gated {
					s.gated = true
					s.gates = append(s.gates, &vGate{From: idx, To: -1})
				}
			case *begin.Active:
				e.Class = "active"
				inLoop = true
				s.loops = append(s.loops, &vLoop{N: len(s.loops) + 1, From: idx, To: -1})
			case *begin.Inactive:
				e.Class = "inactive"
				s.endLoop(&inLoop, idx, "Inactive")
				s.setGate(idx, false)
			case *begin.Error:
				e.Class = "error"
				e.Brief = errorBrief(protoerr.Error(*v))
				s.endLoop(&inLoop, idx, "Error")
			case *begin.Chunk:
				e.Class = "chunk"
				e.Brief = chunkBrief(v.Chunk)
				n, ok := v.Chunk.(*chunk.Notification)
				e.Fatal = ok && n.IsFatal
			}
			if ev.Finish {
				e.Class = "finish"
			}
			continue
		}
		ch := open[ev.Stream]
		if ch == nil {
			ch = &vChan{ID: ev.Stream, Kind: "other", N: len(s.chans), First: idx, Last: -1, inLoop: inLoop, loopAtOpen: len(s.loops)}
			s.chans = append(s.chans, ch)
			open[ev.Stream] = ch
			e.Class = "request"
			switch v := value.(type) {
			case *begin.Enqueue:
				ch.Kind, ch.Key = "enqueue", v.Request.Key
			case *begin.Dequeue:
				ch.Kind, ch.Key = "dequeue", v.Request.Key
			case *begin.Secrets:
				ch.Kind = "secrets"
			case *begin.Postgres:
				ch.Kind = "postgres"
			case *begin.Info:
				ch.Kind = "info"
			}
		} else if ev.Finish {
			e.Class = "finish"
			ch.Last = idx
			delete(open, ev.Stream)
			if ch.Kind == "enqueue" && ch.Answer == nil {
				e.Fate, e.FateText = "not-served", "not served"
			}
		} else {
			e.Class = "answer"
			if ch.Answer == nil {
				ch.Answer = e
				switch v := value.(type) {
				case *enqueue.Response:
					ch.Outcome = capitalize(v.Outcome.String())
					e.Fate, e.FateText = v.Outcome.String(), ch.Outcome
					if v.Outcome == enqueue.Error {
						e.Brief = errorBrief(v.Error)
					}
				case *dequeue.Response:
					ch.Outcome = capitalize(v.Outcome.String())
					if v.Outcome == dequeue.Error {
						e.Brief = errorBrief(v.Error)
					}
				case *secrets.FeedResponse:
					ch.Outcome = capitalize(v.Outcome.String())
					if v.Outcome == secrets.Error {
						e.Brief = errorBrief(v.Error)
					}
					if v.Outcome == secrets.Fed {
						s.setGate(idx, true)
					}
				}
			}
		}
		e.Chan = ch
	}
	s.link()
	return s, nil
}

func (s *vSession) endLoop(inLoop *bool, idx int, how string) {
	if *inLoop {
		l := s.loops[len(s.loops)-1]
		l.To, l.End = idx, how
		*inLoop = false
	}
}

// setGate records the gate opening or closing at event idx.
func (s *vSession) setGate(idx int, open bool) {
	if !s.gated {
		return
	}
	g := s.gates[len(s.gates)-1]
	if g.Open == open {
		return
	}
	g.To = idx
	s.gates = append(s.gates, &vGate{From: idx, To: -1, Open: open})
}

// link points each Delivered at the loop that took the message and each
// Dequeued at the dequeue answered Dequeued that withdrew it.
func (s *vSession) link() {
	withdrawn := map[string][]*vChan{}
	for _, ch := range s.chans {
		if ch.Kind == "dequeue" && ch.Outcome == "Dequeued" {
			withdrawn[ch.Key] = append(withdrawn[ch.Key], ch)
		}
	}
	end := func(ch *vChan) int {
		if ch.Last < 0 {
			return len(s.events)
		}
		return ch.Last
	}
	for _, ch := range s.chans {
		a := ch.Answer
		if ch.Kind != "enqueue" || a == nil {
			continue
		}
		switch ch.Outcome {
		case "Delivered":
			n := 0
			switch {
			case ch.inLoop:
				n = ch.loopAtOpen
			case len(s.loops) > ch.loopAtOpen && s.loops[ch.loopAtOpen].From < end(ch):
				n = ch.loopAtOpen + 1
			}
			if n > 0 {
				a.Link, a.LinkText = "#loop-"+strconv.Itoa(n), "into loop "+strconv.Itoa(n)
			}
		case "Dequeued":
			for _, d := range withdrawn[ch.Key] {
				if d.First <= end(ch) && ch.First <= end(d) {
					a.Link = "#ev-" + strconv.Itoa(d.Answer.Line)
					a.LinkText = "withdrawn by " + d.ID + " (line " + strconv.Itoa(d.Answer.Line) + ")"
					break
				}
			}
		}
	}
}

// words shows an event with decode's words, and returns its decoded value.
func (s *vSession) words(ev session.Event) (string, []string, any) {
	switch {
	case ev.Finish:
		return "finish", nil, nil
	case ev.Scope == session.ScopeOpaque:
		return fmt.Sprintf("%s  %d bytes, not read", ev.Scope, len(ev.Payload)), nil, nil
	}
	scope, _ := scopes.Lookup(ev.Scope) // the Reader checked it
	v, err := scope.Decode(ev.Payload)
	if err != nil {
		return fmt.Sprintf("%s  ERROR %s: %s", scope.Name, variant.Name(err), sanitize(err.Error())), nil, nil
	}
	s.sc.collect(v)
	variant, lines := describe(v, ev.Payload, s.show)
	for i := range lines {
		lines[i] = strings.TrimPrefix(lines[i], "  ")
	}
	return scope.Name + "  " + variant, lines, v
}

// carriesSecrets reports whether a payload is one that carries secret
// values, decoded or not: a Secrets request, an Inactive, secrets.values.
func carriesSecrets(ev session.Event) bool {
	tag := byte(0xff)
	if len(ev.Payload) > 0 {
		tag = ev.Payload[0]
	}
	switch ev.Scope {
	case session.ScopeSecretsValues:
		return true
	case session.ScopeBeginChannelRequest, session.ScopeBeginResponse:
		return tag == 4
	}
	return false
}

func hexCut(b []byte) string {
	if len(b) == 0 {
		return "-"
	}
	if len(b) <= hexLimit {
		return hex.EncodeToString(b)
	}
	return hex.EncodeToString(b[:hexLimit]) + "… (" + strconv.Itoa(len(b)) + " bytes)"
}
