package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
)

// roundTrip decodes p's JSON with c into p's Go value, encodes that value
// back, and checks that the result is the same JSON as the payload (the
// same values; member order, number spelling and escapes may differ).
func roundTrip(c Codec, p *Payload, want any) error {
	v := p.New()
	if err := c.Unmarshal(p.Body(), v); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	out, err := c.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	got, err := generic(out)
	if err != nil {
		return fmt.Errorf("encode wrote invalid JSON: %w", err)
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("round trip differs from the payload")
	}
	return nil
}

// generic reads JSON into maps, slices, strings, float64s, bools and nils,
// the form in which two spellings of one value compare equal.
func generic(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return v, nil
}
