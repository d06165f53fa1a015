package wire_test

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

func ExampleWriter() {
	w := wire.Writer(make([]byte, 0, 64))
	w.Byte(2) // a tag
	w.Lit(`{"text":`)
	w.String("a <b> & \"c\"\n") // serde_json escapes only what it must
	w.Byte('}')
	fmt.Printf("%d %s\n", w[0], w[1:])
	// Output: 2 {"text":"a <b> & \"c\"\n"}
}

func ExampleParseRaw() {
	// Canonical input is kept as it is; anything else is normalized as
	// serde_json re-serializes it: escapes, numbers, repeated names.
	for _, in := range []string{`{"a":1.5}`, ` {"a" : 1E2, "\u0062":"\/", "a":true} `} {
		raw, err := wire.ParseRaw([]byte(in))
		if err != nil {
			panic(err)
		}
		fmt.Println(string(raw))
	}
	_, err := wire.ParseRaw([]byte(`{"name":"ok","Name":"x","n":1e999}`))
	var je *wire.JSONError
	fmt.Println(errors.As(err, &je), je.Reason)
	// Output:
	// {"a":1.5}
	// {"a":true,"b":"/"}
	// true number out of range
}
