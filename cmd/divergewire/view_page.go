// The view page's layout: which events are drawn, and where.

package main

import (
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
)

// lineWidth is the px left of the lanes, for the line numbers.
const lineWidth = 54

// Page is what view.html.tmpl draws.
type Page struct {
	Title        string
	ShowSecrets  bool
	Verdict      string // "ok", or the violation
	VerdictLink  string
	Rule         string
	Summary      []Stat
	Open         string // the channels left open
	Groups       []Group
	Lanes        []Lane
	Loops        []Band
	Gates        []Band
	Rows         []Row
	Height       int
	LanesWidth   int
	MainX, GateX int
	Gated        bool
	Drawn, Total int
}

type Stat struct {
	Name  string
	Count int
}

type Group struct {
	Kind  string
	X, W  int
	Lanes int
}

type Lane struct {
	ID, Kind, Title string
	N               int
	X, Y, H         int
	Open            bool
}

type Band struct {
	N     int
	Y, H  int
	Label string
	Open  bool
}

type Row struct {
	Gap    string // a row that stands for events not drawn
	Y, X   int    // X: the dot's lane
	E      *vEvent
	Text   string // the one-line label
	Detail string // what the panel shows
}

// page lays the session out.
func (s *vSession) page(name string) *Page {
	p := &Page{Title: name, ShowSecrets: s.show, Total: len(s.events), Gated: s.gated}
	vIdx := -1
	if v := s.verdict; v != nil {
		p.Verdict = "violation " + sanitize(v.Error()) // "line N: <rule>: ..."
		s.sc.hideAll(&p.Verdict)
		p.VerdictLink = "#ev-" + strconv.Itoa(v.Line)
		p.Rule = string(v.Rule)
		for i, e := range s.events {
			if e.Line == v.Line {
				vIdx = i
			}
		}
	} else {
		p.Verdict = "ok"
	}

	// Which events are drawn, and their rows (gaps take a row each).
	n := len(s.events)
	drawn := make([]bool, n)
	for i := 0; i < n && i < maxRows; i++ {
		drawn[i] = true
	}
	if vIdx >= maxRows {
		for i := max(vIdx-aroundViolate, 0); i <= min(vIdx+aroundViolate, n-1); i++ {
			drawn[i] = true
		}
	}
	row := make([]int, n)    // the row of a drawn event, -1 if not drawn
	next := make([]int, n+1) // the row of the first drawn event at or after i
	prev := make([]int, n)   // the row of the last drawn event at or before i
	rows := 0
	var gapRows []Row
	var order []int // event indexes drawn, and -k-1 for gap k, in row order
	for i := 0; i < n; i++ {
		if !drawn[i] {
			row[i] = -1
			if i == 0 || drawn[i-1] {
				j := i
				for j < n && !drawn[j] {
					j++
				}
				gapRows = append(gapRows, Row{Y: rows * rowHeight, Gap: "… " + strconv.Itoa(j-i) + " events not drawn (lines " +
					strconv.Itoa(s.events[i].Line) + "–" + strconv.Itoa(s.events[j-1].Line) + "); divergewire decode shows them"})
				order = append(order, -len(gapRows))
				rows++
			}
			continue
		}
		row[i] = rows
		order = append(order, i)
		rows++
		p.Drawn++
	}
	next[n] = -1
	for i := n - 1; i >= 0; i-- {
		next[i] = next[i+1]
		if row[i] >= 0 {
			next[i] = row[i]
		}
	}
	last := -1
	for i := 0; i < n; i++ {
		if row[i] >= 0 {
			last = row[i]
		}
		prev[i] = last
	}
	span := func(from, to int) (int, int, bool) { // event indexes to rows
		if to < 0 || to >= n {
			to = n - 1
		}
		if from >= n || next[from] < 0 || prev[to] < 0 || next[from] > prev[to] {
			return 0, 0, false
		}
		return next[from], prev[to], true
	}
	p.Height = rows * rowHeight

	// Lane columns: the main lane and the gate, then each kind's lanes,
	// packed so that lanes that do not overlap share a column.
	p.MainX, p.GateX = lineWidth, lineWidth+colWidth
	x := lineWidth + 2*colWidth + groupGap
	laneX := map[*vChan]int{}
	for _, kind := range laneKinds {
		var ends []int // per column, the last row it holds
		g := Group{Kind: kind, X: x}
		for _, ch := range s.chans {
			if ch.Kind != kind {
				continue
			}
			from, to, ok := span(ch.First, ch.Last)
			if !ok {
				continue
			}
			col := len(ends)
			for c, e := range ends {
				if e < from {
					col = c
					break
				}
			}
			if col == len(ends) {
				ends = append(ends, to)
			} else {
				ends[col] = to
			}
			laneX[ch] = x + col*colWidth
			title := ch.ID + " · " + kind
			if ch.Key != "" {
				title += " · key " + strconv.Quote(ch.Key)
			}
			if ch.Outcome != "" {
				title += " · " + ch.Outcome
			}
			if ch.Last < 0 {
				title += " · left open"
			}
			lane := Lane{ID: ch.ID, Kind: kind, N: ch.N, Title: sanitize(title), X: laneX[ch],
				Y: from * rowHeight, H: (to - from + 1) * rowHeight, Open: ch.Last < 0}
			s.sc.hideAll(&lane.ID, &lane.Title)
			p.Lanes = append(p.Lanes, lane)
			g.Lanes++
		}
		if g.Lanes == 0 {
			continue
		}
		g.W = max(len(ends)*colWidth, (len(kind)+5)*8)
		p.Groups = append(p.Groups, g)
		x += g.W + groupGap
	}
	p.LanesWidth = x

	for _, l := range s.loops {
		if from, to, ok := span(l.From, l.To); ok {
			label := "loop " + strconv.Itoa(l.N)
			if l.To < 0 {
				label += " (open)"
			} else if l.End == "Error" {
				label += " (ended by an Error)"
			}
			p.Loops = append(p.Loops, Band{N: l.N, Y: from * rowHeight, H: (to - from + 1) * rowHeight, Label: label, Open: l.To < 0})
		}
	}
	for _, g := range s.gates {
		to := g.To
		if to >= 0 {
			to-- // the event that flips the gate starts the next segment
		}
		if from, to, ok := span(g.From, to); ok {
			label := "gate closed"
			if g.Open {
				label = "gate open"
			}
			p.Gates = append(p.Gates, Band{Y: from * rowHeight, H: (to - from + 1) * rowHeight, Label: label, Open: g.Open})
		}
	}

	// The rows, gaps in their place.
	for _, i := range order {
		if i < 0 {
			p.Rows = append(p.Rows, gapRows[-i-1])
			continue
		}
		e := s.events[i]
		r := Row{Y: row[i] * rowHeight, E: e, X: p.MainX}
		if e.Chan != nil {
			r.X = laneX[e.Chan]
		}
		r.Text, r.Detail = s.label(e)
		p.Rows = append(p.Rows, r)
	}

	p.Summary, p.Open = s.summary()
	s.sc.hideAll(&p.Title, &p.Open)
	return p
}

