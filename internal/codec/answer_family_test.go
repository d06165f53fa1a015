package codec_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// family is one answer family as the tests of the answer template see it:
// every family is built on codec.Answer, so one table checks them all.
type family struct {
	name   string
	frame  string   // the frame's name in messages
	names  []string // Outcome.String by outcome: "unset", one per tag, then the outcome with no tag
	decode func(src []byte, before answer) (answer, error)
	encode func(dst []byte, a answer) ([]byte, error)
	nilDec func(src []byte) error
	nilEnc func(dst []byte) ([]byte, error)
	tag    func(outcome uint8) (byte, bool)
	kind   func(err error) (kind string, tag byte, ok bool) // the family's own frame error
	body   uint8                                            // the family's ErrorKindBody
	golden func(t *testing.T)                               // the golden vectors of the family's answer
}

// answer is a family's Response, its outcome as a number.
type answer struct {
	outcome uint8
	err     protoerr.Error
}

// errTag is the family's error tag: the last of its tags.
func (f family) errTag() byte { return byte(len(f.names) - 3) }

// frameMethods is what every family's Response has.
type frameMethods interface {
	Decode([]byte) error
	Encode([]byte) ([]byte, error)
}

func newFamily[R any, O interface {
	~uint8
	String() string
	WireTag() (byte, bool)
}, K wire.ErrorKind](name, scope string, body K, build func(answer) R, get func(*R) answer) family {
	f := family{name: name, body: uint8(body)}
	f.golden = func(t *testing.T) {
		decode := func(r *R, src []byte) error { return any(r).(frameMethods).Decode(src) }
		encode := func(r *R, dst []byte) ([]byte, error) { return any(r).(frameMethods).Encode(dst) }
		golden.CheckMethods(t, scope, decode, encode)
	}
	f.decode = func(src []byte, before answer) (answer, error) {
		r := build(before)
		err := any(&r).(frameMethods).Decode(src)
		return get(&r), err
	}
	f.encode = func(dst []byte, a answer) ([]byte, error) {
		r := build(a)
		return any(&r).(frameMethods).Encode(dst)
	}
	f.nilDec = func(src []byte) error { return any((*R)(nil)).(frameMethods).Decode(src) }
	f.nilEnc = func(dst []byte) ([]byte, error) { return any((*R)(nil)).(frameMethods).Encode(dst) }
	f.tag = func(o uint8) (byte, bool) { return O(o).WireTag() }
	f.kind = func(err error) (string, byte, bool) {
		var fe *wire.FrameError[K]
		if !errors.As(err, &fe) {
			return "", 0, false
		}
		return fe.Kind.String(), fe.Tag, true
	}
	for o := 0; ; o++ {
		s := O(o).String()
		if strings.HasPrefix(s, "value ") {
			break
		}
		f.names = append(f.names, s)
	}
	f.frame = K(0).Frame()
	return f
}

var families = []family{
	newFamily[enqueue.Response, enqueue.Outcome, enqueue.ErrorKind]("enqueue", "enqueue.response", enqueue.ErrorKindBody,
		func(a answer) enqueue.Response {
			return enqueue.Response{Outcome: enqueue.Outcome(a.outcome), Error: a.err}
		},
		func(r *enqueue.Response) answer { return answer{uint8(r.Outcome), r.Error} }),
	newFamily[legacy.Response, legacy.Outcome, legacy.ErrorKind]("legacy", "legacy.enqueue.response", legacy.ErrorKindBody,
		func(a answer) legacy.Response {
			return legacy.Response{Outcome: legacy.Outcome(a.outcome), Error: a.err}
		},
		func(r *legacy.Response) answer { return answer{uint8(r.Outcome), r.Error} }),
	newFamily[dequeue.Response, dequeue.Outcome, dequeue.ErrorKind]("dequeue", "dequeue.response", dequeue.ErrorKindBody,
		func(a answer) dequeue.Response {
			return dequeue.Response{Outcome: dequeue.Outcome(a.outcome), Error: a.err}
		},
		func(r *dequeue.Response) answer { return answer{uint8(r.Outcome), r.Error} }),
	newFamily[secrets.FeedResponse, secrets.Outcome, secrets.ErrorKind]("secrets feed", "secrets.feed_response", secrets.ErrorKindBody,
		func(a answer) secrets.FeedResponse {
			return secrets.FeedResponse{Outcome: secrets.Outcome(a.outcome), Error: a.err}
		},
		func(r *secrets.FeedResponse) answer { return answer{uint8(r.Outcome), r.Error} }),
}

