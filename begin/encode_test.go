package begin

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

const secretValue = `{"password":"sk_live_VALUE"}`

// encodeBoth encodes r with its own Encode and with EncodeResponse, which
// must agree; it returns EncodeResponse's answer.
func encodeBoth(t *testing.T, r Response) ([]byte, error) {
	t.Helper()
	var out, direct []byte
	var err, directErr error
	require.NotPanics(t, func() { out, err = EncodeResponse(encodetest.Dst(), r) })
	if r != nil {
		require.NotPanics(t, func() { direct, directErr = r.Encode(encodetest.Dst()) })
		assert.Equal(t, direct, out)
		assert.Equal(t, directErr, err)
	}
	return out, err
}

func encodeRequestBoth(t *testing.T, r ChannelRequest) ([]byte, error) {
	t.Helper()
	var out, direct []byte
	var err, directErr error
	require.NotPanics(t, func() { out, err = EncodeChannelRequest(encodetest.Dst(), r) })
	if r != nil {
		require.NotPanics(t, func() { direct, directErr = r.Encode(encodetest.Dst()) })
		assert.Equal(t, direct, out)
		assert.Equal(t, directErr, err)
	}
	return out, err
}

func TestResponseEncodeRefusesInvalidUTF8(t *testing.T) {
	tests := []struct {
		member string
		resp   func(t *testing.T, bad string) Response
	}{
		{"secrets[name 1]", func(_ *testing.T, bad string) Response {
			var d secrets.Declaration
			d.Set("ok", secrets.Fixed)
			d.Set(bad, secrets.Rotating)
			return &Begun{Secrets: d}
		}},
		{"[name 0]", func(t *testing.T, bad string) Response {
			var v secrets.Values
			v.Set(bad, encodetest.RawJSON(t, secretValue))
			return &Inactive{Values: v}
		}},
	}
	for _, tt := range tests {
		for _, bad := range encodetest.Bad {
			t.Run(tt.member+" "+bad.Name, func(t *testing.T) {
				out, err := encodeBoth(t, tt.resp(t, bad.S))
				encodetest.RequireError(t, out, err, tt.member, wire.ErrInvalidUTF8, bad.S, "sk_live_VALUE")
			})
		}
	}
}

func TestResponseEncodeRefusesNilAndZero(t *testing.T) {
	var zeroValue secrets.Values
	zeroValue.Set("token", wire.Raw{})
	var badMode secrets.Declaration
	badMode.Set("token", secrets.Mode(9))
	tests := []struct {
		name   string
		resp   Response
		member string
		reason error
	}{
		{"nil", nil, "", wire.ErrNil},
		{"nil begun", (*Begun)(nil), "", wire.ErrNil},
		{"nil error", (*Error)(nil), "", wire.ErrNil},
		{"nil inactive", (*Inactive)(nil), "", wire.ErrNil},
		{"nil chunk pointer", (*Chunk)(nil), "", wire.ErrNil},
		{"nil active pointer", (*Active)(nil), "", wire.ErrNil},
		{"zero chunk", &Chunk{}, "", wire.ErrNoValue},
		{"nil chunk kind", &Chunk{(*chunk.Usage)(nil)}, "", wire.ErrNil},
		{"chunk without message", &Chunk{&chunk.Notification{}}, "message", wire.ErrNoValue},
		{"zero template", &Begun{Dependencies: []wire.Object{encodetest.ObjectJSON(t, `{"a":1}`), {}}}, "dependencies[1]", wire.ErrNoValue},
		{"unknown mode", &Begun{Secrets: badMode}, `secrets["token"]`, wire.ErrUnknownValue},
		{"zero secret value", &Inactive{Values: zeroValue}, `["token"]`, wire.ErrNoValue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := encodeBoth(t, tt.resp)
			encodetest.RequireError(t, out, err, tt.member, tt.reason)
		})
	}
}

func TestResponsePointerVariantsEncode(t *testing.T) {
	out, err := EncodeResponse(nil, &Active{})
	require.NoError(t, err)
	assert.Equal(t, "\x03", string(out))
	out, err = EncodeResponse(nil, &Chunk{&chunk.Usage{TotalTokens: 1}})
	require.NoError(t, err)
	assert.Equal(t, "\x02"+`{"type":"usage","completion_tokens":0,"prompt_tokens":0,"total_tokens":1}`, string(out))
}

