package main

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPeersRoundTripEveryVector checks that every peer's decode and
// re-encode of every bench.json payload with JSON gives the payload's JSON
// back, so that no timing is of a failing decode.
func TestPeersRoundTripEveryVector(t *testing.T) {
	vectors, err := loadVectors("../../../testdata/bench.json")
	require.NoError(t, err)
	require.NotEmpty(t, vectors)
	for _, p := range vectors {
		if p.New == nil {
			continue
		}
		want, err := generic(p.Body())
		require.NoError(t, err, p.Name)
		for _, c := range peers() {
			t.Run(p.Name+"/"+c.Name, func(t *testing.T) {
				assert.NoError(t, roundTrip(c, &p, want))
			})
		}
	}
}

// TestRoundTripCatchesFailures checks that a peer that fails to decode, drops
// a member or writes bad JSON is caught.
func TestRoundTripCatchesFailures(t *testing.T) {
	text := Payload{Name: "text", Scope: "mcpcontent.block", Bytes: []byte(`{"type":"text","text":"a \"b\"\n"}`),
		New: func() any { return new(TextBlock) }}
	typeOnly := text
	typeOnly.New = func() any {
		return new(struct {
			Type string `json:"type"`
		})
	}
	std := Codec{Name: "std", Unmarshal: json.Unmarshal, Marshal: json.Marshal}
	for _, tc := range []struct {
		name    string
		codec   Codec
		payload Payload
		wantErr string
	}{
		{"good", std, text, ""},
		{"decode fails", Codec{Unmarshal: func([]byte, any) error { return errors.New("no") }, Marshal: json.Marshal}, text, "decode: no"},
		{"encode fails", Codec{Unmarshal: json.Unmarshal, Marshal: func(any) ([]byte, error) { return nil, errors.New("no") }}, text, "encode: no"},
		{"member dropped", std, typeOnly, "round trip differs"},
		{"bad JSON written", Codec{Unmarshal: json.Unmarshal, Marshal: func(any) ([]byte, error) { return []byte(`{"type":`), nil }}, text, "invalid JSON"},
		{"two values written", Codec{Unmarshal: json.Unmarshal, Marshal: func(any) ([]byte, error) { return []byte(`{} {}`), nil }}, text, "invalid JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := generic(tc.payload.Body())
			require.NoError(t, err)
			err = roundTrip(tc.codec, &tc.payload, want)
			if tc.wantErr == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.wantErr)
		})
	}
}

// TestPrepare checks that the SDK side is checked too (a payload the SDK
// would not write itself is refused) and that a failing peer is left out of
// the timing with its reason.
func TestPrepare(t *testing.T) {
	good := Payload{Name: "text", Scope: "mcpcontent.block", Bytes: []byte(`{"type":"text","text":"hi"}`),
		New: func() any { return new(TextBlock) }, Text: []byte("hi")}
	std := Codec{Name: "std", Unmarshal: json.Unmarshal, Marshal: json.Marshal}
	broken := Codec{Name: "broken", Unmarshal: json.Unmarshal, Marshal: func(any) ([]byte, error) { return []byte(`{}`), nil }}

	pl, err := prepare([]Payload{good}, []Codec{std, broken})
	require.NoError(t, err)
	require.Len(t, pl.items, 1)
	it := pl.items[0]
	require.NotNil(t, it.peers[0])
	ops := it.peers[0]()
	require.NotNil(t, ops.Decode)
	require.NotNil(t, ops.Encode)
	ops.Decode(1)
	ops.Encode(1)
	assert.Empty(t, it.skipped[0])
	assert.Nil(t, it.peers[1])
	assert.Contains(t, it.skipped[1], "round trip differs")
	require.NotNil(t, it.base)

	res := pl.measure(1, 2)
	require.Len(t, res.Rows, 1)
	assert.Len(t, res.Rows[0].SDK[0], 1)
	assert.Len(t, res.Rows[0].Peers[0][1], 1)
	assert.Empty(t, res.Rows[0].Peers[1][0])
	assert.Len(t, res.Rows[0].Base[0], 1)
	assert.Equal(t, 3, res.Heap.Timings, "the SDK, the baselines and the one peer that round-trips")
	assert.NotZero(t, res.Heap.LiveMin, "the live heap holds at least the payload")
	assert.LessOrEqual(t, res.Heap.LiveMin, res.Heap.LiveMax)
	out := report(res, "- a machine\n", "cmd")
	assert.Contains(t, out, "| `text` |")
	assert.Contains(t, out, "collections ran inside the 3 timings")
	assert.Contains(t, out, "round trip differs")

	notCanonical := good
	notCanonical.Bytes = []byte(`{"type":"text","text":"\u0068i"}`)
	_, err = prepare([]Payload{notCanonical}, []Codec{std})
	assert.ErrorContains(t, err, "does not re-encode it to its own bytes")

	bad := good
	bad.Bytes = []byte(`{"type":"text"}`)
	_, err = prepare([]Payload{bad}, []Codec{std})
	assert.ErrorContains(t, err, "the SDK refuses it")
}