// TestFamilies pins what each family names, so that a renamed outcome
// shows here: the crates' words, Error for the error outcome in every one.
func TestFamilies(t *testing.T) {
	want := map[string][]string{
		"enqueue":      {"unset", "delivered", "dequeued", "error", "not served"},
		"legacy":       {"unset", "delivered", "dequeued", "missed", "error", "not received"},
		"dequeue":      {"unset", "dequeued", "empty", "error", "not served"},
		"secrets feed": {"unset", "fed", "error", "not served"},
	}
	frames := map[string]string{"enqueue": "enqueue answer", "legacy": "legacy enqueue answer", "dequeue": "dequeue answer", "secrets feed": "secrets feed answer"}
	require.Len(t, families, len(want))
	for _, f := range families {
		assert.Equal(t, want[f.name], f.names, f.name)
		assert.Equal(t, frames[f.name], f.frame, f.name)
		assert.Equal(t, uint8(codec.AnswerKindBody), f.body, "%s: the kind the template reports a body with", f.name)
	}
	assert.Equal(t, dequeue.Outcome(1), dequeue.Dequeued, "tag 0 of the dequeue answer is Dequeued")
}

// TestAnswerGolden runs each family's answer vectors through its Response
// (see golden.CheckMethods): one table, where each family's golden test
// checks its request.
func TestAnswerGolden(t *testing.T) {
	for _, f := range families {
		t.Run(f.name, f.golden)
	}
}

var kept = answer{outcome: 1, err: protoerr.Error{}}

func TestAnswerBareOutcomes(t *testing.T) {
	for _, f := range families {
		for tag := byte(0); tag < f.errTag(); tag++ {
			o := tag + 1
			got, ok := f.tag(o)
			require.True(t, ok, "%s %s", f.name, f.names[o])
			assert.Equal(t, tag, got, "%s %s", f.name, f.names[o])
			for _, src := range []string{string([]byte{tag}), string([]byte{tag}) + `trailing {bytes`} {
				a, err := f.decode([]byte(src), answer{outcome: f.errTag() + 1, err: protoerr.New("k", "old")})
				require.NoError(t, err, "%s %q", f.name, src)
				assert.Equal(t, answer{outcome: o}, a, "%s %q: a bare tag clears the error", f.name, src)
			}
			out, err := f.encode(encodetest.Dst(), answer{outcome: o})
			require.NoError(t, err)
			assert.Equal(t, encodetest.Prefix+string([]byte{tag}), string(out), "%s %s", f.name, f.names[o])
			// Into a buffer with no room left, too (the slow path).
			out, err = f.encode(nil, answer{outcome: o})
			require.NoError(t, err)
			assert.Equal(t, []byte{tag}, out)
		}
		for _, o := range []uint8{0, uint8(len(f.names) - 1), uint8(len(f.names)), 255} {
			_, ok := f.tag(o)
			assert.False(t, ok, "%s outcome %d has no tag", f.name, o)
		}
	}
}

func TestAnswerError(t *testing.T) {
	tests := []struct{ body, canonical string }{
		{`{"kind":"program","status":503,"error":"the program is busy"}`, ""},
		{`{"kind":"unregistered"}`, ""},
		{`null`, ""},
		{`"no"`, ""},
		{`{}`, ""},
		{` { "kind" : "progr\u0061m" } `, `{"kind":"program"}`},
		{`{"kind":"a","kind":"b"}`, `{"kind":"b"}`},
	}
	for _, f := range families {
		errOutcome := f.errTag() + 1
		for _, tt := range tests {
			src := append([]byte{f.errTag()}, tt.body...)
			a, err := f.decode(src, kept)
			require.NoError(t, err, "%s %s", f.name, tt.body)
			assert.Equal(t, errOutcome, a.outcome)
			want := tt.canonical
			if want == "" {
				want = tt.body
			}
			assert.Equal(t, want, a.err.Value.String(), "%s %s", f.name, tt.body)
			out, err := f.encode(nil, a)
			require.NoError(t, err)
			assert.Equal(t, string(f.errTag())+want, string(out), "%s %s", f.name, tt.body)
		}
		out, err := f.encode(nil, answer{outcome: errOutcome, err: protoerr.New(protoerr.KindProgram, "x")})
		require.NoError(t, err)
		assert.Equal(t, string(f.errTag())+`{"kind":"program","error":"x"}`, string(out))
	}
}

