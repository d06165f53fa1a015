package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/signal"
	"strings"
	"sync"
	"syscall"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/provider"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/trace"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

const sessionUsage = `usage:
  divergewire session -connect URL [-arguments JSON] [-secret NAME=JSON ...] [-message KEY=TEXT ...] [-show-secrets]

Dials the container proxy at URL (ws://HOST:PORT/), begins with the
arguments (default null), feeds the declared secrets (every declared name
needs a -secret; after each loop the rotating ones are fed again with the
values the program handed back, while messages wait), enqueues each
-message in the order given as one text block under its key, waits for
every fate and for the last loop to end, and prints the session as
divergewire decode prints a trace, then the checker's verdict: "verdict:
ok" or "verdict: violation line N: <rule>: <explanation>". Secret values
are <hidden> unless -show-secrets.

Exit status: 0 for a session that broke no rule and whose messages were
all delivered, 1 otherwise, 2 for a usage error.
`

// repeated is a flag that may be given many times.
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, " ") }
func (r *repeated) Set(s string) error { *r = append(*r, s); return nil }

// sessionCmd is the session subcommand.
func sessionCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("session")
	connect := fs.String("connect", "", "the proxy's URL, ws://HOST:PORT/")
	arguments := fs.String("arguments", "null", "the container's arguments, one JSON value")
	show := fs.Bool("show-secrets", false, "show secret values, which are <hidden> otherwise")
	var secretFlags, messageFlags repeated
	fs.Var(&secretFlags, "secret", "NAME=JSON: a declared secret's value (repeat for each)")
	fs.Var(&messageFlags, "message", "KEY=TEXT: a message to enqueue (repeat for each, in order)")
	if status, done := parse(fs, sessionUsage, args, stdout, stderr); done {
		return status
	}
	if fs.NArg() != 0 || *connect == "" {
		return badArgs(fs, sessionUsage, stderr)
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "divergewire session: "+format+"\n", a...)
		return exitUsage
	}
	var args0 wire.Raw
	if err := args0.DecodeJSON([]byte(*arguments)); err != nil {
		return fail("-arguments is not one JSON value")
	}
	given := map[string]wire.Raw{}
	for _, s := range secretFlags {
		name, value, ok := strings.Cut(s, "=")
		if !ok || name == "" {
			return fail("-secret wants NAME=JSON (the secret's name, then its value)")
		}
		var v wire.Raw
		if err := v.DecodeJSON([]byte(value)); err != nil {
			return fail("-secret %s: the value is not one JSON value", name)
		}
		given[name] = v
	}
	var msgs []enqueue.Request
	for _, m := range messageFlags {
		key, text, ok := strings.Cut(m, "=")
		if !ok {
			return fail("-message wants KEY=TEXT")
		}
		msgs = append(msgs, enqueue.Request{Key: key, Content: []mcpcontent.Block{&mcpcontent.Text{Text: text}}})
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	var log bytes.Buffer
	rec := trace.NewRecorder(&log, trace.WithChecking())
	watch := newLoopWatch(rec)
	c, err := provider.Dial(ctx, *connect, &provider.Options{Tap: watch})
	if err != nil {
		fmt.Fprintln(stderr, "divergewire session:", err)
		return 1
	}
	status := runSession(ctx, c, watch, args0, given, msgs, stderr)
	_ = c.Close()
	if status == exitUsage {
		return status
	}
	showArgs := []string{"-"}
	if *show {
		showArgs = []string{"-show-secrets", "-"}
	}
	if s := decode(showArgs, bytes.NewReader(log.Bytes()), stdout, stderr); s != exitOK && status == exitOK {
		status = 1
	}
	var v *session.Violation
	switch err := rec.Err(); {
	case err == nil:
		fmt.Fprintln(stdout, "verdict: ok")
	case errors.As(err, &v):
		fmt.Fprintf(stdout, "verdict: violation %s\n", sanitize(v.Error())) // "line N: <rule>: ..."
		status = 1
	default:
		fmt.Fprintln(stdout, "verdict: not recorded:", err)
		status = 1
	}
	return status
}

