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

// describeChunk shows a chunk's kind, what it says (a user part's key and
// block, an assistant's text, a tool call's id, name and arguments, a tool
// response's blocks, the token counts, a notification's fatality and
// message), and its JSON as the SDK writes it.
func describeChunk(p *lines, c chunk.Chunk) {
	if c == nil {
		return
	}
	p.add(1, "type: %s", c.Type())
	parent := func(id *string) {
		if id != nil {
			p.add(1, "parent_tool_call_id: %s", quoteCut(*id, textLimit))
		}
	}
	switch c := c.(type) {
	case *chunk.UserTextContent:
		p.add(1, "key: %s", strconv.Quote(c.Key))
		p.add(1, "text: %s", quoteCut(c.Content.Text, textLimit))
	case *chunk.UserImageContent:
		p.add(1, "key: %s", strconv.Quote(c.Key))
		p.add(1, "block: %s", blockLine(&c.Content))
	case *chunk.UserAudioContent:
		p.add(1, "key: %s", strconv.Quote(c.Key))
		p.add(1, "block: %s", blockLine(&c.Content))
	case *chunk.UserResource:
		p.add(1, "key: %s", strconv.Quote(c.Key))
		p.add(1, "block: %s", blockLine(&c.Content))
	case *chunk.UserResourceLink:
		p.add(1, "key: %s", strconv.Quote(c.Key))
		p.add(1, "block: %s", blockLine(&c.Content))
	case *chunk.AssistantTextContent:
		parent(c.ParentToolCallID)
		p.add(1, "text: %s", quoteCut(c.Content.Text, textLimit))
	case *chunk.AssistantReasoning:
		parent(c.ParentToolCallID)
		p.add(1, "text: %s", quoteCut(c.Content.Text, textLimit))
	case *chunk.AssistantRefusal:
		parent(c.ParentToolCallID)
		p.add(1, "text: %s", quoteCut(c.Content.Text, textLimit))
	case *chunk.AssistantImageContent:
		parent(c.ParentToolCallID)
		p.add(1, "block: %s", blockLine(&c.Content))
	case *chunk.AssistantAudioContent:
		parent(c.ParentToolCallID)
		p.add(1, "block: %s", blockLine(&c.Content))
	case *chunk.AssistantToolCall:
		parent(c.ParentToolCallID)
		p.add(1, "id: %s", quoteCut(c.ID, textLimit))
		p.add(1, "name: %s", quoteCut(c.Name, textLimit))
		if c.Arguments != nil {
			p.add(1, "arguments: %s", quoteCut(*c.Arguments, textLimit))
		}
	case *chunk.ToolResponse:
		parent(c.ParentToolCallID)
		p.add(1, "id: %s", quoteCut(c.ID, textLimit))
		if c.IsError != nil {
			p.add(1, "isError: %t", *c.IsError)
		}
		p.add(1, "content: %s", count(len(c.Content), "block"))
		for i, b := range c.Content {
			p.add(2, "[%d] %s", i, blockLine(b))
		}
	case *chunk.Usage:
		p.add(1, "tokens: completion %d, prompt %d, total %d", c.CompletionTokens, c.PromptTokens, c.TotalTokens)
	case *chunk.Notification:
		p.add(1, "is_fatal: %t", c.IsFatal)
		p.add(1, "message: %s", jsonCut(c.Message.Bytes()))
	}
	if b, err := chunk.EncodeJSON(nil, c); err == nil {
		p.add(1, "json: %s", jsonCut(b))
	}
}

// chunkBrief is a chunk on one line, for the page's row: its kind and what
// it says.
func chunkBrief(c chunk.Chunk) string {
	if c == nil {
		return ""
	}
	say := func(s string) string { return c.Type() + "  " + s }
	switch c := c.(type) {
	case *chunk.UserTextContent:
		return say(strconv.Quote(c.Key) + ": " + quoteCut(c.Content.Text, briefLimit))
	case *chunk.UserImageContent:
		return say(strconv.Quote(c.Key) + ": " + blockLine(&c.Content))
	case *chunk.UserAudioContent:
		return say(strconv.Quote(c.Key) + ": " + blockLine(&c.Content))
	case *chunk.UserResource:
		return say(strconv.Quote(c.Key) + ": " + blockLine(&c.Content))
	case *chunk.UserResourceLink:
		return say(strconv.Quote(c.Key) + ": " + blockLine(&c.Content))
	case *chunk.AssistantTextContent:
		return say(quoteCut(c.Content.Text, briefLimit))
	case *chunk.AssistantReasoning:
		return say(quoteCut(c.Content.Text, briefLimit))
	case *chunk.AssistantRefusal:
		return say(quoteCut(c.Content.Text, briefLimit))
	case *chunk.AssistantImageContent:
		return say(blockLine(&c.Content))
	case *chunk.AssistantAudioContent:
		return say(blockLine(&c.Content))
	case *chunk.AssistantToolCall:
		return say(quoteCut(c.Name, briefLimit) + " (id " + quoteCut(c.ID, briefLimit) + ")")
	case *chunk.ToolResponse:
		s := "id " + quoteCut(c.ID, briefLimit) + ", " + count(len(c.Content), "block")
		if c.IsError != nil && *c.IsError {
			s += ", isError"
		}
		return say(s)
	case *chunk.Usage:
		return say(strconv.FormatUint(c.TotalTokens, 10) + " tokens")
	case *chunk.Notification:
		if c.IsFatal {
			return say("FATAL: " + briefJSON(c.Message.Bytes()))
		}
		return say(briefJSON(c.Message.Bytes()))
	}
	return c.Type()
}

// errorBrief is a peer's error on one line: its kind, status and words
// where it follows the convention, else its JSON.
func errorBrief(e protoerr.Error) string {
	kind, hasKind := e.Kind()
	if !hasKind {
		return briefJSON(e.Value.Bytes())
	}
	s := strconv.Quote(kind)
	if status, ok := e.Status(); ok {
		s += " status " + strconv.Itoa(int(status))
	}
	if text, ok := e.Text(); ok {
		s += ": " + quoteCut(text, briefLimit)
	}
	return s
}

// briefJSON is JSON cut after briefLimit bytes (at a character boundary)
// with an ellipsis, for one line.
func briefJSON(b []byte) string {
	if len(b) <= briefLimit {
		return sanitize(string(b))
	}
	i := briefLimit
	for i > 0 && !utf8.RuneStart(b[i]) {
		i--
	}
	return sanitize(string(b[:i])) + "…"
}

// briefLimit is how many characters of a text, or bytes of JSON, a page's
// row shows.
const briefLimit = 60

// count is "1 block", "2 blocks".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
