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
	if err := w.String("a <b> & \"c\"\n"); err != nil { // serde_json escapes only what it must
		panic(err)
	}
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
		fmt.Println(raw)
	}
	_, err := wire.ParseRaw([]byte(`{"name":"ok","Name":"x","n":1e999}`))
	var je *wire.JSONError
	fmt.Println(errors.As(err, &je), je.Reason)
	// Output:
	// {"a":1.5}
	// {"a":true,"b":"/"}
	// true number out of range
}

func ExampleAppendString() {
	out, err := wire.AppendString(nil, "naïve <ok>\t")
	fmt.Println(string(out), err)
	// A lone surrogate written as bytes (WTF-8) is no Rust string.
	out, err = wire.AppendString(out[:0], "half \xed\xa0\x80")
	fmt.Printf("%q %v\n", out, errors.Is(err, wire.ErrInvalidUTF8))
	// Output:
	// "naïve <ok>\t" <nil>
	// "" true
}

func ExampleEncodeErrorAt() {
	// A nested encoder reports the member it knows; each level above adds
	// its own part of the path.
	err := wire.EncodeErrorAt("text", wire.ErrInvalidUTF8)
	err = wire.EncodeErrorAt(wire.IndexMember("content", 2), err)
	var ee *wire.EncodeError
	fmt.Println(err, errors.As(err, &ee), ee.Member, errors.Is(err, wire.ErrInvalidUTF8))
	// Output: encode content[2].text: invalid UTF-8 true content[2].text true
}