// label is an event's one-line label and its panel text, secrets scrubbed.
func (s *vSession) label(e *vEvent) (string, string) {
	head := e.Head
	switch {
	case e.Brief != "":
		head += "  " + e.Brief
	case len(e.Lines) == 1 && len(e.Lines[0]) < 80:
		head += "  " + strings.TrimSpace(e.Lines[0])
	}
	text := sanitize(e.Stream) + "  " + head
	var d strings.Builder
	d.WriteString("line " + strconv.Itoa(e.Line) + "  " + sanitize(e.Stream) + "\n" + e.Head + "\n")
	for _, l := range e.Lines {
		d.WriteString("  " + l + "\n")
	}
	if e.Rule != "" {
		d.WriteString("\nviolation " + e.Rule + ": " + e.Detail + "\n")
	}
	switch {
	case e.Masked:
		d.WriteString("\nhex: hidden, " + strconv.Itoa(e.Size) + " bytes carrying secret values (-show-secrets shows it)\n")
	case e.Hex != "":
		d.WriteString("\nhex: " + e.Hex + "\n")
	}
	detail := d.String()
	textHit := s.sc.hideAll(&text)
	detailHit := s.sc.hideAll(&detail)
	if (textHit || detailHit || s.hexCarriesValue(e)) && !e.Masked && e.Hex != "" {
		// A value leaked into other text: the hex carries it too, in
		// whatever escaping the payload used.
		detail = detail[:strings.LastIndex(detail, "\nhex: ")+1] + "\nhex: hidden, it carries a secret value\n"
	}
	s.sc.hideAll(&e.Stream, &e.Detail, &e.LinkText)
	return text, detail
}

// hexCarriesValue reports whether an event's payload holds a collected
// value in any escaping: the text shown of it may have been cut before the
// value, and the payload may escape it in a way no form has (\u0070 for p),
// so the payload is looked at as it is and as its scope writes it back; one
// that does not decode counts as carrying a value.
func (s *vSession) hexCarriesValue(e *vEvent) bool {
	if s.sc == nil || e.payload == nil {
		return false
	}
	if _, hit := s.sc.hide(string(e.payload)); hit {
		return true
	}
	scope, ok := scopes.Lookup(e.scope)
	if !ok {
		return false
	}
	v, err := scope.Decode(e.payload)
	if err != nil {
		// Nothing says how a payload that does not decode escapes what
		// it holds: its hex is hidden while any value is.
		return true
	}
	canon, err := scope.Encode(nil, v)
	if err != nil {
		return false
	}
	_, hit := s.sc.hide(string(canon))
	return hit
}

// summary counts the events, loops, channels and messages by fate, and
// names the channels left open.
func (s *vSession) summary() ([]Stat, string) {
	st := []Stat{{"events", len(s.events)}, {"loops", len(s.loops)}, {"channels", len(s.chans)}}
	kinds := map[string]int{}
	fates := map[string]int{}
	var open []string
	for _, ch := range s.chans {
		kinds[ch.Kind]++
		if ch.Kind == "enqueue" {
			switch {
			case ch.Outcome != "":
				fates[ch.Outcome]++
			case ch.Last >= 0:
				fates["not served"]++
			default:
				fates["unanswered"]++
			}
		}
		if ch.Last < 0 {
			open = append(open, ch.ID)
		}
	}
	for _, k := range laneKinds {
		if kinds[k] > 0 {
			st = append(st, Stat{k + " channels", kinds[k]})
		}
	}
	for _, f := range []string{"Delivered", "Dequeued", "Error", "not served", "unanswered"} {
		st = append(st, Stat{"messages " + f, fates[f]})
	}
	st = append(st, Stat{"channels left open", len(open)})
	names := ""
	if len(open) > 0 {
		if len(open) > 20 {
			names = sanitize(strings.Join(open[:20], " ")) + " … and " + strconv.Itoa(len(open)-20) + " more"
		} else {
			names = sanitize(strings.Join(open, " "))
		}
	}
	return st, names
}
