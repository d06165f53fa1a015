package queue_test

import (
	"context"
	"fmt"
	"sync"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/queue"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

// serve is a proxy's handler for one channel of a begin: the channel
// request's payload in; the answer's payload, if any, out on the returned
// channel, which closes at the channel's finish.
func serve(q *queue.Queue, payload []byte) <-chan []byte {
	out := make(chan []byte, 1)
	answer := func(frame []byte, err error) {
		if err == nil {
			out <- frame
		}
		close(out)
	}
	req, err := begin.DecodeChannelRequest(payload)
	if err != nil {
		close(out) // malformed: a finish with no answer
		return out
	}
	switch r := req.(type) {
	case *begin.Enqueue:
		t, err := q.Submit(r.Request)
		if err != nil {
			close(out) // the proxy is ending: not served
			return out
		}
		go func() {
			// A real proxy waits with the channel's context: if the server
			// goes away, a message still waiting is withdrawn unanswered.
			resp, err := t.Wait(context.Background())
			if err != nil {
				answer(nil, err)
				return
			}
			answer(resp.Encode(nil))
		}()
	case *begin.Dequeue:
		resp := q.Dequeue(r.Request.Key)
		answer(resp.Encode(nil))
	case *begin.Secrets:
		// Here the proxy hands r.Values to the program (POST /secrets);
		// once it has taken them, the gate opens.
		q.Fed()
		answer((&secrets.FeedResponse{Outcome: secrets.Fed}).Encode(nil))
	default:
		close(out)
	}
	return out
}

// program stands in for the proxy's agent runner, which would POST /run to
// the agent's server and read its event stream. It refuses images.
type program struct {
	mu   sync.Mutex
	loop *queue.Loop
}

func (p *program) StartLoop(_ context.Context, l *queue.Loop, msgs []enqueue.Request) ([]error, error) {
	fmt.Println("program: a loop starts on", keys(msgs))
	p.mu.Lock()
	p.loop = l
	p.mu.Unlock()
	return refuseImages(msgs), nil
}

func (p *program) Offer(_ context.Context, _ *queue.Loop, msgs []enqueue.Request) []error {
	fmt.Println("program: at a seam, offered", keys(msgs))
	return refuseImages(msgs)
}

// seam is the agent between two tool calls, asking for what waits.
func (p *program) seam() {
	p.mu.Lock()
	l := p.loop
	p.mu.Unlock()
	l.Seam(context.Background())
}

// end is the loop's event stream ending: End, then the Inactive frame.
func (p *program) end() {
	p.mu.Lock()
	l := p.loop
	p.mu.Unlock()
	l.End()
	fmt.Println("main stream: Inactive")
}

func refuseImages(msgs []enqueue.Request) []error {
	refused := make([]error, len(msgs))
	for i, m := range msgs {
		for _, b := range m.Content {
			if b.Type() == "image" {
				refused[i] = protoerr.New(protoerr.KindProgram, "images are not accepted")
			}
		}
	}
	return refused
}

func keys(msgs []enqueue.Request) []string {
	ks := make([]string, len(msgs))
	for i, m := range msgs {
		ks[i] = m.Key
	}
	return ks
}

func enqueuePayload(key, block string) []byte {
	return []byte("\x02" + `{"key":"` + key + `","content":[` + block + `]}`)
}

func show(name string, answer <-chan []byte) {
	frame, ok := <-answer
	if !ok {
		fmt.Println(name+":", "finish, no answer")
		return
	}
	fmt.Printf("%s: %q\n", name, frame)
}

// A proxy wires its channels and its agent runner through the queue.
func Example() {
	p := &program{}
	q := queue.New(p)
	defer q.Close()

	// Begun is sent; the program declared a secret, so nothing is delivered
	// until the secrets are fed.
	decl := secrets.NewDeclaration()
	decl.Set("token", secrets.Fixed)
	q.Begun(decl)
	text := `{"type":"text","text":"Summarise the report"}`
	alice := serve(q, enqueuePayload("alice", text))
	fmt.Println("before the feed, waiting:", q.Waiting())
	feed := serve(q, []byte("\x04"+`{"token":"t-1"}`)) // Fed: alice starts a loop
	show("alice", alice)
	show("secrets", feed)

	// While the loop runs, messages wait for the agent's next seam.
	bob := serve(q, enqueuePayload("bob", text))
	carol := serve(q, enqueuePayload("carol", `{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}`))
	dave := serve(q, enqueuePayload("dave", text))
	show("dequeue dave", serve(q, []byte("\x03"+`{"key":"dave"}`)))
	show("dave", dave)
	p.seam()
	show("bob", bob)
	show("carol", carol)

	// The loop ends; the gate closes until the next feed.
	p.end()
	erin := serve(q, enqueuePayload("erin", text))
	fmt.Println("after the loop, waiting:", q.Waiting())
	feed = serve(q, []byte("\x04"+`{"token":"t-2"}`))
	show("erin", erin)
	show("secrets", feed)

	// Output:
	// before the feed, waiting: 1
	// program: a loop starts on [alice]
	// alice: "\x00"
	// secrets: "\x00"
	// dequeue dave: "\x00"
	// dave: "\x01"
	// program: at a seam, offered [bob carol]
	// bob: "\x00"
	// carol: "\x02{\"kind\":\"program\",\"error\":\"images are not accepted\"}"
	// main stream: Inactive
	// after the loop, waiting: 1
	// program: a loop starts on [erin]
	// erin: "\x00"
	// secrets: "\x00"
}
