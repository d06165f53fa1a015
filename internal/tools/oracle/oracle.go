// Package oracle talks to a conformance binary, `rustref conform` or
// `divergewire conform`: lines of "<scope> <hex>" in, one answer a line out.
package oracle

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// Line is one question: a payload of a scope.
type Line struct {
	Scope   string
	Payload []byte
}

// Ask streams lines through `<path> conform` and returns its answer to each,
// without the newline ("ok <hex>" or "err <variant>\t<message>").
func Ask(path string, lines []Line) ([]string, error) {
	cmd := exec.Command(path, "conform")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	werr := make(chan error, 1)
	go func() {
		w := bufio.NewWriterSize(in, 1<<20)
		for _, l := range lines {
			w.WriteString(l.Scope)
			w.WriteByte(' ')
			w.WriteString(Hex(l.Payload))
			w.WriteByte('\n')
		}
		err := w.Flush()
		werr <- errors.Join(err, in.Close())
	}()
	answers := make([]string, 0, len(lines))
	r := bufio.NewReaderSize(out, 1<<20)
	for range lines {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("%s answered %d of %d lines: %w", path, len(answers), len(lines), err)
		}
		answers = append(answers, strings.TrimSuffix(line, "\n"))
	}
	if err := <-werr; err != nil {
		return nil, err
	}
	if _, err := io.Copy(io.Discard, out); err != nil {
		return nil, err
	}
	return answers, cmd.Wait()
}

// Hex is b in the line protocol's hex: lowercase, "-" for no bytes.
func Hex(b []byte) string {
	if len(b) == 0 {
		return "-"
	}
	return hex.EncodeToString(b)
}

// Unhex reads the line protocol's hex.
func Unhex(s string) ([]byte, error) {
	if s == "-" {
		return []byte{}, nil
	}
	return hex.DecodeString(s)
}