func TestChannelRequestEncodeRefuses(t *testing.T) {
	var badName secrets.Values
	badName.Set("ok", encodetest.RawJSON(t, secretValue))
	badName.Set("x\xed\xa0\x80"+encodetest.Marker, encodetest.RawJSON(t, secretValue))
	var zeroValue secrets.Values
	zeroValue.Set("token", wire.Raw{})
	tests := []struct {
		name   string
		req    ChannelRequest
		member string
		reason error
	}{
		{"nil", nil, "", wire.ErrNil},
		{"nil enqueue", (*Enqueue)(nil), "", wire.ErrNil},
		{"nil dequeue", (*Dequeue)(nil), "", wire.ErrNil},
		{"nil secrets", (*Secrets)(nil), "", wire.ErrNil},
		{"nil info pointer", (*Info)(nil), "", wire.ErrNil},
		{"nil postgres pointer", (*Postgres)(nil), "", wire.ErrNil},
		{"enqueue key", &Enqueue{Request: enqueue.Request{Key: encodetest.Marker + "\xff"}}, "key", wire.ErrInvalidUTF8},
		{"enqueue text", &Enqueue{Request: enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "a"}, &mcpcontent.Text{Text: encodetest.Marker + "\xe2\x82"}}}}, "content[1].text", wire.ErrInvalidUTF8},
		{"enqueue typed nil block", &Enqueue{Request: enqueue.Request{Key: "k", Content: []mcpcontent.Block{(*mcpcontent.Text)(nil)}}}, "content[0]", wire.ErrNil},
		{"enqueue unknown role", &Enqueue{Request: enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Annotations: &mcpcontent.Annotations{Audience: []mcpcontent.Role{"user", "bot"}}}}}}, "content[0].annotations.audience[1]", wire.ErrUnknownValue},
		{"dequeue key", &Dequeue{Request: dequeue.Request{Key: encodetest.Marker + "\xed\xa0\x80"}}, "key", wire.ErrInvalidUTF8},
		{"secrets name", &Secrets{Values: badName}, "[name 1]", wire.ErrInvalidUTF8},
		{"secrets zero value", &Secrets{Values: zeroValue}, `["token"]`, wire.ErrNoValue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := encodeRequestBoth(t, tt.req)
			encodetest.RequireError(t, out, err, tt.member, tt.reason, "sk_live_VALUE")
		})
	}
}

func TestChannelRequestPointerVariantsEncode(t *testing.T) {
	out, err := EncodeChannelRequest(nil, &Info{})
	require.NoError(t, err)
	assert.Equal(t, "\x01", string(out))
	out, err = EncodeChannelRequest(nil, &Postgres{ConnID: 0x01020304})
	require.NoError(t, err)
	assert.Equal(t, "\x00\x01\x02\x03\x04", string(out))
}

func TestRegisteredEncodeRefuses(t *testing.T) {
	var out []byte
	var err error
	require.NotPanics(t, func() { out, err = (*Registered)(nil).EncodeJSON(encodetest.Dst()) })
	encodetest.RequireError(t, out, err, "", wire.ErrNil)

	out, err = (&Registered{Dependencies: []wire.Object{{}}}).EncodeJSON(encodetest.Dst())
	encodetest.RequireError(t, out, err, "dependencies[0]", wire.ErrNoValue)

	for _, bad := range encodetest.Bad {
		var d secrets.Declaration
		d.Set(bad.S, secrets.Fixed)
		out, err = (&Registered{Secrets: d}).EncodeJSON(encodetest.Dst())
		encodetest.RequireError(t, out, err, "secrets[name 0]", wire.ErrInvalidUTF8, bad.S)
	}
}

// The relay paths frame what they are given without reading it.
func TestRelayPathsDoNotCheck(t *testing.T) {
	assert.Equal(t, "\x02not json", string(AppendChunk(nil, []byte("not json"))))
	assert.Equal(t, "\x04\xff", string(AppendInactive(nil, []byte("\xff"))))
	assert.Equal(t, "\x07", string(wire.AppendTagged(nil, 7, nil)))
}

func TestEncodeRefusesTooDeep(t *testing.T) {
	deepValues := func(depth int) secrets.Values {
		var v secrets.Values
		v.Set("k", encodetest.Raw(t, depth))
		return v
	}
	tests := []struct {
		name   string
		frame  func(depth int) any // a Response or a ChannelRequest
		room   int
		member string
	}{
		{"template", func(d int) any { return &Begun{Dependencies: []wire.Object{encodetest.Object(t, d)}} }, 125, "dependencies[0]"},
		{"inactive value", func(d int) any { return &Inactive{Values: deepValues(d)} }, 126, `["k"]`},
		{"secrets value", func(d int) any { return &Secrets{Values: deepValues(d)} }, 126, `["k"]`},
		{"enqueue _meta", func(d int) any {
			return &Enqueue{Request: enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Meta: encodetest.Object(t, d)}}}}
		}, 124, "content[0]._meta"},
		{"enqueue resource._meta", func(d int) any {
			return &Enqueue{Request: enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.EmbeddedResource{Resource: &mcpcontent.TextResourceContents{Meta: encodetest.Object(t, d)}}}}}
		}, 123, "content[0].resource._meta"},
		{"chunk _meta", func(d int) any { return &Chunk{&chunk.Usage{Meta: encodetest.Object(t, d)}} }, 126, "_meta"},
		{"chunk content _meta", func(d int) any {
			return &Chunk{&chunk.ToolResponse{Content: []mcpcontent.Block{&mcpcontent.Text{Meta: encodetest.Object(t, d)}}}}
		}, 124, "content[0]._meta"},
	}
	encode := func(dst []byte, f any) ([]byte, error) {
		if r, ok := f.(Response); ok {
			return EncodeResponse(dst, r)
		}
		return EncodeChannelRequest(dst, f.(ChannelRequest))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := encode(nil, tt.frame(tt.room))
			require.NoError(t, err)
			if _, ok := tt.frame(1).(Response); ok {
				_, err = DecodeResponse(out)
			} else {
				_, err = DecodeChannelRequest(out)
			}
			require.NoError(t, err, "a reader takes the deepest value that fits")
			if tt.room < wire.MaxDepth {
				out, err = encode(encodetest.Dst(), tt.frame(tt.room+1))
				encodetest.RequireError(t, out, err, tt.member, wire.ErrTooDeep)
			}
		})
	}
}
