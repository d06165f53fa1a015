// What decode shows of each decoded value.

package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

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
		peerError(&p, protoerr.Error(*v))
		return "Error", p
	case *begin.Chunk:
		describeChunk(&p, v.Chunk)
		return "Chunk", p
	// begin.chunk
	case chunk.Chunk:
		describeChunk(&p, v)
		return "Chunk", p
	case *begin.Active:
		bare(&p, payload)
		return "Active", p
	case *begin.Inactive:
		values(&p, "values", v.Values, show)
		return "Inactive", p

	// begin.channel_request (and postgres.request, whose value is a
	// begin.Postgres too)
	case *begin.Postgres:
		p.add(1, "conn_id: %d", v.ConnID)
		return "Postgres", p
	case *begin.Info:
		bare(&p, payload)
		return "Info", p
	case *begin.Enqueue:
		enqueueRequest(&p, &v.Request)
		return "Enqueue", p
	case *begin.Dequeue:
		p.add(1, "key: %s", strconv.Quote(v.Request.Key))
		return "Dequeue", p
	case *begin.Secrets:
		values(&p, "secrets", v.Values, show)
		return "Secrets", p

	// the answers
	case *enqueue.Response:
		return answerFrame(&p, payload, v.Outcome.String(), v.Outcome == enqueue.Error, v.Error), p
	case *legacy.Response:
		return answerFrame(&p, payload, v.Outcome.String(), v.Outcome == legacy.Error, v.Error), p
	case *dequeue.Response:
		return answerFrame(&p, payload, v.Outcome.String(), v.Outcome == dequeue.Error, v.Error), p
	case *secrets.FeedResponse:
		return answerFrame(&p, payload, v.Outcome.String(), v.Outcome == secrets.Error, v.Error), p

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
		peerError(&p, *v)
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
// error for the error variant. It returns the variant's name.
func answerFrame(p *lines, payload []byte, name string, isError bool, e protoerr.Error) string {
	if isError {
		peerError(p, e)
	} else {
		bare(p, payload)
	}
	return capitalize(name)
}

// peerError describes a peer's error: its kind, status and words where it
// follows the convention, and its JSON (cut) in any case.
func peerError(p *lines, e protoerr.Error) {
	if kind, ok := e.Kind(); ok {
		p.add(1, "kind: %s", strconv.Quote(kind))
	}
	if status, ok := e.Status(); ok {
		p.add(1, "status: %d", status)
	}
	if text, ok := e.Text(); ok {
		p.add(1, "error: %s", quoteCut(text, textLimit))
	}
	p.add(1, "json: %s", jsonCut(e.Value.Bytes()))
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

// describeChunk shows a chunk's kind and its JSON as the SDK writes it.
func describeChunk(p *lines, c chunk.Chunk) {
	if c == nil {
		return
	}
	p.add(1, "type: %s", c.Type())
	if b, err := chunk.EncodeJSON(nil, c); err == nil {
		p.add(1, "json: %s", jsonCut(b))
	}
}
