package session

import (
	"encoding/json"
	"strings"

	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// wholeWordBelow is the length under which a secret value is found in an
// error message only as a whole word: shorter strings turn up inside
// ordinary words by chance.
const wholeWordBelow = 8

// secretNeedles are the strings that show the secret value raw in an error
// message: for a JSON string its contents and, when they differ (the value
// has escapes), its JSON text between the quotes; for any other value its
// JSON text. A value that holds nothing (null, "", {}, []) has none. ""
// stands for no string.
func secretNeedles(raw wire.Raw) (shown, escaped string) {
	b := raw.Bytes()
	switch string(b) {
	case "", "null", `""`, "{}", "[]":
		return "", ""
	}
	if b[0] != '"' {
		return string(b), ""
	}
	inner := string(b[1 : len(b)-1])
	var s string
	if raw.DecodeInto(&s) != nil || s == inner {
		return inner, ""
	}
	return s, inner
}

// carries reports whether message shows the secret value needle: anywhere
// for a needle of wholeWordBelow bytes or more; for a shorter one only
// where the bytes on either side of it, if any, are not word bytes.
func carries(message, needle string) bool {
	if len(needle) >= wholeWordBelow {
		return strings.Contains(message, needle)
	}
	for from := 0; ; {
		i := strings.Index(message[from:], needle)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(needle)
		if (i == 0 || !wordByte(message[i-1])) && (end == len(message) || !wordByte(message[end])) {
			return true
		}
		from = i + 1
	}
}

// wordByte reports whether b may be part of a word: an ASCII letter or
// digit, _, or a byte of a non-ASCII character.
func wordByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_' || b >= 0x80
}

// errorText is what the checker reads of an error for secret names and
// values: the value's JSON text, then every string in it decoded (member
// names too), one a line, so that a value shows whether the peer wrote it
// raw or JSON-escaped.
func errorText(e protoerr.Error) string {
	b := e.Value.Bytes()
	var out strings.Builder
	out.Write(b)
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out.WriteByte('\n')
			out.WriteString(v)
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for k, x := range v {
				out.WriteByte('\n')
				out.WriteString(k)
				walk(x)
			}
		}
	}
	var v any
	if json.Unmarshal(b, &v) == nil {
		walk(v)
	}
	return out.String()
}
