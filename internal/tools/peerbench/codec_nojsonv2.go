//go:build !goexperiment.jsonv2

package main

// jsonV2Built says whether encoding/json/v2 is in the binary.
const jsonV2Built = false

// jsonV2Codecs is empty without GOEXPERIMENT=jsonv2.
func jsonV2Codecs() []Codec { return nil }
