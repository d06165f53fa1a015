package begin_test

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func ExampleDecodeResponse() {
	stream := [][]byte{
		[]byte("\x00" + `{"secrets":{"token":"rotating"}}`),
		{begin.TagActive},
		[]byte("\x02" + `{"type":"assistant_text_content","text":"Done."}`),
		[]byte("\x02" + `{"type":"usage","completion_tokens":12,"prompt_tokens":340,"total_tokens":352}`),
		[]byte("\x04" + `{"token":"t2"}`),
	}
	for _, payload := range stream {
		resp, err := begin.DecodeResponse(payload)
		if err != nil {
			panic(err)
		}
		switch r := resp.(type) {
		case *begin.Begun:
			fmt.Println("begun; secrets declared:", r.Secrets.Len())
		case *begin.Active:
			fmt.Println("loop began")
		case *begin.Chunk:
			switch c := r.Chunk.(type) {
			case *chunk.AssistantTextContent:
				fmt.Println("assistant:", c.Content.Text)
			case *chunk.Usage:
				fmt.Println("tokens:", c.TotalTokens)
			}
		case *begin.Inactive:
			fmt.Println("loop ended;", r.Values) // values stay hidden
		}
	}
	// Output:
	// begun; secrets declared: 1
	// loop began
	// assistant: Done.
	// tokens: 352
	// loop ended; secrets.Values{"token": <hidden>}
}

func ExampleAppendChunk() {
	// A relay frames the agent's chunk as it came, without parsing it.
	// It may check it first, without keeping what it reads.
	body := []byte(`{"text":"hi","type":"assistant_text_content"}`)
	if err := chunk.ValidateJSON(body); err != nil {
		panic(err)
	}
	payload := begin.AppendChunk(make([]byte, 0, 64), body)
	fmt.Printf("%d %s\n", payload[0], payload[1:])
	// Output: 2 {"text":"hi","type":"assistant_text_content"}
}

func ExampleDecodeChannelRequest() {
	req, err := begin.DecodeChannelRequest([]byte("\x03" + `{"key":"k-1"}`))
	if err != nil {
		panic(err)
	}
	if dq, ok := req.(*begin.Dequeue); ok {
		fmt.Println("withdraw", dq.Request.Key)
	}
	// Output: withdraw k-1
}

// A proxy answers the begin with what the program registered: its
// dependency templates, carried as they came, and its secrets by mode.
func ExampleBegun() {
	var tmpl wire.Object
	if err := tmpl.DecodeJSON([]byte(`{"name":"db","args":{"dsn":"${DSN}"}}`)); err != nil {
		panic(err)
	}
	decl := secrets.NewDeclaration()
	decl.Set("dsn", secrets.Fixed)
	decl.Set("session_token", secrets.Rotating)
	payload, err := begin.EncodeResponse(nil, &begin.Begun{Dependencies: []wire.Object{tmpl}, Secrets: decl})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d %s\n", payload[0], payload[1:])
	// Output: 0 {"dependencies":[{"name":"db","args":{"dsn":"${DSN}"}}],"secrets":{"dsn":"fixed","session_token":"rotating"}}
}

// A provider reading the main stream tells a frame it cannot read, and why,
// with errors.As: the family's error says which variant failed, its cause
// what was wrong.
func ExampleResponseFrameError() {
	for _, payload := range [][]byte{
		[]byte("\x02" + `["not","an","object"]`), // a chunk must be a JSON object
		{9},                                      // a tag from a newer peer
	} {
		_, err := begin.DecodeResponse(payload)
		var re *begin.ResponseFrameError
		if errors.As(err, &re) {
			var je *wire.JSONError
			fmt.Println(re.Kind, errors.As(err, &je))
		}
	}
	// Output:
	// chunk true
	// unknown_tag false
}
