package trace

import (
	"bufio"
	"encoding/hex"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/diverge-network/diverge-sdk-go/session"
)

// Line is one line of a trace, as it was read.
type Line struct {
	Number int    // 1-based
	Text   string // the line without its end
	End    string // what ended it: "\n", "\r\n", or "" for a last line without one
	// Event is the line's event, or nil for a blank line, a comment, or a
	// line that did not parse.
	Event *session.Event
}

// IsComment reports whether the line is a comment: it starts with #.
func (l Line) IsComment() bool { return strings.HasPrefix(l.Text, "#") }

// IsBlank reports whether the line holds nothing but spaces.
func (l Line) IsBlank() bool { return strings.TrimSpace(l.Text) == "" }

// SyntaxError is a line that is not a trace line. Its message says what is
// wrong without quoting the line, so it never shows a payload.
type SyntaxError struct {
	Line int
	Msg  string
}

// Error is "line N: <what is wrong>".
func (e *SyntaxError) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Msg }

// Reader reads a trace line by line, from any io.Reader, without holding
// more than one line. It splits a line into fields at any run of white
// space, Unicode's as well as ASCII's (U+00A0 and U+3000 separate fields
// too), so a channel id holding such a rune cannot be read back; a
// Recorder refuses one.
type Reader struct {
	br  *bufio.Reader
	n   int
	eof bool
}

// NewReader reads the trace r.
func NewReader(r io.Reader) *Reader { return &Reader{br: bufio.NewReader(r)} }

// Next reads the next line. It returns io.EOF after the last line, a
// *SyntaxError (with the line, whose Event is nil) for a line that does
// not parse, after which reading may go on, and any other error of the
// underlying reader as it is.
func (r *Reader) Next() (Line, error) {
	if r.eof {
		return Line{}, io.EOF
	}
	text, err := r.br.ReadString('\n')
	if err != nil && err != io.EOF {
		return Line{}, err
	}
	if err == io.EOF {
		r.eof = true
		if text == "" {
			return Line{}, io.EOF
		}
	}
	r.n++
	body := strings.TrimRight(text, "\r\n")
	l := Line{Number: r.n, Text: body, End: text[len(body):]}
	if l.IsBlank() || l.IsComment() {
		return l, nil
	}
	ev, msg := parseEvent(body)
	if msg != "" {
		return l, &SyntaxError{Line: r.n, Msg: msg}
	}
	l.Event = &ev
	return l, nil
}

// fieldSeparator reports whether a Reader splits a line's fields at r. The
// fields are strings.Fields's: split at every rune unicode.IsSpace reports,
// which besides the ASCII spaces are U+0085, U+00A0, U+1680, U+2000 to
// U+200A, U+2028, U+2029, U+202F, U+205F and U+3000. A byte that is not
// valid UTF-8 separates nothing.
func fieldSeparator(r rune) bool { return unicode.IsSpace(r) }

// parseEvent reads one event line. On failure it returns a message saying
// what is wrong, which quotes nothing of the line.
func parseEvent(text string) (session.Event, string) {
	f := strings.Fields(text)
	switch {
	case len(f) == 2 && f[1] == "finish":
		return session.Event{Stream: f[0], Finish: true}, ""
	case len(f) != 3:
		return session.Event{}, "expected `<stream> <scope> <hex>` or `<stream> finish`, got " + count(len(f), "field")
	}
	ev := session.Event{Stream: f[0], Scope: f[1]}
	if !session.KnownScope(ev.Scope) {
		if session.KnownScope(f[2]) {
			return session.Event{}, "the second field is not a scope and the third is one: fields out of order? expected `<stream> <scope> <hex>`"
		}
		what := "the second field is not a scope"
		if session.LooksLikeScope(f[1]) {
			what = "unknown scope " + strconv.Quote(f[1])
		}
		return session.Event{}, what + " (divergewire scopes lists them; \"opaque\" is the unread answer)"
	}
	payload, msg := parseHex(f[2])
	if msg != "" {
		return session.Event{}, msg
	}
	ev.Payload = payload
	return ev, ""
}

// parseHex reads a payload field: hex in either case, "-" for no bytes.
func parseHex(s string) ([]byte, string) {
	if s == "-" {
		return []byte{}, ""
	}
	if len(s)%2 != 0 {
		return nil, "bad hex: an odd number of digits (" + strconv.Itoa(len(s)) + ")"
	}
	b := make([]byte, len(s)/2)
	if _, err := hex.Decode(b, []byte(s)); err != nil {
		for i := 0; i < len(s); i++ {
			if !isHex(s[i]) {
				return nil, "bad hex: character " + strconv.Itoa(i+1) + " of the field is not a hex digit"
			}
		}
		return nil, "bad hex"
	}
	return b, ""
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
