package begin_test

import (
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// A provider builds the request of an enqueue channel around an
// enqueue.Request and encodes it, tag first, as the channel's payload.
func ExampleEnqueue() {
	req := &begin.Enqueue{Request: enqueue.Request{
		Key:     "msg-1",
		Content: []mcpcontent.Block{&mcpcontent.Text{Text: "Summarise the report."}},
	}}
	payload, err := req.Encode(nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d %s\n", payload[0], payload[1:])
	// Output: 2 {"key":"msg-1","content":[{"type":"text","text":"Summarise the report."}]}
}

// A provider withdraws what still waits under a key.
func ExampleDequeue() {
	payload, err := (&begin.Dequeue{Request: dequeue.Request{Key: "msg-1"}}).Encode(nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d %s\n", payload[0], payload[1:])
	// Output: 3 {"key":"msg-1"}
}

// A provider feeds the program its secrets' values.
func ExampleSecrets() {
	var token wire.Raw
	if err := token.DecodeJSON([]byte(`"s3cret"`)); err != nil {
		panic(err)
	}
	var values secrets.Values
	values.Set("token", token)
	payload, err := (&begin.Secrets{Values: values}).Encode(nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d %s\n", payload[0], payload[1:])
	// Output: 4 {"token":"s3cret"}
}

// Every channel request is a pointer; EncodeChannelRequest writes any of
// them, tag first, and a typed nil is an error rather than a panic.
func ExampleEncodeChannelRequest() {
	requests := []begin.ChannelRequest{
		&begin.Postgres{ConnID: 7},
		&begin.Info{},
		&begin.Enqueue{Request: enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "hi"}}}},
		&begin.Dequeue{Request: dequeue.Request{Key: "k"}},
		&begin.Secrets{},
		(*begin.Info)(nil),
	}
	for _, req := range requests {
		payload, err := begin.EncodeChannelRequest(nil, req)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("%q\n", payload)
	}
	// Output:
	// "\x00\x00\x00\x00\a"
	// "\x01"
	// "\x02{\"key\":\"k\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}"
	// "\x03{\"key\":\"k\"}"
	// "\x04{}"
	// error: encode: nil value
}

// A proxy reads a channel request with a type switch and hands each body to
// what serves it.
func ExampleDecodeChannelRequest_typeSwitch() {
	payloads := [][]byte{
		[]byte("\x02" + `{"key":"k","content":[{"type":"text","text":"hi"}]}`),
		[]byte("\x03" + `{"key":"k"}`),
		[]byte("\x04" + `{"token":"s3cret"}`),
		{begin.TagInfo},
	}
	for _, payload := range payloads {
		req, err := begin.DecodeChannelRequest(payload)
		if err != nil {
			panic(err)
		}
		switch r := req.(type) {
		case *begin.Enqueue:
			fmt.Println("enqueue", r.Request.Key, len(r.Request.Content), "block")
		case *begin.Dequeue:
			fmt.Println("dequeue", r.Request.Key)
		case *begin.Secrets:
			fmt.Println("secrets", r.Values.Len())
		case *begin.Info:
			fmt.Println("info")
		case *begin.Postgres:
			fmt.Println("postgres", r.ConnID)
		}
	}
	// Output:
	// enqueue k 1 block
	// dequeue k
	// secrets 1
	// info
}
