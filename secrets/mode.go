package secrets

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Mode is how a program takes a secret: "fixed" or "rotating" on the wire.
// The zero Mode is unset, as every zero value in the SDK is: a declaration
// holding it does not encode (wire.ErrUnset).
type Mode uint8

const (
	// Fixed: read, never locked. At every activation the caller hands the
	// container one of the key's values and takes nothing back.
	Fixed Mode = iota + 1
	// Rotating: held and written back. At every activation the caller locks
	// one free value of the key's to the container; at the Inactive it writes
	// back what the program left in it and drops the lock.
	Rotating
)

// modeNames are the wire's names of the modes, Fixed first.
var modeNames = []string{"fixed", "rotating"}

// String is the mode as the wire spells it, or "unset".
func (m Mode) String() string { return codec.EnumName(m, []string{"unset", "fixed", "rotating"}) }

// readMode reads a mode as serde reads a unit enum straight from JSON:
// "fixed", or {"fixed":null}.
func readMode(d *serde.Decoder) (Mode, error) {
	i, err := d.UnitVariant(modeNames, false)
	if err != nil {
		return 0, err
	}
	return Fixed + Mode(i), nil
}

func (m Mode) append(w *serde.Writer) error {
	switch {
	case m == 0:
		return wire.ErrUnset
	case m > Rotating:
		return wire.ErrUnknownValue
	}
	w.Byte('"')
	w.Lit(modeNames[m-Fixed])
	w.Byte('"')
	return nil
}
