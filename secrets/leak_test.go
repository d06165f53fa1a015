package secrets

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/netip"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// leakValues are secret values in every shape an error text could quote
// badly: quotes, backslashes, newlines, tabs, control characters, non-ASCII.
var leakValues = []string{
	`pa"ss\wo"rd-LEAK1`,
	"line1\nline2\tLEAK2",
	"ctl\x01\x1f\x7fLEAK3",
	"nön-ascii-ünïcødé-LEAK4-\u2028-😀",
	`-----BEGIN KEY-----\nMIIB LEAK5`,
	"9876543210",
}

// leakForms is every form of value a text could carry it in: raw,
// Go-quoted, JSON-escaped, hex and base64.
func leakForms(value string) []string {
	goq := strconv.Quote(value)
	js, _ := json.Marshal(value)
	return []string{
		value,
		goq[1 : len(goq)-1],
		string(js[1 : len(js)-1]),
		hex.EncodeToString([]byte(value)),
		base64.StdEncoding.EncodeToString([]byte(value)),
	}
}

func assertNoForm(t *testing.T, text, value, what string) {
	t.Helper()
	for _, form := range leakForms(value) {
		require.NotContains(t, text, form, "%s holds the value %q", what, value)
	}
}

// quoter fails to decode or encode, quoting the value, as many Unmarshalers
// and Marshalers do.
type quoter struct{ s string }

func (q *quoter) UnmarshalJSON(b []byte) error {
	return fmt.Errorf("quoter: bad input %s", b)
}

func (q quoter) MarshalJSON() ([]byte, error) {
	return nil, fmt.Errorf("quoter: cannot encode %q", q.s)
}

// typeLiar returns an UnmarshalTypeError whose Value is its input; with no
// Type, the error's own Error would panic.
type typeLiar struct{ typed bool }

func (l *typeLiar) UnmarshalJSON(b []byte) error {
	e := &json.UnmarshalTypeError{Value: "string " + string(b)}
	if l.typed {
		e.Type = reflect.TypeFor[int32]()
	}
	return e
}

// badJSON writes its value as if it were JSON: encoding/json's SyntaxError
// quotes a character of it.
type badJSON struct{ s string }

func (b badJSON) MarshalJSON() ([]byte, error) { return []byte(b.s), nil }

// badText fails in MarshalText, quoting its value.
type badText struct{ s string }

func (b badText) MarshalText() ([]byte, error) { return nil, errors.New("badText: " + b.s) }

// TestGetJSONQuotesNoValue: whatever the value and the type it is decoded
// into, GetJSON's error names the secret and a fixed reason, never the
// value; a *json.UnmarshalTypeError stays reachable without its Value.
// Before, every case but the custom one quoted the value through
// encoding/json's text.
func TestGetJSONQuotesNoValue(t *testing.T) {
	type pinHolder struct {
		Pin int32 `json:"pin"`
	}
	for _, value := range leakValues {
		asString, err := wire.NewRawString(value)
		require.NoError(t, err)
		var asNumber wire.Raw
		require.NoError(t, asNumber.DecodeJSON([]byte("98765432109876543210")))
		asObject, err := wire.NewRaw(map[string]string{"pin": value})
		require.NoError(t, err)
		for _, tc := range []struct {
			name     string
			raw      wire.Raw
			into     func() any
			typeErr  bool   // a *json.UnmarshalTypeError is reachable
			wantText string // the whole message
		}{
			{"int32 from a number", asNumber, func() any { return new(int32) }, true,
				`secrets: value of "pin": json: cannot unmarshal number into Go value of type int32`},
			{"int32 from a string", asString, func() any { return new(int32) }, true,
				`secrets: value of "pin": json: cannot unmarshal string into Go value of type int32`},
			{"a struct field", asObject, func() any { return new(pinHolder) }, true,
				`secrets: value of "pin": json: cannot unmarshal string into Go struct field pinHolder.pin of type int32`},
			{"time.Time", asString, func() any { return new(time.Time) }, false,
				`secrets: value of "pin": ` + wire.ErrUnmarshal.Error()},
			{"netip.Addr", asString, func() any { return new(netip.Addr) }, false,
				`secrets: value of "pin": ` + wire.ErrUnmarshal.Error()},
			{"big.Int", asString, func() any { return new(big.Int) }, false,
				`secrets: value of "pin": ` + wire.ErrUnmarshal.Error()},
			{"a custom Unmarshaler", asString, func() any { return new(quoter) }, false,
				`secrets: value of "pin": ` + wire.ErrUnmarshal.Error()},
			{"a custom UnmarshalTypeError", asString, func() any { return &typeLiar{typed: true} }, true,
				`secrets: value of "pin": json: cannot unmarshal string into Go value of type int32`},
			{"a custom UnmarshalTypeError with no Type", asString, func() any { return new(typeLiar) }, false,
				`secrets: value of "pin": ` + wire.ErrUnmarshal.Error()},
		} {
			t.Run(tc.name, func(t *testing.T) {
				v := NewValues()
				v.Set("pin", tc.raw)
				ok, err := v.GetJSON("pin", tc.into())
				require.True(t, ok)
				require.Error(t, err)
				var ve *ValueError
				require.ErrorAs(t, err, &ve)
				assert.Equal(t, "pin", ve.Name)
				var te *json.UnmarshalTypeError
				assert.Equal(t, tc.typeErr, errors.As(err, &te))
				if tc.typeErr {
					assert.NotContains(t, te.Value, "9876")
				} else {
					assert.ErrorIs(t, err, wire.ErrUnmarshal)
				}
				for _, text := range []string{err.Error(), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err)} {
					assertNoForm(t, text, value, tc.name)
					assertNoForm(t, text, "98765432109876543210", tc.name)
				}
				assert.Equal(t, tc.wantText, err.Error())
			})
		}
	}
}

