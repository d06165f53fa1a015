package scopes

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"os"
	"reflect"
	"strconv"
	"testing"

	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/variant"
)

// seedCorpus adds every vector of the scope, from the golden and regression
// sets, to f's seed corpus.
func seedCorpus(f *testing.F, scope string) {
	for _, file := range golden.Files() {
		raw, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		var vf struct{ Vectors []golden.Vector }
		if err := json.Unmarshal(raw, &vf); err != nil {
			f.Fatal(err)
		}
		for _, v := range vf.Vectors {
			if v.Scope != scope {
				continue
			}
			b := []byte{}
			if v.Hex != "-" {
				if b, err = hex.DecodeString(v.Hex); err != nil {
					f.Fatal(err)
				}
			}
			f.Add(b)
		}
	}
}

// fuzzScope checks, for any input: no panic; a failure is a typed error of
// the scope's variants; what decodes encodes; its encoding decodes again to
// the same value; and a canonical input (one the encoder gives back as it
// was) keeps doing so.
//
// "The same value" allows for two things the Rust reference does too:
// serde_json's decimal-to-f64 parsing is not exact, so a float it prints may
// read back one ulp away and print differently; and an f32 priority beyond
// range is written as null, which reads back as absent. sameJSON compares
// with those in mind; everything else must be identical.
func fuzzScope(f *testing.F, name string) {
	s, ok := Lookup(name)
	if !ok {
		f.Fatalf("no scope %s", name)
	}
	seedCorpus(f, name)
	f.Fuzz(func(t *testing.T, payload []byte) {
		v, err := s.Decode(payload)
		if err != nil {
			if variant.Name(err) == "unknown" {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		once, err := s.Encode(nil, v)
		if err != nil {
			t.Fatalf("decoded value does not encode: %v", err)
		}
		v2, err := s.Decode(once)
		if err != nil {
			t.Fatalf("own encoding %x does not decode: %v", once, err)
		}
		twice, err := s.Encode(nil, v2)
		if err != nil {
			t.Fatal(err)
		}
		if !sameJSON(once, twice) {
			t.Fatalf("decode → encode → decode changed the value:\n%x\n%x", once, twice)
		}
		if bytes.Equal(once, payload) && (!bytes.Equal(once, twice) || !reflect.DeepEqual(v, v2)) {
			t.Fatalf("a canonical input did not re-encode to itself")
		}
	})
}

// sameJSON reports whether two payloads say the same: equal bytes, or the
// same tag (if any) and JSON equal but for float drift of a few ulps and a
// null priority standing for an absent one.
func sameJSON(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	va, ea := parseLoose(a)
	vb, eb := parseLoose(b)
	if ea != nil || eb != nil {
		if len(a) == 0 || len(b) == 0 || a[0] != b[0] {
			return false
		}
		va, ea = parseLoose(a[1:])
		vb, eb = parseLoose(b[1:])
		if ea != nil || eb != nil {
			return false
		}
	}
	return sameValue(va, vb)
}

func parseLoose(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, errors.New("more than one value")
	}
	return v, nil
}

func sameValue(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		fx, err1 := strconv.ParseFloat(string(x), 64)
		fy, err2 := strconv.ParseFloat(string(y), 64)
		if err1 != nil || err2 != nil {
			return x == y
		}
		return fx == fy || math.Abs(fx-fy) <= 1e-15*math.Max(math.Abs(fx), math.Abs(fy))
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return false
		}
		drop := func(m map[string]any) {
			if p, has := m["priority"]; has && p == nil {
				delete(m, "priority")
			}
		}
		drop(x)
		drop(y)
		if len(x) != len(y) {
			return false
		}
		for k, vx := range x {
			vy, has := y[k]
			if !has || !sameValue(vx, vy) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

func FuzzEnqueueRequest(f *testing.F)        { fuzzScope(f, "enqueue.request") }
func FuzzEnqueueResponse(f *testing.F)       { fuzzScope(f, "enqueue.response") }
func FuzzLegacyEnqueueRequest(f *testing.F)  { fuzzScope(f, "legacy.enqueue.request") }
func FuzzLegacyEnqueueResponse(f *testing.F) { fuzzScope(f, "legacy.enqueue.response") }
func FuzzBeginChannelRequest(f *testing.F)   { fuzzScope(f, "begin.channel_request") }
func FuzzBeginResponse(f *testing.F)         { fuzzScope(f, "begin.response") }
func FuzzDequeueRequest(f *testing.F)        { fuzzScope(f, "dequeue.request") }
func FuzzDequeueResponse(f *testing.F)       { fuzzScope(f, "dequeue.response") }
func FuzzSecretsFeedResponse(f *testing.F)   { fuzzScope(f, "secrets.feed_response") }
func FuzzPostgresRequest(f *testing.F)       { fuzzScope(f, "postgres.request") }
func FuzzErrorsError(f *testing.F)           { fuzzScope(f, "errors.error") }
func FuzzSecretsValues(f *testing.F)         { fuzzScope(f, "secrets.values") }
func FuzzSecretsDeclaration(f *testing.F)    { fuzzScope(f, "secrets.declaration") }
func FuzzBeginRegistered(f *testing.F)       { fuzzScope(f, "begin.registered") }
func FuzzMCPContentBlock(f *testing.F)       { fuzzScope(f, "mcpcontent.block") }
func FuzzBeginChunk(f *testing.F)            { fuzzScope(f, "begin.chunk") }

// TestEveryScopeIsFuzzed keeps the fuzz targets in step with the table.
func TestEveryScopeIsFuzzed(t *testing.T) {
	src, err := os.ReadFile("fuzz_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range All {
		if !bytes.Contains(src, []byte(`fuzzScope(f, "`+s.Name+`")`)) {
			t.Errorf("no fuzz target for %s", s.Name)
		}
	}
}
