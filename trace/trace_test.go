package trace

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/session"
)

const tracesDir = "../testdata/traces"

// TestRoundTrip: every trace in testdata, read by a Reader and written back
// by a Writer, gives the same bytes.
func TestRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(tracesDir, "*.trace"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			in, err := os.ReadFile(file)
			require.NoError(t, err)
			assert.Equal(t, in, roundTrip(t, in))
		})
	}
}

func roundTrip(t *testing.T, in []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	r, w := NewReader(bytes.NewReader(in)), NewWriter(&out)
	for {
		l, err := r.Next()
		if err == io.EOF {
			return out.Bytes()
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			require.NoError(t, err)
		}
		require.NoError(t, w.WriteLine(l))
	}
}

// TestRoundTripOddLines: tabs, CRLF, upper-case hex, a malformed line and a
// last line with no newline come back as they were.
func TestRoundTripOddLines(t *testing.T) {
	for _, in := range []string{
		"# c\r\n\r\nmain\tbegin.response\t007B7D\r\nmain finish",
		"  \n#x\nmain begin.response\nmain finish\n\n",
		"",
		"\n",
	} {
		assert.Equal(t, in, string(roundTrip(t, []byte(in))))
	}
}

// TestReader: lines keep their numbers; events parse; comments and blanks
// have no event.
func TestReader(t *testing.T) {
	r := NewReader(strings.NewReader("# hi\n\nmain begin.response 03\nc1 opaque -\nc1 finish\n"))
	var got []string
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch {
		case l.Event == nil:
			got = append(got, fmt.Sprintf("%d -", l.Number))
		case l.Event.Finish:
			got = append(got, fmt.Sprintf("%d %s finish", l.Number, l.Event.Stream))
		default:
			got = append(got, fmt.Sprintf("%d %s %s %x", l.Number, l.Event.Stream, l.Event.Scope, l.Event.Payload))
		}
	}
	assert.Equal(t, []string{"1 -", "2 -", "3 main begin.response 03", "4 c1 opaque ", "5 c1 finish"}, got)
}

// TestSyntaxErrorsShowNoPayload: no message of a malformed line quotes the
// payload, whatever field it landed in.
func TestSyntaxErrorsShowNoPayload(t *testing.T) {
	secret := fmt.Sprintf("%x", []byte("\x04"+`{"token":"SECRET_VALUE_42"}`))
	tests := []struct{ line, want string }{
		{"f1 " + secret + " begin.channel_request", "fields out of order"},
		{"f1 begin.channel_request " + secret + "z", "bad hex"},
		{"f1 begin.channel_request " + secret + "0", "bad hex: an odd number"},
		{"f1 " + secret, "expected"},
		{"f1 begin.channel_request " + secret + " extra", "expected"},
		{"f1 " + secret + " " + secret, "the second field is not a scope"},
		{"f1 begin.nope 00", `unknown scope "begin.nope"`},
	}
	for _, tt := range tests {
		_, err := NewReader(strings.NewReader(tt.line + "\n")).Next()
		var se *SyntaxError
		require.ErrorAs(t, err, &se, tt.line)
		assert.Contains(t, se.Error(), tt.want)
		assert.NotContains(t, se.Error(), secret[:12])
		assert.NotContains(t, se.Error(), "SECRET")
		assert.Equal(t, 1, se.Line)
	}
}

// TestWriteEvent: the canonical form, and what a line cannot carry.
func TestWriteEvent(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	require.NoError(t, w.WriteComment("a session"))
	require.NoError(t, w.WriteEvent(session.Event{Stream: session.MainStream, Scope: session.ScopeBeginResponse, Payload: []byte{0, '{', '}'}}))
	require.NoError(t, w.WriteEvent(session.Event{Stream: "c1", Scope: session.ScopeOpaque}))
	require.NoError(t, w.WriteEvent(session.Event{Stream: "c1", Finish: true}))
	assert.Equal(t, "# a session\nmain begin.response 007b7d\nc1 opaque -\nc1 finish\n", b.String())
	assert.Error(t, w.WriteEvent(session.Event{Stream: "a b", Finish: true}))
	assert.Error(t, w.WriteEvent(session.Event{Stream: "", Finish: true}))
	assert.Error(t, w.WriteEvent(session.Event{Stream: "c", Scope: "nope"}))
	assert.Error(t, w.WriteComment("two\nlines"))
}

// Payloads.
var (
	begun      = []byte("\x00{}")
	active     = []byte{3}
	inactive   = []byte("\x04{}")
	enqueueReq = []byte("\x02" + `{"key":"k1","content":[{"type":"text","text":"hi"}]}`)
	dequeueReq = []byte("\x03" + `{"key":"k1"}`)
	infoReq    = []byte{1}
	postgres   = []byte{0, 1, 2, 3, 4}
)

