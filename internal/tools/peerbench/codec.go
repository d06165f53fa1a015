package main

import (
	"encoding/json"
	"runtime"
	"runtime/debug"

	"github.com/bytedance/sonic"
	goccy "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	segmentio "github.com/segmentio/encoding/json"
)

// Codec is one peer library: its package-level Unmarshal and Marshal, with
// the library's defaults.
type Codec struct {
	// Name is how the tables name the peer.
	Name string
	// Version is the module version the binary was built with.
	Version string
	// Fallback says the library is not running its own code here (sonic on
	// an unsupported Go or architecture uses encoding/json): its numbers
	// are shown but it is never the fastest peer.
	Fallback bool
	// Unmarshal decodes JSON into the value v points to.
	Unmarshal func(data []byte, v any) error
	// Marshal encodes v as JSON into a new slice.
	Marshal func(v any) ([]byte, error)
}

// peers lists the peer libraries in table order; encoding/json/v2 only in a
// binary built with GOEXPERIMENT=jsonv2.
func peers() []Codec {
	v1 := "stdlib " + runtime.Version()
	if jsonV2Built {
		v1 += " (v1 API on the v2 implementation: GOEXPERIMENT=jsonv2)"
	}
	list := []Codec{{Name: "encoding/json", Version: v1, Unmarshal: json.Unmarshal, Marshal: json.Marshal}}
	list = append(list, jsonV2Codecs()...)
	return append(list,
		Codec{Name: "sonic", Version: moduleVersion("github.com/bytedance/sonic"), Fallback: sonic.APIKind != sonic.UseSonicJSON,
			Unmarshal: sonic.Unmarshal, Marshal: sonic.Marshal},
		Codec{Name: "goccy/go-json", Version: moduleVersion("github.com/goccy/go-json"), Unmarshal: goccy.Unmarshal, Marshal: goccy.Marshal},
		Codec{Name: "segmentio", Version: moduleVersion("github.com/segmentio/encoding"), Unmarshal: segmentio.Unmarshal, Marshal: segmentio.Marshal},
		Codec{Name: "json-iterator", Version: moduleVersion("github.com/json-iterator/go"), Unmarshal: jsoniter.Unmarshal, Marshal: jsoniter.Marshal},
	)
}

// moduleVersion is the version of a dependency the binary was built with.
func moduleVersion(path string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "?"
	}
	for _, d := range info.Deps {
		if d.Path == path {
			return d.Path + " " + d.Version
		}
	}
	return path + " ?"
}

// goExperiment is the GOEXPERIMENT the binary was built with.
func goExperiment() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "GOEXPERIMENT" {
				return s.Value
			}
		}
	}
	return ""
}

// utf8Policy says what c's Unmarshal does with a string that is not UTF-8:
// the SDK refuses it, as serde_json does.
func utf8Policy(c Codec) string {
	var v TextBlock
	switch err := c.Unmarshal([]byte("{\"type\":\"text\",\"text\":\"a\xffb\"}"), &v); {
	case err != nil:
		return "refuses invalid UTF-8"
	case v.Text == "a\xffb":
		return "accepts invalid UTF-8 and keeps the bytes"
	case v.Text == "a\uFFFDb":
		return "accepts invalid UTF-8, replacing it with U+FFFD"
	default:
		return "accepts invalid UTF-8"
	}
}
