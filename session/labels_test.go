package session

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckerLabels: the label rules, which a Checker tests before it
// reads a payload.
func TestCheckerLabels(t *testing.T) {
	m := func(scope, p string) Event { return Event{Stream: MainStream, Scope: scope, Payload: []byte(p)} }
	ch := func(id, scope, p string) Event { return Event{Stream: id, Scope: scope, Payload: []byte(p)} }
	req := ScopeBeginChannelRequest
	resp := ScopeBeginResponse
	tests := []struct {
		name   string
		rule   Rule // "" keeps every rule
		events []Event
	}{
		{"enqueue answer on main", RuleMainScope, []Event{m(ScopeEnqueueResponse, "\x00")}},
		{"keep: begin.response on main", "", []Event{m(resp, begunNone), ch("e1", req, enqueueReq), m(resp, active)}},
		{"after the finish, after-finish comes first", RuleMainAfterFinish,
			[]Event{m(resp, begunNone), {Stream: MainStream, Finish: true}, m(ScopeEnqueueResponse, "\x00")}},
		{"answer labelled first", RuleChannelRequestFirst, []Event{m(resp, begunNone), ch("e1", ScopeEnqueueResponse, "\x00")}},
		{"dequeue answer on an enqueue channel", RuleChannelAnswerFamily,
			[]Event{m(resp, begunNone), ch("e1", req, enqueueReq), ch("e1", ScopeDequeueResponse, "\x01")}},
		{"feed answer on a dequeue channel", RuleChannelAnswerFamily,
			[]Event{m(resp, begunNone), ch("d1", req, dequeueReq), ch("d1", ScopeSecretsFeedResponse, "\x00")}},
		{"enqueue answer on an info channel", RuleChannelAnswerFamily,
			[]Event{m(resp, begunNone), ch("i1", req, infoReq), ch("i1", ScopeEnqueueResponse, "\x00")}},
		{"a second request", RuleChannelAnswerFamily,
			[]Event{m(resp, begunNone), ch("e1", req, enqueueReq), ch("e1", req, enqueueReq)}},
		{"keep: each family", "", []Event{m(resp, begunNone),
			ch("e1", req, enqueueReq), ch("e1", ScopeEnqueueResponse, "\x02"+`{"message":"no"}`),
			ch("d1", req, dequeueReq), ch("d1", ScopeDequeueResponse, "\x01"),
			ch("f1", req, "\x04{}"), ch("f1", ScopeSecretsFeedResponse, "\x00"),
			ch("i1", req, infoReq), ch("i1", ScopeOpaque, "# notes"),
			ch("p1", req, postgresReq), ch("p1", ScopeOpaque, "R")}},
		{"an answer after the finish is after-finish", RuleChannelAfterFinish, []Event{m(resp, begunNone),
			ch("e1", req, enqueueReq), {Stream: "e1", Finish: true}, ch("e1", ScopeEnqueueResponse, "\x00")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c Checker
			for i, ev := range tt.events {
				err := c.Check(ev)
				if i < len(tt.events)-1 || tt.rule == "" {
					require.NoError(t, err, "event %d", i)
					continue
				}
				var v *Violation
				require.ErrorAs(t, err, &v)
				assert.Equal(t, tt.rule, v.Rule, v.Error())
				assert.Equal(t, ev.Stream, v.Event.Stream)
				assert.Nil(t, v.Event.Payload, "a Violation holds no payload")
				assert.Same(t, err, c.Check(Event{Stream: MainStream, Finish: true}), "the violation sticks")
				assert.Same(t, err, c.Err())
			}
		})
	}
}

// TestLabelNeverShowsPayload: a label that is no scope is quoted only when
// short; a long one, which could be payload hex, is not shown.
func TestLabelNeverShowsPayload(t *testing.T) {
	long := "7b22746f6b656e223a22736b5f6c6976655f4d41524b4552227d"
	tests := []struct {
		label, want, never string
	}{
		{ScopeEnqueueResponse, `labelled "enqueue.response"`, ""},
		{"nope", `labelled "nope"`, ""},
		{long, "labelled a label that is no scope", long},
	}
	for _, tt := range tests {
		var c Checker
		err := c.Check(Event{Stream: MainStream, Scope: tt.label, Payload: []byte(begunNone)})
		require.Error(t, err)
		assert.Contains(t, err.Error(), tt.want)
		if tt.never != "" {
			assert.NotContains(t, err.Error(), tt.never)
		}
	}
}