// TestSetJSONQuotesNoValue: SetJSON and wire.NewRaw refuse a value
// with a *wire.EncodeError (SetJSON) naming the secret and a reason that
// quotes nothing of the value. Before, json.Number, a failing MarshalJSON
// or MarshalText and a MarshalJSON writing bad JSON were quoted.
func TestSetJSONQuotesNoValue(t *testing.T) {
	for _, value := range leakValues {
		for _, tc := range []struct {
			name   string
			x      any
			reason string // SetJSON's message after `encode ["pin"]: `
			is     error  // errors.Is target, nil for none
		}{
			{"json.Number", json.Number(value), wire.ErrMarshal.Error(), wire.ErrMarshal},
			{"a failing MarshalJSON", quoter{value}, "json: error calling MarshalJSON for type secrets.quoter: " + wire.ErrMarshal.Error(), wire.ErrMarshal},
			{"MarshalJSON writing bad JSON", badJSON{value}, "json: error calling MarshalJSON for type secrets.badJSON: " + wire.ErrMarshal.Error(), wire.ErrMarshal},
			{"a failing MarshalText", badText{value}, "json: error calling MarshalJSON for type secrets.badText: " + wire.ErrMarshal.Error(), wire.ErrMarshal},
			{"a string that is not UTF-8", value + "\xff", wire.ErrInvalidUTF8.Error(), wire.ErrInvalidUTF8},
		} {
			if _, isText := tc.x.(string); !isText && json.Valid([]byte(value)) {
				continue // a number is a valid json.Number and valid JSON
			}
			t.Run(tc.name, func(t *testing.T) {
				var v Values
				err := v.SetJSON("pin", tc.x)
				require.Error(t, err)
				var ee *wire.EncodeError
				require.ErrorAs(t, err, &ee)
				assert.Equal(t, `["pin"]`, ee.Member)
				assert.Equal(t, `encode ["pin"]: `+tc.reason, err.Error())
				if tc.is != nil {
					assert.ErrorIs(t, err, tc.is)
				}
				assert.Equal(t, 0, v.Len())
				_, rawErr := wire.NewRaw(tc.x)
				_, objErr := wire.NewObject(tc.x)
				for _, text := range []string{err.Error(), fmt.Sprintf("%+v", err), rawErr.Error(), objErr.Error()} {
					assertNoForm(t, text, value, tc.name)
				}
			})
		}
	}
}

// TestValueErrorNilReason: a ValueError built with no reason still prints.
func TestValueErrorNilReason(t *testing.T) {
	assert.Equal(t, `secrets: value of "pin": unreadable value`, (&ValueError{Name: "pin"}).Error())
}

// TestRawDecodeIntoQuotesNoValue: wire.Raw.DecodeInto, which GetJSON uses,
// quotes nothing of a secret value either, and keeps the errors that name
// only Go types.
func TestRawDecodeIntoQuotesNoValue(t *testing.T) {
	for _, value := range leakValues {
		r, err := wire.NewRawString(value)
		require.NoError(t, err)
		err = r.DecodeInto(new(big.Int))
		require.ErrorIs(t, err, wire.ErrUnmarshal)
		assertNoForm(t, err.Error(), value, "Raw.DecodeInto")
		var iu *json.InvalidUnmarshalError
		require.ErrorAs(t, r.DecodeInto(nil), &iu)
		assert.True(t, strings.HasPrefix(r.DecodeInto(nil).Error(), "json: Unmarshal(nil)"))
	}
}
