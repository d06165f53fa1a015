package answer_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/answer"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/encodetest"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// family is one answer family as the tests see it, its outcomes as
// numbers, so that one table checks the four.
type family struct {
	name   string
	frame  string   // the frame's name in messages
	names  []string // Outcome.String by outcome: "unset", one per tag, then the outcome with no tag
	decode func(src []byte, before response) (response, error)
	encode func(dst []byte, a response) ([]byte, error)
	nilDec func(src []byte) error
	nilEnc func(dst []byte) ([]byte, error)
	tag    func(outcome uint8) (byte, bool)
	kind   func(err error) (kind string, tag byte, ok bool) // the family's own frame error
	golden func(t *testing.T)                               // the golden vectors of the family's answer
}

// response is a family's Response, its outcome as a number.
type response struct {
	outcome uint8
	err     protoerr.Error
}

// errTag is the family's error tag: the last of its tags.
func (f family) errTag() byte { return byte(len(f.names) - 3) }

func newFamily[O answer.Outcome[O]](name, scope string) family {
	type R = answer.Response[O]
	f := family{name: name}
	f.golden = func(t *testing.T) { golden.CheckMethods(t, scope, (*R).Decode, (*R).Encode) }
	f.decode = func(src []byte, before response) (response, error) {
		r := R{Outcome: O(before.outcome), Error: before.err}
		err := r.Decode(src)
		return response{uint8(r.Outcome), r.Error}, err
	}
	f.encode = func(dst []byte, a response) ([]byte, error) {
		r := R{Outcome: O(a.outcome), Error: a.err}
		return r.Encode(dst)
	}
	f.nilDec = (*R)(nil).Decode
	f.nilEnc = (*R)(nil).Encode
	f.tag = func(o uint8) (byte, bool) { return answer.WireTag(O(o)) }
	f.kind = func(err error) (string, byte, bool) {
		var fe *answer.FrameError[O]
		if !errors.As(err, &fe) {
			return "", 0, false
		}
		return fe.Kind.String(), fe.Tag, true
	}
	for o := 0; ; o++ {
		s := O(o).String()
		if s == fmt.Sprintf("value %d", o) {
			break
		}
		f.names = append(f.names, s)
	}
	f.frame = answer.ErrorKind[O](0).Frame()
	return f
}

var families = []family{
	newFamily[enqueue.Outcome]("enqueue", "enqueue.response"),
	newFamily[legacy.Outcome]("legacy", "legacy.enqueue.response"),
	newFamily[dequeue.Outcome]("dequeue", "dequeue.response"),
	newFamily[secrets.Outcome]("secrets feed", "secrets.feed_response"),
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
		assert.GreaterOrEqual(t, f.errTag(), byte(1), "%s: tag 0 is a bare outcome, which Decode and Encode take without asking the family", f.name)
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

var kept = response{outcome: 1, err: protoerr.Error{}}

func TestAnswerBareOutcomes(t *testing.T) {
	for _, f := range families {
		for tag := byte(0); tag < f.errTag(); tag++ {
			o := tag + 1
			got, ok := f.tag(o)
			require.True(t, ok, "%s %s", f.name, f.names[o])
			assert.Equal(t, tag, got, "%s %s", f.name, f.names[o])
			for _, src := range []string{string([]byte{tag}), string([]byte{tag}) + `trailing {bytes`} {
				a, err := f.decode([]byte(src), response{outcome: f.errTag() + 1, err: protoerr.New("k", "old")})
				require.NoError(t, err, "%s %q", f.name, src)
				assert.Equal(t, response{outcome: o}, a, "%s %q: a bare tag clears the error", f.name, src)
			}
			out, err := f.encode(encodetest.Dst(), response{outcome: o})
			require.NoError(t, err)
			assert.Equal(t, encodetest.Prefix+string([]byte{tag}), string(out), "%s %s", f.name, f.names[o])
			// Into a buffer with no room left, too (the slow path).
			out, err = f.encode(nil, response{outcome: o})
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
		out, err := f.encode(nil, response{outcome: errOutcome, err: protoerr.New(protoerr.KindProgram, "x")})
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
			before := response{outcome: e + 1, err: protoerr.New("k", "old")}
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
			a      response
			member string
			reason error
		}{
			{"unset", response{}, "outcome", wire.ErrUnset},
			{"unset with an error", response{err: stray}, "outcome", wire.ErrUnset},
			{f.names[noTag], response{outcome: noTag}, "outcome", wire.ErrUnknownValue},
			{"outcome 255", response{outcome: 255}, "outcome", wire.ErrUnknownValue},
			{"error with no value", response{outcome: errOutcome}, "error", wire.ErrNoValue},
		}
		for o := uint8(1); o < errOutcome; o++ {
			tests = append(tests, struct {
				name   string
				a      response
				member string
				reason error
			}{f.names[o] + " with an error", response{outcome: o, err: stray}, "error", protoerr.ErrNotCarried})
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
