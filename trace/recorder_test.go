package trace

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/session"
)

// readBack is every event of a trace, read by a Reader; a line that does not
// parse fails the test.
func readBack(t *testing.T, trace []byte) []session.Event {
	t.Helper()
	var out []session.Event
	r := NewReader(bytes.NewReader(trace))
	for {
		l, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		require.NoError(t, err)
		require.NotNil(t, l.Event, "line %d is no event", l.Number)
		out = append(out, *l.Event)
	}
}

// idReadsBack reports whether a Reader reads the line "<id> finish" back as
// the finish of the channel id: the ids a Recorder must accept.
func idReadsBack(id string) bool {
	l, err := NewReader(strings.NewReader(id + " finish\n")).Next()
	return err == nil && l.Event != nil && l.Event.Finish && l.Event.Stream == id && !l.Event.OnMain()
}

// show is an event as a comparable string (an empty payload may be nil or
// not).
func show(ev session.Event) string {
	return fmt.Sprintf("%q finish=%v %s %x", ev.Stream, ev.Finish, ev.Scope, ev.Payload)
}

func showAll(evs []session.Event) []string {
	out := make([]string, len(evs))
	for i, ev := range evs {
		out[i] = show(ev)
	}
	return out
}

// TestRecorderChannelIDs: the Recorder refuses, with ErrChannelID and
// without recording anything, exactly the ids its Reader would not read
// back as the same id (U+00A0, U+0085, U+2028, U+3000 among them, which the
// Reader splits fields at), and records the others so that they read back.
func TestRecorderChannelIDs(t *testing.T) {
	tests := []struct {
		id   string
		want string // the reason, "" for an id recorded
	}{
		{"c1", ""},
		{"é-ü", ""},
		{"x\u200bz", ""}, // a zero-width space is no white space
		{"\xff\xa0", ""}, // bytes that are not UTF-8 split nothing
		{"a#", ""},
		{"finish", ""},
		{"a\u00a0b", "U+00A0"},
		{"a\u0085b", "U+0085"},
		{"a\u2028b", "U+2028"},
		{"\u3000", "U+3000"},
		{"a\u2029", "U+2029"},
		{"a b", "U+0020"},
		{"a\tb", "U+0009"},
		{"a\r", "U+000D"},
		{"a\nb", "U+000A"},
		{"main", `"main"`},
		{"", "empty"},
		{"#c", "comment"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.id), func(t *testing.T) {
			assert.Equal(t, tt.want == "", idReadsBack(tt.id), "the test's expectation disagrees with the Reader")
			var out bytes.Buffer
			rec := NewRecorder(&out, WithChecking())
			require.NoError(t, rec.Main(begun))
			errReq := rec.Channel(tt.id, infoReq)
			errFinish := rec.ChannelFinish(tt.id)
			require.NoError(t, rec.MainFinish())
			require.NoError(t, rec.Err(), "a refused id does not stop the Recorder")
			if tt.want != "" {
				for _, err := range []error{errReq, errFinish} {
					require.ErrorIs(t, err, ErrChannelID)
					assert.Contains(t, err.Error(), tt.want)
				}
				assert.Equal(t, []string{show(session.Event{Stream: session.MainStream, Scope: session.ScopeBeginResponse, Payload: begun}), show(session.Event{Stream: session.MainStream, Finish: true})},
					showAll(readBack(t, out.Bytes())), "nothing of the refused id is recorded")
				return
			}
			require.NoError(t, errReq)
			require.NoError(t, errFinish)
			assert.Equal(t, showAll([]session.Event{
				{Stream: session.MainStream, Scope: session.ScopeBeginResponse, Payload: begun},
				{Stream: tt.id, Scope: session.ScopeBeginChannelRequest, Payload: infoReq},
				{Stream: tt.id, Finish: true},
				{Stream: session.MainStream, Finish: true},
			}), showAll(readBack(t, out.Bytes())))
		})
	}
}

// recorderOps encodes calls for FuzzRecorderReadsBack: per call an op byte
// (0 Main, 1 MainFinish, 2 Channel, 3 ChannelFinish), the id's length and
// bytes, the payload's length and bytes.
func recorderOps(calls ...any) []byte {
	var b []byte
	for i := 0; i+2 < len(calls); i += 3 {
		id, payload := calls[i+1].(string), calls[i+2].(string)
		b = append(b, byte(calls[i].(int)), byte(len(id)))
		b = append(b, id...)
		b = append(b, byte(len(payload)))
		b = append(b, payload...)
	}
	return b
}

// FuzzRecorderReadsBack: whatever ids and payloads a Recorder is given, the
// trace it writes reads back, by its Reader, as exactly the calls it
// accepted; it refuses a call with ErrChannelID exactly when the Reader
// would not read the id back.
func FuzzRecorderReadsBack(f *testing.F) {
	f.Add(false, recorderOps(0, "", "\x00{}", 2, "c1", "\x01", 2, "c1", "# notes", 3, "c1", "", 1, "", ""))
	for _, id := range []string{"a\u00a0b", "a\u0085b", "a\u2028b", "a\u3000b", "\u2029", "a b", "main", "#x", "", "\xff", "x\u200b"} {
		f.Add(true, recorderOps(0, "", "\x00{}", 2, id, "\x02"+`{"key":"k","content":[]}`, 2, id, "\x00", 3, id, "", 1, "", ""))
	}
	f.Add(true, recorderOps(0, "", "\x00{}", 2, "d\u00a0", "\x03{\"key\":\"k\"}", 2, "d", "\x03{\"key\":\"k\"}", 2, "d", "\x01", 3, "d", ""))
	f.Fuzz(func(t *testing.T, check bool, data []byte) {
		var out bytes.Buffer
		var opts []Option
		if check {
			opts = append(opts, WithChecking())
		}
		rec := NewRecorder(&out, opts...)
		take := func() []byte {
			if len(data) == 0 {
				return nil
			}
			n := min(int(data[0]), len(data)-1)
			b := data[1 : 1+n]
			data = data[1+n:]
			return b
		}
		var want []session.Event
		answers := map[string]string{} // the model of what the Recorder labels
		for len(data) > 0 {
			op := data[0] % 4
			data = data[1:]
			id, payload := string(take()), take()
			var err error
			var ev session.Event
			switch op {
			case 0:
				err, ev = rec.Main(payload), session.Event{Stream: session.MainStream, Scope: session.ScopeBeginResponse, Payload: payload}
			case 1:
				err, ev = rec.MainFinish(), session.Event{Stream: session.MainStream, Finish: true}
			case 2:
				err, ev = rec.Channel(id, payload), session.Event{Stream: id, Scope: answers[id], Payload: payload}
			case 3:
				err, ev = rec.ChannelFinish(id), session.Event{Stream: id, Finish: true}
			}
			if op >= 2 {
				require.Equal(t, !idReadsBack(id), errors.Is(err, ErrChannelID), "id %q: refused if and only if it does not read back", id)
				if errors.Is(err, ErrChannelID) {
					continue
				}
			}
			var v *session.Violation
			if err != nil {
				require.ErrorAs(t, err, &v, "only a violation, when checking")
				require.True(t, check)
			}
			switch {
			case op == 2 && ev.Scope == "":
				ev.Scope = session.ScopeBeginChannelRequest
				answers[id] = answerScope(payload)
			case op == 3:
				delete(answers, id)
			}
			want = append(want, ev)
		}
		assert.Equal(t, showAll(want), showAll(readBack(t, out.Bytes())))
	})
}
