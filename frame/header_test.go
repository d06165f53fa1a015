package frame

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// unhex reads hex with spaces, as PROTOCOL.md writes frames, followed by a
// literal payload.
func unhex(t testing.TB, h string, payload string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(h, " ", ""))
	require.NoError(t, err)
	return append(b, payload...)
}

// TestWorkedExample writes and reads the frames of PROTOCOL.md's example:
// an agents begin on scope 1, an enqueue on channel 1, its Delivered, and
// the channel's finish.
func TestWorkedExample(t *testing.T) {
	tests := []struct {
		name    string
		frame   Frame
		hex     string
		payload string
	}{
		{"begin request", Frame{Header{TypeRequest, 1, 0}, []byte("\x00{\"arguments\":null}")}, "01 00000001 00000000", "\x00{\"arguments\":null}"},
		{"begun", Frame{Header{TypeResponse, 1, 0}, []byte("\x00{}")}, "02 00000001 00000000", "\x00{}"},
		{"enqueue", Frame{Header{TypeChannelRequest, 1, 1}, []byte(`{"key":"k","content":[]}`)}, "04 00000001 00000001", `{"key":"k","content":[]}`},
		{"delivered", Frame{Header{TypeChannelResponse, 1, 1}, []byte{0}}, "05 00000001 00000001 00", ""},
		{"channel finish", Frame{Header: Header{TypeChannelResponseFinish, 1, 1}}, "06 00000001 00000001", ""},
		{"scope finish", Frame{Header: Header{TypeResponseFinish, 1, 0}}, "03 00000001 00000000", ""},
		{"big numbers", Frame{Header{TypeChannelResponse, 0xfffffffe, 0x01020304}, []byte("x")}, "05 fffffffe 01020304", "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := unhex(t, tt.hex, tt.payload)
			got, err := tt.frame.Encode([]byte("dst"))
			require.NoError(t, err)
			assert.Equal(t, append([]byte("dst"), want...), got)
			assert.Equal(t, want, AppendFrame(nil, tt.frame.Header, tt.frame.Payload))
			assert.Equal(t, want[:HeaderLen], AppendHeader(nil, tt.frame.Header))

			var back Frame
			require.NoError(t, back.Decode(want))
			assert.Equal(t, tt.frame.Header, back.Header)
			if tt.frame.Type.hasPayload() {
				assert.Equal(t, tt.frame.Payload, back.Payload)
			} else {
				assert.Nil(t, back.Payload)
			}
		})
	}
}

// TestUnusedFieldsWrittenZeroReadZero: the fields a type does not use are
// written 0 whatever the Header holds, and read as 0 whatever the bytes
// hold.
func TestUnusedFieldsWrittenZeroReadZero(t *testing.T) {
	tests := []struct {
		h    Header
		want string
	}{
		{Header{TypeAuth, 7, 9}, "00 00000000 00000000"},
		{Header{TypeRequest, 7, 9}, "01 00000007 00000000"},
		{Header{TypeResponse, 7, 9}, "02 00000007 00000000"},
		{Header{TypeResponseFinish, 7, 9}, "03 00000007 00000000"},
		{Header{TypeChannelRequest, 7, 9}, "04 00000007 00000009"},
		{Header{TypeChannelResponse, 7, 9}, "05 00000007 00000009"},
		{Header{TypeChannelResponseFinish, 7, 9}, "06 00000007 00000009"},
		{Header{Type(7), 7, 9}, "07 00000007 00000009"},
	}
	for _, tt := range tests {
		t.Run(tt.h.Type.String(), func(t *testing.T) {
			assert.Equal(t, unhex(t, tt.want, ""), AppendHeader(nil, tt.h))
			if !tt.h.Type.Defined() {
				return
			}
			// Read back from bytes that hold 7 and 9 everywhere.
			raw := unhex(t, "00 00000007 00000009", "")
			raw[0] = byte(tt.h.Type)
			h, err := parseHeader(raw)
			require.NoError(t, err)
			assert.Equal(t, unhex(t, tt.want, ""), AppendHeader(nil, h))
			assert.Equal(t, h, h.normal())
		})
	}
}

// TestDecodeHeaderRefuses: every prefix shorter than the header, and every type
// above 6, is a *FrameError with its kind and cause.
func TestDecodeHeaderRefuses(t *testing.T) {
	full := unhex(t, "05 00000001 00000001 00", "")
	for i := range HeaderLen {
		_, err := parseHeader(full[:i])
		var fe *FrameError
		require.ErrorAs(t, err, &fe, "prefix %d", i)
		assert.Equal(t, ErrorKindShort, fe.Kind)
		assert.Equal(t, i, fe.Len)
		assert.ErrorIs(t, err, ErrShort)
		assert.NotErrorIs(t, err, ErrUnknownType)
		assert.Contains(t, err.Error(), "shorter than the 9-byte header")
	}
	for _, typ := range []byte{7, 8, 0x7f, 0xff} {
		msg := append([]byte{typ}, full[1:]...)
		_, err := parseHeader(msg)
		var fe *FrameError
		require.ErrorAs(t, err, &fe)
		assert.Equal(t, ErrorKindUnknownType, fe.Kind)
		assert.Equal(t, Type(typ), fe.Type)
		assert.ErrorIs(t, err, ErrUnknownType)
		assert.Equal(t, "unknown_type", fe.Kind.String())

		f := Frame{Header: Header{TypeResponse, 3, 0}, Payload: []byte("kept")}
		require.Error(t, f.Decode(msg))
		assert.Equal(t, Frame{Header: Header{TypeResponse, 3, 0}, Payload: []byte("kept")}, f, "a failed Decode leaves f as it was")
	}
	assert.Equal(t, "short", ErrorKindShort.String())
	assert.Equal(t, "kind(9)", ErrorKind(9).String())
}

