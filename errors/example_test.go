package errors_test

import (
	"fmt"

	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

func ExampleError() {
	var e protoerr.Error
	if err := e.DecodeJSON([]byte(`{"kind":"program","status":422,"error":"model must be a string"}`)); err != nil {
		panic(err)
	}
	kind, _ := e.Kind()
	status, _ := e.Status()
	text, _ := e.Text()
	fmt.Println(kind, status, text)
	var err error = e
	fmt.Println(err)
	// Output:
	// program 422 model must be a string
	// peer error: program (status 422): model must be a string
}

func ExampleError_anyValue() {
	var e protoerr.Error
	if err := e.DecodeJSON([]byte(`{"detail": [{"msg": "field required"}]}`)); err != nil {
		panic(err)
	}
	_, ok := e.Kind()
	fmt.Println(ok, e.Value)
	// Output: false {"detail":[{"msg":"field required"}]}
}

func ExampleNew() {
	e := protoerr.New(protoerr.KindProgram, "connection refused")
	b, err := e.EncodeJSON(nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output: {"kind":"program","error":"connection refused"}
}
