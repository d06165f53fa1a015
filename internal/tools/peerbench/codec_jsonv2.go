//go:build goexperiment.jsonv2

package main

import (
	"runtime"

	jsonv2 "encoding/json/v2"
)

// jsonV2Built says whether encoding/json/v2 is in the binary.
const jsonV2Built = true

// jsonV2Codecs is encoding/json/v2 with its default options.
func jsonV2Codecs() []Codec {
	return []Codec{{
		Name:      "encoding/json/v2",
		Version:   "stdlib " + runtime.Version() + " (GOEXPERIMENT=jsonv2)",
		Unmarshal: func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) },
		Marshal:   func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
	}}
}
