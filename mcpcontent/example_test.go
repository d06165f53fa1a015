package mcpcontent_test

import (
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
)

func ExampleDecodeBlockJSON() {
	b, err := mcpcontent.DecodeBlockJSON([]byte(`{"type":"resource_link","uri":"file:///r.pdf","name":"r.pdf","size":1024}`))
	if err != nil {
		panic(err)
	}
	link := b.(*mcpcontent.ResourceLink)
	fmt.Println(link.Type(), link.Name, *link.Size, link.Title == nil)
	// Output: resource_link r.pdf 1024 true
}

func ExampleEncodeBlockJSON() {
	priority := float32(0.5)
	block := &mcpcontent.Text{
		Text:        "Quarterly numbers <draft>",
		Annotations: &mcpcontent.Annotations{Audience: []mcpcontent.Role{mcpcontent.RoleUser}, Priority: &priority},
	}
	buf, err := mcpcontent.EncodeBlockJSON(nil, block)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(buf))
	// Output: {"type":"text","text":"Quarterly numbers <draft>","annotations":{"audience":["user"],"priority":0.5}}
}