// runSession begins, feeds, enqueues and waits; it returns the exit status.
func runSession(ctx context.Context, c *provider.Client, watch *loopWatch, args wire.Raw, given map[string]wire.Raw, msgs []enqueue.Request, stderr io.Writer) int {
	b, err := c.Begin(ctx, args)
	if err != nil {
		fmt.Fprintln(stderr, "divergewire session: begin:", err)
		return 1
	}
	decl := b.Registered.Secrets
	values := secrets.NewValues()
	for name := range decl.All() {
		v, ok := given[name]
		if !ok {
			fmt.Fprintf(stderr, "divergewire session: the program declared %s: give it with -secret %s=JSON\n", name, name)
			return exitUsage
		}
		values.Set(name, v)
	}
	for name := range given {
		if _, ok := decl.Get(name); !ok {
			fmt.Fprintf(stderr, "divergewire session: -secret %s: the program did not declare it\n", name)
			return exitUsage
		}
	}
	status := exitOK
	var mu sync.Mutex
	remaining := len(msgs)
	feed := func() {
		mu.Lock()
		v := values.Clone()
		mu.Unlock()
		r, err := b.Feed(ctx, v)
		if err != nil || r.Outcome != secrets.Fed {
			fmt.Fprintf(stderr, "divergewire session: feed: %s %v\n", r.Outcome, errOrNil(err))
		}
	}
	var wg sync.WaitGroup
	readerDone := make(chan struct{})
	// The connection is closed, and every goroutine gone, before the
	// session is shown.
	defer func() {
		_ = c.Close()
		<-readerDone
		wg.Wait()
	}()
	if decl.Len() > 0 {
		feed()
	}
	// The main stream: after each Inactive, the rotating secrets handed
	// back replace those fed, and the feed goes again while messages wait.
	go func() {
		defer close(readerDone)
		for {
			r, err := b.Recv(ctx)
			if err != nil {
				watch.stop()
				return
			}
			in, ok := r.(*begin.Inactive)
			if !ok || decl.Len() == 0 {
				continue
			}
			mu.Lock()
			for name, v := range in.Values.All() {
				values.Set(name, v)
			}
			more := remaining > 0
			mu.Unlock()
			if more {
				wg.Go(feed)
			}
		}
	}()
	fates := make([]*provider.Fate, len(msgs))
	for i, m := range msgs {
		if fates[i], err = b.SendEnqueue(ctx, m); err != nil {
			fmt.Fprintln(stderr, "divergewire session: enqueue:", err)
			return 1
		}
	}
	for i, f := range fates {
		r, err := f.Wait(ctx)
		mu.Lock()
		remaining--
		mu.Unlock()
		if err != nil || r.Outcome != enqueue.Delivered {
			fmt.Fprintf(stderr, "divergewire session: message %d (%s): %s %v\n", i+1, msgs[i].Key, r.Outcome, errOrNil(err))
			status = 1
		}
	}
	watch.waitIdle(ctx)
	return status
}

func errOrNil(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// loopWatch is the session's Tap: it records, and follows whether a loop
// is open, in wire order.
type loopWatch struct {
	provider.Tap
	mu      sync.Mutex
	inLoop  bool
	stopped bool
	changed chan struct{}
}

func newLoopWatch(t provider.Tap) *loopWatch {
	return &loopWatch{Tap: t, changed: make(chan struct{}, 1)}
}

func (w *loopWatch) Main(p []byte) error {
	if len(p) > 0 {
		w.mu.Lock()
		switch p[0] {
		case 3:
			w.inLoop = true
		case 1, 4:
			w.inLoop = false
		}
		w.mu.Unlock()
		w.poke()
	}
	return w.Tap.Main(p)
}

func (w *loopWatch) MainFinish() error {
	w.stop()
	return w.Tap.MainFinish()
}

func (w *loopWatch) stop() {
	w.mu.Lock()
	w.stopped = true
	w.mu.Unlock()
	w.poke()
}

func (w *loopWatch) poke() {
	select {
	case w.changed <- struct{}{}:
	default:
	}
}

// waitIdle returns once no loop is open (or the begin ended, or ctx did).
func (w *loopWatch) waitIdle(ctx context.Context) {
	for {
		w.mu.Lock()
		idle := !w.inLoop || w.stopped
		w.mu.Unlock()
		if idle {
			return
		}
		select {
		case <-w.changed:
		case <-ctx.Done():
			return
		}
	}
}