// TestFinishIgnoresTrailingBytes: bytes after a finish's header are read
// and dropped, as bytes after a bare tag are.
func TestFinishIgnoresTrailingBytes(t *testing.T) {
	var f Frame
	require.NoError(t, f.Decode(unhex(t, "06 00000001 00000002 ff ff", "")))
	assert.Equal(t, Frame{Header: Header{TypeChannelResponseFinish, 1, 2}}, f)
	require.NoError(t, f.Decode(unhex(t, "02 00000001 00000000", "")))
	assert.Equal(t, Header{TypeResponse, 1, 0}, f.Header)
	assert.Empty(t, f.Payload, "a Response may carry an empty payload")
}

func TestEncodeRefuses(t *testing.T) {
	tests := []struct {
		name   string
		f      *Frame
		member string
		err    error
	}{
		{"nil", nil, "", wire.ErrNil},
		{"unknown type", &Frame{Header: Header{Type: 7}}, "type", wire.ErrUnknownValue},
		{"payload on a finish", &Frame{Header: Header{Type: TypeResponseFinish}, Payload: []byte{1}}, "payload", ErrNoPayload},
		{"payload on a channel finish", &Frame{Header: Header{Type: TypeChannelResponseFinish}, Payload: []byte{1}}, "payload", ErrNoPayload},
		{"payload on auth", &Frame{Header: Header{Type: TypeAuth}, Payload: []byte{1}}, "payload", ErrNoPayload},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := []byte("dst")
			var out []byte
			var err error
			require.NotPanics(t, func() { out, err = tt.f.Encode(dst) })
			var ee *wire.EncodeError
			require.ErrorAs(t, err, &ee)
			assert.Equal(t, tt.member, ee.Member)
			assert.ErrorIs(t, err, tt.err)
			assert.Equal(t, []byte("dst"), out)
		})
	}
	require.ErrorIs(t, (*Frame)(nil).Decode([]byte{1}), wire.ErrNil)
}

func TestTypes(t *testing.T) {
	tests := []struct {
		typ            Type
		name           string
		client, server bool
	}{
		{TypeAuth, "auth", false, false},
		{TypeRequest, "request", true, false},
		{TypeResponse, "response", false, true},
		{TypeResponseFinish, "response_finish", false, true},
		{TypeChannelRequest, "channel_request", true, true},
		{TypeChannelResponse, "channel_response", true, true},
		{TypeChannelResponseFinish, "channel_response_finish", true, true},
		{Type(7), "type(7)", false, false},
		{Type(255), "type(255)", false, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.name, tt.typ.String())
		assert.Equal(t, tt.client, tt.typ.SentBy(RoleClient), "%v by the client", tt.typ)
		assert.Equal(t, tt.server, tt.typ.SentBy(RoleServer), "%v by the server", tt.typ)
		assert.False(t, tt.typ.SentBy(0), "%v by no role", tt.typ)
		assert.Equal(t, tt.typ <= 6, tt.typ.Defined())
	}
	assert.Equal(t, "client", RoleClient.String())
	assert.Equal(t, "server", RoleServer.String())
	assert.Equal(t, "role(0)", Role(0).String())
}

func TestErrors(t *testing.T) {
	assert.ErrorIs(t, ErrNotServed, ErrFinished)
	assert.NotErrorIs(t, ErrFinished, ErrNotServed)

	err := error(&ConnEndedError{Cause: ErrAuth})
	assert.ErrorIs(t, err, ErrConnEnded)
	assert.ErrorIs(t, err, ErrAuth)
	assert.Equal(t, "frame: connection ended: frame: auth frame received", err.Error())
	assert.Equal(t, ErrConnEnded.Error(), (&ConnEndedError{}).Error())

	busy := error(&DialError{Status: 409, Err: errors.New("expected 101")})
	assert.ErrorIs(t, busy, ErrBusy)
	assert.Contains(t, busy.Error(), "HTTP 409")
	assert.NotErrorIs(t, &DialError{Status: 404}, ErrBusy)
	assert.NotErrorIs(t, &DialError{}, ErrBusy)
}

// parseHeader is Header.Decode into a fresh Header, for the tables.
func parseHeader(src []byte) (Header, error) {
	var h Header
	err := h.Decode(src)
	return h, err
}

// TestDecodeHeaderKeeps: a refused header leaves the receiver as it was,
// and a nil receiver is wire.ErrNil.
func TestDecodeHeaderKeeps(t *testing.T) {
	h := Header{Type: TypeChannelRequest, Scope: 3, Channel: 4}
	before := h
	require.Error(t, h.Decode([]byte{4, 0, 0}))
	assert.Equal(t, before, h)
	require.Error(t, h.Decode(unhex(t, "07 00000001 00000001", "")))
	assert.Equal(t, before, h)
	require.NoError(t, h.Decode(unhex(t, "05 00000002 00000009 00", "")))
	assert.Equal(t, Header{Type: TypeChannelResponse, Scope: 2, Channel: 9}, h)
	var nilHeader *Header
	assert.ErrorIs(t, nilHeader.Decode(unhex(t, "05 00000002 00000009", "")), wire.ErrNil)
}
