package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestQuietJSON: each kind of encoding/json error comes out saying nothing
// of the value, keeping the types a caller can test with errors.As.
func TestQuietJSON(t *testing.T) {
	const secret = "s3cr3t-VALUE"
	int32Type := reflect.TypeFor[int32]()
	for _, tc := range []struct {
		name string
		in   error
		want string // the message
		as   any    // a pointer errors.As must fill, nil for none
		is   error  // errors.Is target, nil for none
	}{
		{"nil", nil, "", nil, nil},
		{"a type error keeps its types, not the value",
			&json.UnmarshalTypeError{Value: "number " + secret, Type: int32Type, Struct: "T", Field: "pin"},
			"json: cannot unmarshal number into Go struct field T.pin of type int32", new(*json.UnmarshalTypeError), nil},
		{"a type error with an unknown kind",
			&json.UnmarshalTypeError{Value: secret, Type: int32Type},
			"json: cannot unmarshal value into Go value of type int32", new(*json.UnmarshalTypeError), nil},
		{"a type error with no type", &json.UnmarshalTypeError{Value: secret}, ErrUnmarshal.Error(), nil, ErrUnmarshal},
		{"a marshaler error keeps its type, not its cause's text",
			&json.MarshalerError{Type: int32Type, Err: errors.New(secret)},
			"json: error calling MarshalJSON for type int32: " + ErrUnmarshal.Error(), new(*json.MarshalerError), ErrUnmarshal},
		{"a float JSON cannot hold",
			&json.UnsupportedValueError{Value: reflect.ValueOf(math.Inf(1)), Str: "+Inf"},
			"json: unsupported value: NaN or an infinity", new(*json.UnsupportedValueError), nil},
		{"a cycle names its type",
			&json.UnsupportedValueError{Str: "encountered a cycle via *wire.T"},
			"json: unsupported value: encountered a cycle via *wire.T", new(*json.UnsupportedValueError), nil},
		{"an unknown error", fmt.Errorf("json: invalid number literal %q", secret), ErrUnmarshal.Error(), nil, ErrUnmarshal},
		{"a wrapped reason is not trusted", fmt.Errorf("%s: %w", secret, ErrNil), ErrUnmarshal.Error(), nil, ErrUnmarshal},
		{"this package's reasons stay", ErrInvalidUTF8, ErrInvalidUTF8.Error(), nil, ErrInvalidUTF8},
		{"a JSONError stays", &JSONError{Offset: 3, Reason: InvalidNumber}, (&JSONError{Offset: 3, Reason: InvalidNumber}).Error(), new(*JSONError), nil},
		{"an unsupported type stays", &json.UnsupportedTypeError{Type: reflect.TypeFor[chan int]()},
			"json: unsupported type: chan int", new(*json.UnsupportedTypeError), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := quietJSON(tc.in, ErrUnmarshal)
			if tc.in == nil {
				require.NoError(t, got)
				return
			}
			require.Error(t, got)
			assert.Equal(t, tc.want, got.Error())
			assert.NotContains(t, got.Error(), secret)
			assert.NotContains(t, fmt.Sprintf("%#v", got), secret)
			if tc.as != nil {
				assert.True(t, errors.As(got, tc.as))
			}
			if tc.is != nil {
				assert.ErrorIs(t, got, tc.is)
			}
		})
	}
}

// TestNewRawQuotesNothing: NewRaw's and NewObject's failures
// quote nothing of the value (json.Number's own text does).
func TestNewRawQuotesNothing(t *testing.T) {
	const secret = "s3cr3t-VALUE"
	for _, f := range []func(any) error{
		func(v any) error { _, err := NewRaw(v); return err },
		func(v any) error { _, err := NewObject(v); return err },
	} {
		err := f(map[string]any{"n": json.Number(secret)})
		require.ErrorIs(t, err, ErrMarshal)
		assert.NotContains(t, err.Error(), secret)
		err = f(math.NaN())
		var uv *json.UnsupportedValueError
		require.ErrorAs(t, err, &uv)
		assert.False(t, uv.Value.IsValid(), "the value is not kept")
	}
}
