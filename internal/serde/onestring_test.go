package serde

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type keyOnly struct{ Key string }

var keyOnlyStruct = Struct[keyOnly]{Name: "Request", Fields: []Field[keyOnly]{
	{Name: "key", Read: func(d *Decoder, v *keyOnly) (err error) {
		v.Key, err = d.ReadString()
		return err
	}},
}}

// TestOneStringAgreesWithReadStruct: OneString accepts only what
// ReadStruct (and End) accepts, with the same string, and takes the compact
// form; everything else it leaves to the general path.
func TestOneStringAgreesWithReadStruct(t *testing.T) {
	tests := []struct {
		src  string
		fast bool // OneString takes it
	}{
		{`{"key":"a"}`, true},
		{`{"key":""}`, true},
		{"{\"key\":\"a\"} \n\t", true},
		{`{"key":"caf\u00e9 \"q\" \/ \n"}`, true},
		{"{\"key\":\"caf\xc3\xa9\"}", true},
		{`{"key": "a"}`, true},
		{`{"key":"a" }`, false},
		{` {"key":"a"}`, false},
		{`{ "key":"a"}`, false},
		{`{"key":"a","key":"b"}`, false},
		{`{"key":"a","x":1}`, false},
		{`{"key":"a"}x`, false},
		{`{"key":"a"}}`, false},
		{`{"key":null}`, false},
		{`{"key":1}`, false},
		{`{"key":"a"`, false},
		{`{"key":"`, false},
		{`{"key":`, false},
		{"{\"key\":\"\xff\"}", false},
		{"{\"key\":\"\x01\"}", false},
		{`{"key":"\ud800"}`, false},
		{`{"kez":"a"}`, false},
		{`["a"]`, false},
	}
	for _, tt := range tests {
		s, ok := OneString([]byte(tt.src), `{"key":`)
		assert.Equal(t, tt.fast, ok, "%q", tt.src)
		d := NewDecoder([]byte(tt.src))
		var v keyOnly
		err := ReadStruct(&d, &keyOnlyStruct, &v)
		if err == nil {
			err = d.End()
		}
		if ok {
			require.NoError(t, err, "%q: OneString took what the general path refuses", tt.src)
			assert.Equal(t, v.Key, s, "%q", tt.src)
		}
	}
}
