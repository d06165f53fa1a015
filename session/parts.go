package session

import (
	"bytes"
	"strconv"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
)

// message is an enqueued message a loop may still show: the channel that
// carried it, its request's event number, and its user parts (see
// chunk.UserParts), each as its chunk's JSON.
type message struct {
	id        string
	key       string
	seq       uint64
	parts     [][]byte
	delivered bool // answered Delivered
	listed    bool // in the Checker's unshown list
}

// newMessage is the message of an Enqueue request, or nil for one no loop
// can show (no content block).
func newMessage(id string, seq uint64, key string, content []mcpcontent.Block) *message {
	parts, err := chunk.UserParts(key, content)
	if err != nil {
		return nil
	}
	m := &message{id: id, key: key, seq: seq, parts: make([][]byte, len(parts))}
	for i, p := range parts {
		b, err := p.EncodeJSON(nil)
		if err != nil {
			return nil
		}
		m.parts[i] = b
	}
	return m
}

// isUserPart reports whether c is one of the five user chunks.
func isUserPart(c chunk.Chunk) bool {
	switch c.(type) {
	case *chunk.UserTextContent, *chunk.UserImageContent, *chunk.UserAudioContent, *chunk.UserResource, *chunk.UserResourceLink:
		return true
	}
	return false
}

// partsRule is the rule a loop's user parts break where they stand: the
// loop's opening, or after a seam.
func (c *Checker) partsRule() Rule {
	if c.opening {
		return RuleLoopFirstParts
	}
	return RuleLoopSeamParts
}

// startLoop takes an Active: some message must be there to start on.
func (c *Checker) startLoop(ev spot) error {
	if len(c.unshown) == 0 {
		return c.fail(RuleActiveNoMessage, ev, "no message is there to start on (every message enqueued so far was shown in a loop, withdrawn, refused or left unserved); a loop starts on the message(s) waiting")
	}
	c.opening, c.showing, c.next, c.runSeq = true, nil, 0, 0
	return nil
}

// loopChunk takes a Chunk inside a loop.
func (c *Checker) loopChunk(ev spot, ch chunk.Chunk) error {
	if !isUserPart(ch) {
		if err := c.partsDone(ev, "a chunk of type "+strconv.Quote(ch.Type())); err != nil {
			return err
		}
		c.opening, c.runSeq = false, 0
		return nil
	}
	got, err := ch.EncodeJSON(nil)
	if err != nil {
		return c.fail(c.partsRule(), ev, "the user part does not encode: %v", err)
	}
	if m := c.showing; m != nil {
		if !bytes.Equal(got, m.parts[c.next]) {
			return c.fail(c.partsRule(), ev, "the message on channel %s (key %s) is %s and this is not its part %d; a message's parts come whole, one chunk per block, in the blocks' order",
				displayToken(m.id), strconv.Quote(m.key), count(len(m.parts), "part"), c.next+1)
		}
		c.shownPart()
		return nil
	}
	for i, m := range c.unshown {
		if m.seq > c.runSeq && bytes.Equal(got, m.parts[0]) {
			c.unshown = append(c.unshown[:i], c.unshown[i+1:]...)
			m.listed = false
			c.showing, c.next = m, 0
			c.shownPart()
			return nil
		}
	}
	if c.opening {
		return c.fail(RuleLoopFirstParts, ev, "the chunk is the first part of no message enqueued after the loop's earlier ones and not yet shown; a loop's first chunks are the user parts of the message(s) it started on, in the order they were enqueued")
	}
	return c.fail(RuleLoopSeamParts, ev, "the chunk is the first part of no message enqueued after the seam's earlier ones and not yet shown; a user part inside a loop belongs to a message taken at a seam, shown once")
}

// shownPart counts one part of the message being shown.
func (c *Checker) shownPart() {
	c.next++
	if m := c.showing; c.next == len(m.parts) {
		c.runSeq = m.seq
		c.showing = nil
	}
}

// partsDone checks, at a chunk that is no user part or at the loop's end
// (what), that the loop showed a message first and none is half shown.
func (c *Checker) partsDone(ev spot, what string) error {
	if m := c.showing; m != nil {
		return c.fail(c.partsRule(), ev, "%s comes after part %d of the %s of the message on channel %s (key %s); a message's parts come whole",
			what, c.next, count(len(m.parts), "part"), displayToken(m.id), strconv.Quote(m.key))
	}
	if c.opening && c.runSeq == 0 {
		return c.fail(RuleLoopFirstParts, ev, "%s comes before any user part; a loop's first chunks are the user parts of the message(s) it started on", what)
	}
	return nil
}

// endLoop checks, at an Inactive or a loop's Error, the loop's parts and
// that every message answered Delivered so far was shown.
func (c *Checker) endLoop(ev spot) error {
	if err := c.partsDone(ev, "the loop's end"); err != nil {
		return err
	}
	for _, m := range c.unshown {
		if m.delivered {
			return c.fail(RuleDeliveredParts, ev, "the message on channel %s (key %s) was answered Delivered and the loop ends without showing its parts; a delivered message shows its parts in the loop it went into",
				displayToken(m.id), strconv.Quote(m.key))
		}
	}
	c.opening = false
	return nil
}

// listMessage adds m, when there is one, to the messages not yet shown.
func (c *Checker) listMessage(m *message) {
	if m != nil {
		m.listed = true
		c.unshown = append(c.unshown, m)
	}
}

// dropMessage forgets m, a message no loop will show, if it is listed.
func (c *Checker) dropMessage(m *message) {
	if m == nil || !m.listed {
		return
	}
	m.listed = false
	for i, u := range c.unshown {
		if u == m {
			c.unshown = append(c.unshown[:i], c.unshown[i+1:]...)
			return
		}
	}
}

// deliveredParts takes m's Delivered: a message not shown yet is shown by the
// end of the loop open now; with none open, the loop it went into is over.
func (c *Checker) deliveredParts(ev spot, m *message) error {
	if m == nil || !m.listed {
		return nil
	}
	if !c.inLoop {
		return c.fail(RuleDeliveredParts, ev, "no loop is open and none has shown the message's parts (key %s); a delivered message shows its parts in the loop it went into",
			strconv.Quote(m.key))
	}
	m.delivered = true
	return nil
}
