package begin_test

import (
	"testing"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/internal/tools/golden"
)

func TestGolden(t *testing.T) {
	t.Run("channel request", func(t *testing.T) {
		golden.Check(t, "begin.channel_request", func(payload []byte) ([]byte, error) {
			r, err := begin.DecodeChannelRequest(payload)
			if err != nil {
				return nil, err
			}
			return begin.EncodeChannelRequest(nil, r)
		})
	})
	t.Run("response", func(t *testing.T) {
		golden.Check(t, "begin.response", func(payload []byte) ([]byte, error) {
			r, err := begin.DecodeResponse(payload)
			if err != nil {
				return nil, err
			}
			return begin.EncodeResponse(nil, r)
		})
	})
	t.Run("registered", func(t *testing.T) {
		golden.CheckMethods(t, "begin.registered", (*begin.Registered).DecodeJSON, (*begin.Registered).EncodeJSON)
	})
	t.Run("postgres", func(t *testing.T) {
		golden.Check(t, "postgres.request", func(payload []byte) ([]byte, error) {
			var p begin.Postgres
			if err := p.DecodeConnID(payload); err != nil {
				return nil, err
			}
			return p.EncodeConnID(nil)
		})
	})
}
