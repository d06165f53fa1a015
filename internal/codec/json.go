package codec

import (
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Ended is err, what reading one whole document at d failed with, or when
// it is nil, d's check that nothing but whitespace follows the document
// (serde_json's end of document). The caller turns a failure into the error
// users see with JSON.
func Ended(d *serde.Decoder, err error) error {
	if err == nil {
		err = d.End()
	}
	return err
}

// WriteString writes lit, a member's name (or an object's opening and its
// first member's name), then s as a JSON string. A string that is not
// UTF-8 is a *wire.EncodeError at member, and w may hold part of what was
// written: the caller returns its own dst.
func WriteString(w *serde.Writer, lit, member, s string) error {
	w.Lit(lit)
	if err := w.String(s); err != nil {
		return ErrorAt(member, err)
	}
	return nil
}

// AppendStringObject appends the object of one string member, s, to dst;
// lit is its opening and the member's name, such as `{"key":`. It fails as
// WriteString does, leaving dst as it was.
func AppendStringObject(dst []byte, lit, member, s string) ([]byte, error) {
	w := serde.Writer(dst)
	if err := WriteString(&w, lit, member, s); err != nil {
		return dst, err
	}
	w.Byte('}')
	return w, nil
}

// ReadMeta reads an optional _meta object at d's cursor: null is absent,
// the zero Object.
func ReadMeta(d *serde.Decoder) (wire.Object, error) {
	if null, err := d.Null(); null || err != nil {
		return wire.Object{}, err
	}
	o, err := d.Object()
	return wire.Object(o), err
}

// ReadStructs reads an array of s's structs at d's cursor into few, the
// caller's array on its stack, and returns them in a slice of their own
// length (an empty non-nil one for []); a longer list is the one
// serde.ReadList grew.
func ReadStructs[T any](d *serde.Decoder, few []T, s *serde.Struct[T]) ([]T, error) {
	many, n, err := serde.ReadList(d, few, func() (v T, err error) {
		err = serde.ReadStruct(d, s, &v)
		return v, err
	})
	switch {
	case err != nil:
		return nil, err
	case many != nil:
		return many, nil
	}
	out := make([]T, n)
	copy(out, few)
	return out, nil
}

// CopyValue reads src, one whole JSON document of any kind (whitespace
// around it allowed), as serde_json reads a Value, and returns a copy of it
// in serde_json's form, not aliasing src: the value of an errors.Error,
// which outlives the buffer its frame came in. A failure is the JSON
// engine's error (see JSON).
func CopyValue(src []byte) (wire.Raw, error) {
	d := serde.NewDecoder(src)
	v, err := d.Value()
	if err = Ended(&d, err); err != nil {
		return wire.Raw{}, err
	}
	b := v.Bytes()
	return wire.Raw(serde.RawOf(append(make([]byte, 0, len(b)), b...))), nil
}
