package wire_test

import (
	"errors"
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func ExampleRaw_DecodeJSON() {
	// Canonical input is kept as it is; anything else is normalized as
	// serde_json re-serializes it: escapes, numbers, repeated names.
	for _, in := range []string{`{"a":1.5}`, ` {"a" : 1E2, "\u0062":"\/", "a":true} `} {
		var raw wire.Raw
		if err := raw.DecodeJSON([]byte(in)); err != nil {
			panic(err)
		}
		fmt.Println(raw)
	}
	var bad wire.Raw
	err := bad.DecodeJSON([]byte(`{"name":"ok","Name":"x","n":1e999}`))
	var je *wire.JSONError
	fmt.Println(errors.As(err, &je), je.Reason)
	// Output:
	// {"a":1.5}
	// {"a":true,"b":"/"}
	// true number out of range
}

func ExampleNewRawString() {
	raw, err := wire.NewRawString("naïve <ok>\t")
	fmt.Println(raw, err)
	// A lone surrogate written as bytes (WTF-8) is no Rust string.
	_, err = wire.NewRawString("half \xed\xa0\x80")
	fmt.Println(errors.Is(err, wire.ErrInvalidUTF8))
	// Output:
	// "naïve <ok>\t" <nil>
	// true
}

func ExampleObject_All() {
	var meta wire.Object
	if err := meta.DecodeJSON([]byte(`{"trace":"ab12","hops":[1,2]}`)); err != nil {
		panic(err)
	}
	for name, v := range meta.All() {
		fmt.Println(name, v)
	}
	// Output:
	// trace "ab12"
	// hops [1,2]
}

func ExampleEncodeError() {
	// Every encoder names the member it refused, and never its value.
	req := enqueue.Request{Key: "k\xff"}
	_, err := req.EncodeJSON(nil)
	var ee *wire.EncodeError
	fmt.Println(errors.As(err, &ee), ee.Member, errors.Is(err, wire.ErrInvalidUTF8))
	fmt.Println(err)
	// Output:
	// true key true
	// encode key: invalid UTF-8
}

func ExampleFrameError() {
	var resp enqueue.Response
	err := resp.Decode([]byte{9})
	// Each family has its own FrameError instance, so errors.As picks the
	// family; the cause says what went wrong.
	var fe *enqueue.FrameError
	var ut *wire.UnknownTagError
	fmt.Println(errors.As(err, &fe), fe.Kind, errors.As(err, &ut), ut.Tag)
	fmt.Println(err)
	// Output:
	// true unknown_tag true 9
	// unknown enqueue answer tag 9
}
