// Text helpers: cutting, quoting and keeping output to printable lines.

package main

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/diverge-network/diverge-sdk-go/session"
)

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

// unknownScope says a scope name is unknown, quoting it only when it has a
// scope's shape (lowercase words joined by dots), which payload hex never
// has: an error never shows a payload's bytes.
func unknownScope(name string) string {
	if session.LooksLikeScope(name) {
		return "unknown scope " + strconv.Quote(name)
	}
	return "unknown scope (not a scope name)"
}

// badHex says a hex field did not read, without quoting any of it.
func badHex(err error) string {
	if errors.Is(err, hex.ErrLength) {
		return "bad hex: an odd number of digits"
	}
	var ib hex.InvalidByteError
	if errors.As(err, &ib) {
		return "bad hex: a character that is not a hex digit"
	}
	return "bad hex"
}
