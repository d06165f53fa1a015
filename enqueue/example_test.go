package enqueue_test

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func ExampleRequest_EncodeJSON() {
	req := enqueue.Request{
		Key:     "conv-7/turn-3",
		Content: []mcpcontent.Block{&mcpcontent.Text{Text: "Summarise <this> & that"}},
	}
	buf, err := req.EncodeJSON(nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(buf))
	// Output: {"key":"conv-7/turn-3","content":[{"type":"text","text":"Summarise <this> & that"}]}
}

func ExampleResponse_Decode() {
	var resp enqueue.Response
	if err := resp.Decode([]byte("\x02{\"kind\":\"program\",\"status\":415,\"error\":\"images are not accepted\"}")); err != nil {
		panic(err)
	}
	kind, _ := resp.Error.Kind()
	status, _ := resp.Error.Status()
	text, _ := resp.Error.Text()
	fmt.Println(resp.Outcome, "-", kind, status, text)
	fmt.Println(resp.Error)
	// Output:
	// error - program 415 images are not accepted
	// peer error: program (status 415): images are not accepted
}

func ExampleFrameError() {
	var resp enqueue.Response
	err := resp.Decode([]byte{7})
	var fe *enqueue.FrameError
	if errors.As(err, &fe) {
		fmt.Println(fe.Kind, fe.Tag)
	}
	var unknown *wire.UnknownTagError
	fmt.Println(errors.As(err, &unknown))
	// Output:
	// unknown_tag 7
	// true
}

func ExampleRequest_EncodeJSON_refused() {
	// A Go string may hold bytes no Rust string can; the encoder names the
	// member and never shows what it held.
	req := enqueue.Request{
		Key: "k",
		Content: []mcpcontent.Block{
			&mcpcontent.Text{Text: "fine"},
			&mcpcontent.Text{Text: "cut short \xe2\x82"},
		},
	}
	_, err := req.EncodeJSON(nil)
	var ee *wire.EncodeError
	if errors.As(err, &ee) {
		fmt.Println(ee.Member, errors.Is(err, wire.ErrInvalidUTF8))
	}
	fmt.Println(err)
	// Output:
	// content[1].text true
	// encode content[1].text: invalid UTF-8
}
