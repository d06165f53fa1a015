package mcpsdk_test

import (
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent/mcpsdk"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func ExampleFromBlock() {
	var meta wire.Object
	_ = meta.DecodeJSON([]byte(`{"trace":"t-1"}`))
	c, err := mcpsdk.FromBlock(&mcpcontent.Image{Data: "iVBORw==", MIMEType: "image/png", Meta: meta})
	if err != nil {
		fmt.Println(err)
		return
	}
	img := c.(*mcp.ImageContent)
	fmt.Printf("% x %s %v\n", img.Data, img.MIMEType, img.Meta)

	_, err = mcpsdk.FromBlock(&mcpcontent.Image{Data: "not base64", MIMEType: "image/png"})
	fmt.Println(err, errors.Is(err, mcpsdk.ErrInvalidBase64))
	// Output:
	// 89 50 4e 47 image/png map[trace:t-1]
	// mcpsdk: invalid base64 (image block, field data) true
}

func ExampleToBlock() {
	b, err := mcpsdk.ToBlock(&mcp.ResourceLink{
		URI:  "file:///notes.txt",
		Name: "notes",
		Meta: mcp.Meta{"z": 1, "a": true},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := mcpcontent.EncodeBlockJSON(nil, b)
	fmt.Println(string(out))

	//lint:ignore SA1019 sampling content is not a content block here, and is refused
	_, err = mcpsdk.ToBlock(&mcp.ToolUseContent{ID: "1", Name: "search"})
	fmt.Println(err, errors.Is(err, mcpsdk.ErrUnsupported))
	// Output:
	// {"type":"resource_link","uri":"file:///notes.txt","name":"notes","_meta":{"a":true,"z":1}}
	// mcpsdk: unsupported content (*mcp.ToolUseContent block) true
}

// A round trip through go-sdk keeps the content but not every detail: here
// the _meta member order, the empty title and the zero priority are lost.
func ExampleToBlock_roundTrip() {
	src := []byte(`{"type":"resource_link","uri":"u","name":"n","title":"","_meta":{"b":1,"a":2},"annotations":{"priority":0.0}}`)
	b, _ := mcpcontent.DecodeBlockJSON(src)
	c, _ := mcpsdk.FromBlock(b)
	back, _ := mcpsdk.ToBlock(c)
	out, _ := mcpcontent.EncodeBlockJSON(nil, back)
	fmt.Println(string(out))
	// Output:
	// {"type":"resource_link","uri":"u","name":"n","_meta":{"a":2,"b":1},"annotations":{}}
}
