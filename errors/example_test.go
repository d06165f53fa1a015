package errors_test

import (
	"fmt"

	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
)

func ExampleError() {
	var e protoerr.Error
	if err := e.DecodeJSON([]byte(`{"message":"arguments refused: image needs GPU"}`)); err != nil {
		panic(err)
	}
	var err error = e
	fmt.Println(err)
	// Output: peer error: arguments refused: image needs GPU
}
