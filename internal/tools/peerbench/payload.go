package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
)

// Payload is one benchmarked payload: its bytes as the SDK reads and writes
// them, and the Go value a peer decodes its JSON into.
type Payload struct {
	// Name is how the tables name it.
	Name string
	// Scope is the SDK scope that decodes and encodes Bytes.
	Scope string
	// Bytes is the payload, exactly as the Rust reference writes it.
	Bytes []byte
	// Tagged says Bytes starts with a frame tag byte: a peer reads and
	// writes only the JSON after it.
	Tagged bool
	// New makes the value a peer decodes into (a pointer); nil for a
	// payload with no JSON (a bare tag), which only the SDK times.
	New func() any
	// Text is the text a text payload carries, for the utf8.Valid and copy
	// baselines; nil for other payloads.
	Text []byte
	// Kind is a text payload's kind: "ascii", "prose" or "escapes".
	Kind string
}

// Body is the JSON a peer reads: Bytes without its tag.
func (p *Payload) Body() []byte {
	if p.Tagged {
		return p.Bytes[1:]
	}
	return p.Bytes
}

// loadVectors reads the ok vectors of a vector file (testdata/bench.json's
// format) as payloads.
func loadVectors(file string) ([]Payload, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var f struct {
		Vectors []struct{ Name, Scope, Hex, Expect string }
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var out []Payload
	for _, v := range f.Vectors {
		if v.Expect != "ok" {
			continue
		}
		b := []byte{}
		if v.Hex != "-" {
			if b, err = hex.DecodeString(v.Hex); err != nil {
				return nil, fmt.Errorf("%s: %w", v.Name, err)
			}
		}
		p, err := vectorPayload(v.Name, v.Scope, b)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// vectorPayload gives a vector its peer model, by scope and, for a tagged
// frame, by tag.
func vectorPayload(name, scope string, b []byte) (Payload, error) {
	p := Payload{Name: name, Scope: scope, Bytes: b}
	tag := -1
	if len(b) > 0 && b[0] != '{' && b[0] != '[' {
		tag = int(b[0])
	}
	rawMap := func() any { return new(map[string]json.RawMessage) }
	switch {
	case scope == "enqueue.request":
		p.New = func() any { return new(EnqueueRequest) }
	case scope == "dequeue.request":
		p.New = func() any { return new(DequeueRequest) }
	case scope == "errors.error": // any JSON value, opaque
		p.New = func() any { return new(json.RawMessage) }
	case scope == "secrets.values":
		p.New = rawMap
	case len(b) == 1: // a bare tag: Active, Delivered, Empty, ...
		p.Tagged = true
	case scope == "begin.response" && tag == 0:
		p.Tagged, p.New = true, func() any { return new(Registered) }
	case scope == "begin.response" && tag == 1, (scope == "enqueue.response" || scope == "dequeue.response") && tag == 2:
		p.Tagged, p.New = true, func() any { return new(json.RawMessage) } // the error: any JSON value, opaque
	case scope == "begin.response" && tag == 2: // Chunk: typed, as the SDK decodes it
		p.Tagged, p.New = true, func() any { return new(Chunk) }
	case scope == "begin.response" && tag == 4: // Inactive: rotating secrets' values
		p.Tagged, p.New = true, rawMap
	case scope == "begin.channel_request" && tag == 4: // Secrets: the fed values
		p.Tagged, p.New = true, rawMap
	default:
		return p, fmt.Errorf("%s: no peer model for scope %s, tag %d", name, scope, tag)
	}
	return p, nil
}
