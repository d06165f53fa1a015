package begin

import (
	"encoding/binary"
	"strconv"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Postgres asks for the server's half of a database connection (tag 0),
// quoting the connection by the id the proxy's half gave it.
type Postgres struct {
	// ConnID is the connection's id, the crates' u32 connection_id: four
	// bytes on the wire, big-endian.
	ConnID uint32
}

// PostgresError is a connection request whose id was not four bytes.
type PostgresError struct {
	Len int // how many bytes there were
}

// Error describes the failure without quoting any payload bytes, in the
// crates' words.
func (e *PostgresError) Error() string {
	return "postgres connection request is " + strconv.Itoa(e.Len) + " bytes, not 4"
}

// DecodeConnID reads the request's body, the connection id without the tag
// (the postgres.request payload): exactly four bytes, big-endian, else a
// *PostgresError and p is left as it was. A nil p is wire.ErrNil.
func (p *Postgres) DecodeConnID(src []byte) error {
	if p == nil {
		return wire.ErrNil
	}
	if len(src) != 4 {
		return &PostgresError{Len: len(src)}
	}
	p.ConnID = binary.BigEndian.Uint32(src)
	return nil
}

// EncodeConnID appends the connection id alone, four bytes big-endian,
// without the tag: the postgres.request payload, which DecodeConnID reads.
// A nil p is a *wire.EncodeError with wire.ErrNil, and dst as it was.
func (p *Postgres) EncodeConnID(dst []byte) ([]byte, error) {
	if p == nil {
		return dst, nilFrame()
	}
	return binary.BigEndian.AppendUint32(dst, p.ConnID), nil
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
	return encodeAfter(dst, TagPostgres, p.EncodeConnID)
}