// TestCheck: the verdict and line of a whole trace; a malformed line wins
// over a violation.
func TestCheck(t *testing.T) {
	err := Check(NewReader(strings.NewReader("main begin.response 007b7d\n# c\nmain begin.response 027b2274797065223a227573616765222c22636f6d706c6574696f6e5f746f6b656e73223a312c2270726f6d70745f746f6b656e73223a322c22746f74616c5f746f6b656e73223a337d\n")))
	var v *session.Violation
	require.ErrorAs(t, err, &v)
	assert.Equal(t, 3, v.Line)
	assert.Equal(t, session.RuleChunkOutsideLoop, v.Rule)
	assert.True(t, strings.HasPrefix(v.Error(), "line 3: main.chunk-outside-loop: main Chunk: "), v.Error())

	err = Check(NewReader(strings.NewReader("main begin.response 03\nmain oops\n")))
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 2, se.Line)

	require.NoError(t, Check(NewReader(strings.NewReader("main begin.response 007b7d\nmain finish\n"))))
}

// TestRecorderLive: a Recorder with WithChecking reports the first violation
// from the call that made it, through WithViolationFunc and Err, while goroutines
// record channels at once; the trace it writes checks the same.
func TestRecorderLive(t *testing.T) {
	var out bytes.Buffer
	var seen []*session.Violation
	rec := NewRecorder(&out, WithViolationFunc(func(v *session.Violation) { seen = append(seen, v) }))
	require.NoError(t, rec.Main(begun))
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			id := fmt.Sprintf("i%d", i)
			assert.NoError(t, rec.Channel(id, infoReq))
			assert.NoError(t, rec.Channel(id, []byte("# notes")))
			assert.NoError(t, rec.ChannelFinish(id))
		})
	}
	wg.Wait()
	require.NoError(t, rec.Err())
	require.NoError(t, rec.Channel("e1", enqueueReq))
	err := rec.Channel("e1", []byte{0}) // Delivered, and no loop ever ran
	var v *session.Violation
	require.ErrorAs(t, err, &v)
	assert.Equal(t, session.RuleDeliveredLoop, v.Rule)
	assert.Equal(t, 153, v.Line)
	assert.Equal(t, []*session.Violation{v}, seen)
	assert.Same(t, v, rec.Err())
	require.NoError(t, rec.ChannelFinish("e1"), "recording goes on")
	require.NoError(t, rec.MainFinish())

	again := Check(NewReader(bytes.NewReader(out.Bytes())))
	var v2 *session.Violation
	require.ErrorAs(t, again, &v2)
	assert.Equal(t, v.Line, v2.Line)
	assert.Equal(t, v.Rule, v2.Rule)
}

// TestRecorderLabels: the Recorder labels answers by their request's family,
// and writes the trace format without checking unless asked.
func TestRecorderLabels(t *testing.T) {
	var out bytes.Buffer
	rec := NewRecorder(&out)
	require.NoError(t, rec.Main(begun))
	require.NoError(t, rec.Channel("e1", enqueueReq))
	require.NoError(t, rec.Main(active))
	require.NoError(t, rec.Channel("e1", []byte{0}))
	require.NoError(t, rec.ChannelFinish("e1"))
	require.NoError(t, rec.Channel("d1", dequeueReq))
	require.NoError(t, rec.Channel("d1", []byte{1}))
	require.NoError(t, rec.Channel("p1", postgres))
	require.NoError(t, rec.Channel("p1", []byte("R")))
	require.NoError(t, rec.Main(inactive))
	require.NoError(t, rec.Channel("x", []byte{9}))
	require.NoError(t, rec.Channel("x", []byte{0}), "not checked")
	require.NoError(t, rec.MainFinish())
	assert.Error(t, rec.Channel("main", infoReq))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var scopes []string
	for _, l := range lines {
		scopes = append(scopes, strings.Fields(l)[1])
	}
	assert.Equal(t, []string{"begin.response", "begin.channel_request", "begin.response", "enqueue.response", "finish",
		"begin.channel_request", "dequeue.response", "begin.channel_request", "opaque", "begin.response",
		"begin.channel_request", "opaque", "finish"}, scopes)
	assert.NoError(t, rec.Err())
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRecorderWriteError(t *testing.T) {
	rec := NewRecorder(failWriter{}, WithChecking())
	assert.EqualError(t, rec.Main(begun), "disk full")
	assert.EqualError(t, rec.Err(), "disk full")
}
