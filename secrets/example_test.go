package secrets_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"os"

	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func ExampleValues() {
	token, err := wire.NewRawString("ghs_example")
	if err != nil {
		panic(err)
	}
	var db wire.Raw
	if err := db.DecodeJSON([]byte(`{"user": "app", "port": 5432}`)); err != nil { // checked, and made compact
		panic(err)
	}
	var v secrets.Values
	v.Set("github_token", token)
	v.Set("db", db)
	buf, err := v.EncodeJSON(nil)
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
	if err := d.DecodeJSON([]byte(`{"api_key":"fixed","token":"rotating"}`)); err != nil {
		panic(err)
	}
	for name := range d.Rotating() {
		fmt.Println(name)
	}
	// Output: token
}

// Typed setters and getters spare hand-written JSON; Clone gives a copy that
// shares nothing, where a plain copy shares the entries as a map does.
func ExampleValues_SetString() {
	v := secrets.NewValues()
	if err := v.SetString("github_token", "ghs_example"); err != nil {
		panic(err)
	}
	if err := v.SetJSON("db", map[string]any{"user": "app", "port": 5432}); err != nil {
		panic(err)
	}

	shared, independent := v, v.Clone()
	shared.Delete("db")
	fmt.Println(v.Len(), independent.Len())

	token, ok, err := independent.GetString("github_token")
	fmt.Println(token, ok, err)
	_, _, err = independent.GetString("db")
	fmt.Println(err)
	// Output:
	// 1 2
	// ghs_example true <nil>
	// secrets: value of "db": not a JSON string
}

// Every printed form of a Values shows the names and hides the values.
func ExampleValues_LogValue() {
	var v secrets.Values
	_ = v.SetString("github_token", "ghs_example")
	noTime := func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}
	slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime})).Info("fed", "values", v)
	slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime})).Info("fed", "values", v)
	fmt.Printf("%v\n", v)
	// Output:
	// level=INFO msg=fed values.github_token=<hidden>
	// {"level":"INFO","msg":"fed","values":{"github_token":"<hidden>"}}
	// secrets.Values{"github_token": <hidden>}
}

// A Declaration holds no values, so it prints in full.
func ExampleDeclaration_Format() {
	d := secrets.NewDeclaration()
	d.Set("api_key", secrets.Fixed)
	d.Set("token", secrets.Rotating)
	fmt.Println(d)
	b, _ := json.Marshal(d)
	fmt.Println(string(b))
	// Output:
	// secrets.Declaration{"api_key": fixed, "token": rotating}
	// {"api_key":"fixed","token":"rotating"}
}
