package begin

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

func TestChannelRequests(t *testing.T) {
	var vals secrets.Values
	vals.Set("token", encodetest.RawString(t, "t"))
	tests := []struct {
		req  ChannelRequest
		wire string
	}{
		{&Postgres{ConnID: 0x09080706}, "\x00\x09\x08\x07\x06"},
		{&Info{}, "\x01"},
		{&Enqueue{Request: enqueue.Request{Key: "k", Content: []mcpcontent.Block{&mcpcontent.Text{Text: "hi"}}}}, "\x02" + `{"key":"k","content":[{"type":"text","text":"hi"}]}`},
		{&Dequeue{Request: dequeue.Request{Key: "k"}}, "\x03" + `{"key":"k"}`},
		{&Secrets{Values: vals}, "\x04" + `{"token":"t"}`},
	}
	for _, tt := range tests {
		b, err := tt.req.Encode(nil)
		require.NoError(t, err)
		assert.Equal(t, tt.wire, string(b))
		assert.Equal(t, tt.wire[0], tt.req.Tag())
		back, err := DecodeChannelRequest(b)
		require.NoError(t, err)
		// The same variant, holding the same: a Values compares by what it
		// holds, not by how (a decoded one has no map until a lookup).
		assert.IsType(t, tt.req, back)
		again, err := back.Encode(nil)
		require.NoError(t, err)
		assert.Equal(t, tt.wire, string(again))
	}
	// Bare Info ignores what follows its tag.
	r, err := DecodeChannelRequest([]byte("\x01junk"))
	require.NoError(t, err)
	assert.Equal(t, &Info{}, r)
	// The variants convert to their packages' request types.
	e := tests[2].req.(*Enqueue).Request
	assert.Equal(t, "k", e.Key)
	_ = tests[3].req.(*Dequeue).Request
}

func TestChannelRequestErrors(t *testing.T) {
	tests := []struct {
		in      string
		variant ChannelRequestErrorKind
	}{
		{"", ChannelRequestErrorKindEmpty},
		{"\x05", ChannelRequestErrorKindUnknownTag},
		{"\x00\x01\x02\x03", ChannelRequestErrorKindPostgres},
		{"\x00\x01\x02\x03\x04\x05", ChannelRequestErrorKindPostgres},
		{"\x02{\"content\":[]}", ChannelRequestErrorKindEnqueue},
		{"\x03{}", ChannelRequestErrorKindDequeue},
		{"\x04\"x\"", ChannelRequestErrorKindSecrets},
	}
	for _, tt := range tests {
		_, err := DecodeChannelRequest([]byte(tt.in))
		var fe *ChannelRequestFrameError
		require.ErrorAs(t, err, &fe, "%q", tt.in)
		assert.Equal(t, tt.variant, fe.Kind, "%q: %v", tt.in, err)
	}
	_, err := DecodeChannelRequest([]byte("\x00\x01"))
	var pe *PostgresError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 1, pe.Len)
	assert.Equal(t, "postgres connection request is 1 bytes, not 4", pe.Error())
}

// The connection id is the crates' u32, big-endian on the wire.
func TestPostgresConnIDIsBigEndianUint32(t *testing.T) {
	for _, tt := range []struct {
		wire string
		id   uint32
	}{
		{"\x00\x00\x00\x00", 0},
		{"\x00\x00\x00\x01", 1},
		{"\xde\xad\xbe\xef", 0xdeadbeef},
		{"\xff\xff\xff\xff", 0xffffffff},
	} {
		p := Postgres{ConnID: 42}
		require.NoError(t, p.DecodeConnID([]byte(tt.wire)))
		assert.Equal(t, tt.id, p.ConnID)
		out, err := p.EncodeConnID([]byte("pre"))
		require.NoError(t, err)
		assert.Equal(t, "pre"+tt.wire, string(out))
		req, err := DecodeChannelRequest([]byte("\x00" + tt.wire))
		require.NoError(t, err)
		assert.Equal(t, &Postgres{ConnID: tt.id}, req)
	}
	p := Postgres{ConnID: 42}
	for _, bad := range []string{"", "\x01\x02\x03", "\x01\x02\x03\x04\x05"} {
		var pe *PostgresError
		require.ErrorAs(t, p.DecodeConnID([]byte(bad)), &pe)
		assert.Equal(t, len(bad), pe.Len)
		assert.Equal(t, uint32(42), p.ConnID, "a failed decode keeps p")
	}
	assert.ErrorIs(t, (*Postgres)(nil).DecodeConnID([]byte("\x00\x00\x00\x00")), wire.ErrNil)
	out, err := (*Postgres)(nil).EncodeConnID([]byte("pre"))
	assert.ErrorIs(t, err, wire.ErrNil)
	assert.Equal(t, "pre", string(out), "a failed encode leaves dst as it was")
}