func TestAnswerDecodeRefuses(t *testing.T) {
	for _, f := range families {
		e := f.errTag()
		tests := []struct {
			name  string
			src   []byte
			kind  string
			cause error
		}{
			{"empty", []byte{}, "empty", wire.ErrEmpty},
			{"nil", nil, "empty", wire.ErrEmpty},
			{"first unknown tag", []byte{e + 1}, "unknown_tag", &wire.UnknownTagError{Tag: e + 1}},
			{"unknown tag with a body", append([]byte{e + 1}, `{"kind":"x"}`...), "unknown_tag", &wire.UnknownTagError{Tag: e + 1}},
			{"tag 255", []byte{255}, "unknown_tag", &wire.UnknownTagError{Tag: 255}},
			{"error tag alone", []byte{e}, "body", nil},
			{"truncated error", append([]byte{e}, `{"kind":`...), "body", nil},
			{"two values", append([]byte{e}, `{} {}`...), "body", nil},
			{"not UTF-8", append([]byte{e}, "\"\xff\""...), "body", nil},
		}
		for _, tt := range tests {
			before := answer{outcome: e + 1, err: protoerr.New("k", "old")}
			a, err := f.decode(tt.src, before)
			kind, tag, ok := f.kind(err)
			require.True(t, ok, "%s %s: %v is the family's frame error", f.name, tt.name, err)
			assert.Equal(t, tt.kind, kind, "%s %s", f.name, tt.name)
			assert.Equal(t, before, a, "%s %s: a failed decode keeps the receiver", f.name, tt.name)
			assert.Contains(t, err.Error(), f.frame)
			switch cause := tt.cause.(type) {
			case nil:
				var je *wire.JSONError
				assert.ErrorAs(t, err, &je, "%s %s", f.name, tt.name)
				assert.Equal(t, e, tag)
			case *wire.UnknownTagError:
				var ut *wire.UnknownTagError
				require.ErrorAs(t, err, &ut, "%s %s", f.name, tt.name)
				assert.Equal(t, cause.Tag, ut.Tag)
				assert.Equal(t, cause.Tag, tag)
			default:
				assert.ErrorIs(t, err, cause, "%s %s", f.name, tt.name)
			}
		}
		assert.ErrorIs(t, f.nilDec([]byte{0}), wire.ErrNil, f.name)
		assert.ErrorIs(t, f.nilDec(nil), wire.ErrNil, f.name)
	}
}

func TestAnswerEncodeRefuses(t *testing.T) {
	for _, f := range families {
		errOutcome := f.errTag() + 1
		noTag := uint8(len(f.names) - 1)
		stray := protoerr.New(protoerr.KindProgram, "stray")
		tests := []struct {
			name   string
			a      answer
			member string
			reason error
		}{
			{"unset", answer{}, "outcome", wire.ErrUnset},
			{"unset with an error", answer{err: stray}, "outcome", wire.ErrUnset},
			{f.names[noTag], answer{outcome: noTag}, "outcome", wire.ErrUnknownValue},
			{"outcome 255", answer{outcome: 255}, "outcome", wire.ErrUnknownValue},
			{"error with no value", answer{outcome: errOutcome}, "error", wire.ErrNoValue},
		}
		for o := uint8(1); o < errOutcome; o++ {
			tests = append(tests, struct {
				name   string
				a      answer
				member string
				reason error
			}{f.names[o] + " with an error", answer{outcome: o, err: stray}, "error", protoerr.ErrNotCarried})
		}
		for _, tt := range tests {
			t.Run(f.name+" "+tt.name, func(t *testing.T) {
				out, err := f.encode(encodetest.Dst(), tt.a)
				encodetest.RequireError(t, out, err, tt.member, tt.reason, "stray")
			})
		}
		var out []byte
		var err error
		require.NotPanics(t, func() { out, err = f.nilEnc(encodetest.Dst()) })
		encodetest.RequireError(t, out, err, "", wire.ErrNil)
	}
}
