package trace

import (
	"encoding/hex"
	"errors"
	"io"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/session"
)

// Writer writes a trace to an io.Writer, one Write call per line. It is
// not safe for concurrent use; a Recorder is.
type Writer struct {
	w   io.Writer
	buf []byte
}

// NewWriter writes a trace to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// WriteLine writes a line as it was read: its text, then its end. Lines a
// Reader gave back are written byte for byte.
func (w *Writer) WriteLine(l Line) error {
	w.buf = append(append(w.buf[:0], l.Text...), l.End...)
	_, err := w.w.Write(w.buf)
	return err
}

// WriteComment writes "# text" and a newline. The text must be one line.
func (w *Writer) WriteComment(text string) error {
	if strings.ContainsAny(text, "\r\n") {
		return errors.New("trace: a comment is one line")
	}
	w.buf = append(append(w.buf[:0], "# "...), text...)
	w.buf = append(w.buf, '\n')
	_, err := w.w.Write(w.buf)
	return err
}

// WriteEvent writes an event as one line: "<stream> <scope> <hex>" (lower
// case hex, "-" for no bytes) or "<stream> finish", and a newline. The
// stream must be one token, and the scope one of session.Scopes.
func (w *Writer) WriteEvent(ev session.Event) error {
	if err := checkStream(ev.Stream); err != nil {
		return err
	}
	w.buf = append(append(w.buf[:0], ev.Stream...), ' ')
	if ev.Finish {
		w.buf = append(w.buf, "finish\n"...)
	} else {
		if !session.KnownScope(ev.Scope) {
			return errors.New("trace: the event's scope is not one of session.Scopes")
		}
		w.buf = append(append(w.buf, ev.Scope...), ' ')
		if len(ev.Payload) == 0 {
			w.buf = append(w.buf, '-')
		} else {
			w.buf = hex.AppendEncode(w.buf, ev.Payload)
		}
		w.buf = append(w.buf, '\n')
	}
	_, err := w.w.Write(w.buf)
	return err
}

// checkStream reports a stream name a trace line cannot carry.
func checkStream(s string) error {
	switch {
	case s == "":
		return errors.New("trace: an empty stream name")
	case strings.ContainsAny(s, " \t\r\n\v\f"), strings.HasPrefix(s, "#"):
		return errors.New("trace: a stream name is one token, not starting with #")
	}
	return nil
}
