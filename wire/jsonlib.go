package wire

import (
	"encoding/json"
	"errors"
	"strings"
)

// The reasons given in place of an encoding/json failure whose text could
// quote the value (its own message, or that of a MarshalJSON, MarshalText,
// UnmarshalJSON or UnmarshalText method it called): the text is dropped and
// only this reason is kept.
var (
	// ErrMarshal is encoding/json refusing to encode a value.
	ErrMarshal = errors.New("encoding/json could not encode the value")
	// ErrUnmarshal is encoding/json refusing to decode a value into the Go
	// type asked for.
	ErrUnmarshal = errors.New("encoding/json could not decode the value into the type asked for")
)

// quietJSON is err, an error from encoding/json, made to say nothing of the
// value it was about. The errors that name only Go types are kept as they
// are (*json.InvalidUnmarshalError, *json.UnsupportedTypeError, and this
// package's *JSONError, *EncodeError and reasons); a *json.UnmarshalTypeError
// is copied with its Value cut to the JSON kind ("number", never "number
// 9876543210"; one with no Type, as only a method can make, becomes
// fallback); a *json.MarshalerError keeps its type with its cause made
// quiet the same way; a *json.UnsupportedValueError keeps a cycle's type but
// not the float it held. Any other error, whose text is not known, becomes
// fallback.
func quietJSON(err, fallback error) error {
	switch e := err.(type) {
	case nil:
		return nil
	case *json.InvalidUnmarshalError, *json.UnsupportedTypeError, *JSONError, *EncodeError:
		return err
	case *json.UnmarshalTypeError:
		if e.Type == nil { // its Error would panic
			return fallback
		}
		return &json.UnmarshalTypeError{Value: jsonKind(e.Value), Type: e.Type, Offset: e.Offset, Struct: e.Struct, Field: e.Field}
	case *json.MarshalerError:
		return &json.MarshalerError{Type: e.Type, Err: quietJSON(e.Err, fallback)}
	case *json.UnsupportedValueError:
		str := "NaN or an infinity"
		if strings.HasPrefix(e.Str, "encountered a cycle via ") {
			str = e.Str // the type, never the value
		}
		return &json.UnsupportedValueError{Str: str}
	}
	for _, reason := range []error{ErrInvalidUTF8, ErrNil, ErrNoValue, ErrUnknownValue, ErrUnset, ErrTooDeep, ErrMarshal, ErrUnmarshal} {
		if err == reason {
			return err
		}
	}
	return fallback
}

// jsonKind is the JSON kind that starts an UnmarshalTypeError's Value
// ("number 9876543210" is a number), or "value" when it names none.
func jsonKind(value string) string {
	kind, _, _ := strings.Cut(value, " ")
	switch kind {
	case "number", "string", "bool", "array", "object", "null":
		return kind
	}
	return "value"
}