func TestResponses(t *testing.T) {
	var decl secrets.Declaration
	decl.Set("r", secrets.Rotating)
	var vals secrets.Values
	vals.Set("r", encodetest.RawJSON(t, `{"n":3}`))
	tests := []struct {
		resp Response
		wire string
	}{
		{&Begun{}, "\x00{}"},
		{&Begun{Dependencies: []wire.Object{encodetest.ObjectJSON(t, `{"name":"db"}`)}, Secrets: decl}, "\x00" + `{"dependencies":[{"name":"db"}],"secrets":{"r":"rotating"}}`},
		{&Error{Value: protoerr.New(protoerr.KindProgram, "arguments refused").Value}, "\x01" + `{"kind":"program","error":"arguments refused"}`},
		{&Error{Value: encodetest.RawJSON(t, `null`)}, "\x01null"},
		{&Chunk{&chunk.AssistantTextContent{Content: mcpcontent.Text{Text: "hi", Meta: encodetest.ObjectJSON(t, `{"seq":2}`)}}}, "\x02" + `{"type":"assistant_text_content","text":"hi","_meta":{"seq":2}}`},
		{&Active{}, "\x03"},
		{&Inactive{Values: vals}, "\x04" + `{"r":{"n":3}}`},
	}
	for _, tt := range tests {
		b, err := tt.resp.Encode(nil)
		require.NoError(t, err)
		assert.Equal(t, tt.wire, string(b))
		assert.Equal(t, tt.wire[0], tt.resp.Tag())
		back, err := DecodeResponse(b)
		require.NoError(t, err)
		again, err := back.Encode(nil)
		require.NoError(t, err)
		assert.Equal(t, tt.wire, string(again))
	}
	// A chunk is typed: the reader switches on its kind, and the decode
	// normalizes it (members in order, unknown ones dropped).
	r, err := DecodeResponse([]byte("\x02{\"_meta\":{\"seq\":1},\"text\":\"hi\",\"x\":0,\"type\":\"assistant_text_content\"}"))
	require.NoError(t, err)
	text, ok := r.(*Chunk).Chunk.(*chunk.AssistantTextContent)
	require.True(t, ok, "%T", r.(*Chunk).Chunk)
	assert.Equal(t, "hi", text.Content.Text)
	assert.Equal(t, `{"seq":1}`, text.Content.Meta.String())
	again, err := r.Encode(nil)
	require.NoError(t, err)
	assert.Equal(t, "\x02"+`{"type":"assistant_text_content","text":"hi","_meta":{"seq":1}}`, string(again))

	r, err = DecodeResponse([]byte("\x03\x03"))
	require.NoError(t, err, "the reference ignores bytes after a bare tag")
	assert.Equal(t, &Active{}, r)
}

func TestResponseErrors(t *testing.T) {
	tests := []struct {
		in      string
		variant ResponseErrorKind
	}{
		{"", ResponseErrorKindEmpty},
		{"\x05", ResponseErrorKindUnknownTag},
		{"\x00", ResponseErrorKindBegun},
		{"\x00{\"secrets\":{\"a\":\"always\"}}", ResponseErrorKindBegun},
		{"\x01{\"kind\":", ResponseErrorKindError},
		{"\x02{}{}", ResponseErrorKindChunk},
		{"\x02[]", ResponseErrorKindChunk},
		{"\x04", ResponseErrorKindInactive},
		{"\x041", ResponseErrorKindInactive},
	}
	for _, tt := range tests {
		_, err := DecodeResponse([]byte(tt.in))
		var fe *ResponseFrameError
		require.ErrorAs(t, err, &fe, "%q", tt.in)
		assert.Equal(t, tt.variant, fe.Kind, "%q: %v", tt.in, err)
	}
}

func TestRelayFramesWithoutReading(t *testing.T) {
	body := []byte(`{"text":"hi","type":"assistant_text_content"}`) // as the agent wrote it
	assert.Equal(t, "\x02"+string(body), string(AppendChunk(nil, body)))
	assert.Equal(t, "\x04{}", string(AppendInactive(nil, []byte("{}"))))
	assert.Equal(t, "\x03", string(AppendActive(nil)))

	dst := make([]byte, 0, 1024)
	allocs := testing.AllocsPerRun(100, func() { _ = AppendChunk(dst, body) })
	assert.Zero(t, allocs)
}

func TestRegistered(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{}`, `{}`},
		{`{"dependencies":[],"secrets":{}}`, `{}`},
		{`[]`, `{}`},
		{`[[{"a":1}],{"x":"fixed"}]`, `{"dependencies":[{"a":1}],"secrets":{"x":"fixed"}}`},
		{`{"secrets":{"b":"rotating"},"dependencies":[{"z":1,"a":2}]}`, `{"dependencies":[{"z":1,"a":2}],"secrets":{"b":"rotating"}}`},
	}
	for _, tt := range tests {
		var r Registered
		require.NoError(t, r.DecodeJSON([]byte(tt.in)), tt.in)
		b, err := r.EncodeJSON(nil)
		require.NoError(t, err)
		assert.Equal(t, tt.want, string(b), tt.in)
	}
	var r Registered
	for _, in := range []string{`{"dependencies":null}`, `{"dependencies":[1]}`, `{"dependencies":{}}`, `{"secrets":{"a":"bogus"}}`} {
		assert.Error(t, r.DecodeJSON([]byte(in)), in)
	}
}
