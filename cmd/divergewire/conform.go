package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"io"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/scopes"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/variant"
)

// conform speaks rustref's line protocol: one "<scope> <hex>" per input
// line, one "ok <hex>" or "err <variant>\t<message>" per output line. Output
// is flushed whenever no more input is buffered, so an interactive peer gets
// each answer at once and a piped corpus is answered in large writes.
func conform(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 1<<20)
	w := bufio.NewWriterSize(out, 1<<20)
	var payload, encoded []byte
	for {
		line, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A line longer than the buffer: gather it whole.
			long := append([]byte(nil), line...)
			for err == bufio.ErrBufferFull {
				line, err = r.ReadSlice('\n')
				long = append(long, line...)
			}
			line = long
		}
		if len(line) == 0 && err != nil {
			if err == io.EOF {
				return w.Flush()
			}
			return err
		}
		payload, encoded = answer(w, bytes.TrimRight(line, "\r\n"), payload, encoded)
		if r.Buffered() == 0 {
			if ferr := w.Flush(); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return w.Flush()
		}
	}
}

// answer writes the reply to one line, reusing the two buffers.
func answer(w *bufio.Writer, line, payload, encoded []byte) ([]byte, []byte) {
	scopeName, hexText, ok := bytes.Cut(line, []byte(" "))
	if !ok {
		fail(w, "input", "expected `<scope> <hex>`")
		return payload, encoded
	}
	scope, ok := scopes.Lookup(string(scopeName))
	if !ok {
		fail(w, "scope", unknownScope(string(scopeName)))
		return payload, encoded
	}
	payload, err := decodeHex(payload[:0], hexText)
	if err != nil {
		fail(w, "input", badHex(err))
		return payload, encoded
	}
	encoded, err = scope.Conform(encoded[:0], payload)
	if err != nil {
		fail(w, variant.Name(err), err.Error())
		return payload, encoded
	}
	w.WriteString("ok ")
	writeHex(w, encoded)
	w.WriteByte('\n')
	return payload, encoded
}

// fail writes an err line; the message is made one line, as rustref makes
// it: every control character and U+2028/U+2029 becomes a space.
func fail(w *bufio.Writer, variant, message string) {
	message = strings.Map(func(r rune) rune {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, message)
	w.WriteString("err ")
	w.WriteString(variant)
	w.WriteByte('\t')
	w.WriteString(message)
	w.WriteByte('\n')
}

// decodeHex reads the line protocol's hex: either case, "-" for no bytes.
func decodeHex(dst, text []byte) ([]byte, error) {
	if string(text) == "-" {
		return dst, nil
	}
	n := hex.DecodedLen(len(text))
	if cap(dst) < n {
		dst = make([]byte, n)
	}
	dst = dst[:n]
	if len(text)%2 != 0 {
		return dst[:0], hex.ErrLength
	}
	if _, err := hex.Decode(dst, text); err != nil {
		return dst[:0], err
	}
	return dst, nil
}

// writeHex writes lowercase hex, "-" for no bytes.
func writeHex(w *bufio.Writer, b []byte) {
	if len(b) == 0 {
		w.WriteByte('-')
		return
	}
	var buf [4096]byte
	for len(b) > 0 {
		n := min(len(b), len(buf)/2)
		hex.Encode(buf[:], b[:n])
		w.Write(buf[:2*n])
		b = b[n:]
	}
}
