package begin

import (
	"strconv"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Postgres asks for the server's half of a database connection (tag 0),
// quoting the connection by the id the proxy's half gave it.
type Postgres struct {
	// ConnID is exactly four bytes, opaque: only the length is fixed.
	ConnID [4]byte
}

// PostgresError is a connection id that was not four bytes.
type PostgresError struct {
	Len int // how many bytes there were
}

// Error describes the failure without quoting any payload bytes.
func (e *PostgresError) Error() string {
	return "postgres connection id is " + strconv.Itoa(e.Len) + " bytes, not 4"
}

// DecodeConnID reads the request's body, the connection id without the tag
// (the postgres.request payload): exactly four bytes, else a *PostgresError
// and p is left as it was. A nil p is wire.ErrNil.
func (p *Postgres) DecodeConnID(src []byte) error {
	if p == nil {
		return wire.ErrNil
	}
	if len(src) != 4 {
		return &PostgresError{Len: len(src)}
	}
	p.ConnID = [4]byte(src)
	return nil
}

// AppendConnID appends the four id bytes alone, without the tag: the
// postgres.request payload. A nil p appends nothing.
func (p *Postgres) AppendConnID(dst []byte) []byte {
	if p == nil {
		return dst
	}
	return append(dst, p.ConnID[:]...)
}

// Tag is 0.
func (*Postgres) Tag() byte { return TagPostgres }

// Encode appends the channel request: tag 0 and the four id bytes. It
// fails, leaving dst as it was, with a *wire.EncodeError for a nil p
// (wire.ErrNil).
func (p *Postgres) Encode(dst []byte) ([]byte, error) {
	if p == nil {
		return dst, nilFrame()
	}
	return p.AppendConnID(append(dst, TagPostgres)), nil
}
