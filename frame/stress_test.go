package frame

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestManyStreams runs many scopes and channels at once between the two
// cores, both ways, with small queues: every answer arrives, in order, on
// its own stream (run it with -race).
func TestManyStreams(t *testing.T) {
	const scopes, channels, answers = 8, 4, 10
	each(t, func(t *testing.T, tr string) {
		var cc, sc *Conn
		if tr == "pipe" {
			cc, sc = Pipe()
		} else {
			cc, sc = wsPair(t)
		}
		opts := &Options{Depth: 2}
		srv, err := NewServer(context.Background(), sc, opts)
		require.NoError(t, err)
		cli, err := NewClient(context.Background(), cc, opts)
		require.NoError(t, err)

		// answer sends n numbered answers to r and finishes it.
		answer := func(r *Responder) error {
			for i := range answers {
				if err := r.Send(tctx(t), fmt.Appendf(nil, "%s/%d", r.Request(), i)); err != nil {
					return err
				}
			}
			return r.Finish(tctx(t))
		}
		// expect reads the answers of s to request.
		expect := func(s *Stream, request string) error {
			for i := range answers {
				p, err := s.Recv(tctx(t))
				if err != nil {
					return err
				}
				if want := fmt.Sprintf("%s/%d", request, i); string(p) != want {
					return fmt.Errorf("got %q, want %q", p, want)
				}
			}
			if _, err := s.Recv(tctx(t)); err != ErrFinished {
				return fmt.Errorf("%s: finish: %v", request, err)
			}
			return nil
		}

		var wg sync.WaitGroup
		errs := make(chan error, 4*scopes*(channels+1)+scopes)
		run := func(f func() error) {
			wg.Add(1)
			go func() { defer wg.Done(); errs <- f() }()
		}
		// The server: answers each scope's main stream and the client's
		// channels, opens channels of its own, then finishes the scope
		// once everything in it is done.
		run(func() error {
			for range scopes {
				scope, err := srv.Accept(tctx(t))
				if err != nil {
					return err
				}
				run(func() error {
					var inner sync.WaitGroup
					var first error
					var mu sync.Mutex
					do := func(f func() error) {
						inner.Add(1)
						go func() {
							defer inner.Done()
							if err := f(); err != nil {
								mu.Lock()
								first = err
								mu.Unlock()
							}
						}()
					}
					for range channels {
						do(func() error {
							r, err := scope.AcceptChannel(tctx(t))
							if err != nil {
								return err
							}
							return answer(r)
						})
						do(func() error {
							req := fmt.Sprintf("s%d", scope.Number())
							st, err := scope.OpenChannel(tctx(t), []byte(req))
							if err != nil {
								return err
							}
							return expect(st, req)
						})
					}
					for i := range answers {
						if err := scope.Send(tctx(t), fmt.Appendf(nil, "%s/%d", scope.Request(), i)); err != nil {
							return err
						}
					}
					inner.Wait()
					if first != nil {
						return first
					}
					return scope.Finish(tctx(t))
				})
			}
			return nil
		})
		// The client: opens the scopes, its channels, and answers the
		// server's.
		for i := range scopes {
			run(func() error {
				req := fmt.Sprintf("scope%d", i)
				scope, err := cli.Open(tctx(t), []byte(req))
				if err != nil {
					return err
				}
				for j := range channels {
					run(func() error {
						creq := fmt.Sprintf("%s.c%d", req, j)
						st, err := scope.OpenChannel(tctx(t), []byte(creq))
						if err != nil {
							return err
						}
						return expect(st, creq)
					})
					run(func() error {
						r, err := scope.AcceptChannel(tctx(t))
						if err != nil {
							return err
						}
						return answer(r)
					})
				}
				return expect(scope.Stream, req)
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			assert.NoError(t, err)
		}
		assert.Equal(t, Stats{}, cc.Stats())
		assert.Equal(t, Stats{}, sc.Stats())
		require.NoError(t, cli.Close())
		<-srv.Done()
		require.NoError(t, srv.Close())
	})
}
