package secrets_test

import (
	"fmt"

	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func ExampleValues() {
	token, err := wire.StringRaw("ghs_example")
	if err != nil {
		panic(err)
	}
	db, err := wire.ParseRaw([]byte(`{"user": "app", "port": 5432}`)) // checked, and made compact
	if err != nil {
		panic(err)
	}
	var v secrets.Values
	v.Set("github_token", token)
	v.Set("db", db)
	buf, err := v.Encode(nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(buf))
	fmt.Println(v) // fmt never shows a value
	// Output:
	// {"github_token":"ghs_example","db":{"user":"app","port":5432}}
	// secrets.Values{"github_token": <hidden>, "db": <hidden>}
}

func ExampleDeclaration_Rotating() {
	var d secrets.Declaration
	if err := d.Decode([]byte(`{"api_key":"fixed","token":"rotating"}`)); err != nil {
		panic(err)
	}
	for name := range d.Rotating() {
		fmt.Println(name)
	}
	// Output: token
}
