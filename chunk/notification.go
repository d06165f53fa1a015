package chunk

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Notification is news from the agent's server about the loop
// ("notification"): {"type", "is_fatal", "message", "_meta"?}. A failing
// loop says so in a fatal one before its Inactive. The Rust side also
// accepts it as an array of those members in order.
type Notification struct {
	// IsFatal says the loop ends with it.
	IsFatal bool
	// Message is any JSON value, null included, and required: the zero
	// Raw is no message, which EncodeJSON refuses (wire.ErrNoValue).
	Message wire.Raw
	Meta    wire.Object // the zero Object: absent
}

var notificationStruct = serde.Struct[Notification]{Name: "NotificationChunk", Checked: true, Fields: []serde.Field[Notification]{
	{Name: "is_fatal", Read: func(d *serde.Decoder, n *Notification) (err error) { n.IsFatal, err = d.ReadBool(); return err }},
	{Name: "message", Read: func(d *serde.Decoder, n *Notification) error {
		v, err := d.Value()
		n.Message = wire.Raw(v)
		return err
	}},
	{Name: "_meta", Optional: true, Default: true, Read: func(d *serde.Decoder, n *Notification) (err error) {
		n.Meta, err = codec.ReadMeta(d)
		return err
	}},
}}

func (*Notification) isChunk() {}

// Type is "notification".
func (*Notification) Type() string { return types[kindNotification] }

// EncodeJSON appends the chunk's JSON; see the package's EncodeJSON.
func (n *Notification) EncodeJSON(dst []byte) ([]byte, error) {
	if n == nil {
		return dst, nilChunk()
	}
	if n.Message.IsZero() {
		return dst, codec.ErrorAt("message", wire.ErrNoValue)
	}
	w := head(dst, kindNotification)
	if n.IsFatal {
		w.Lit(`,"is_fatal":true,"message":`)
	} else {
		w.Lit(`,"is_fatal":false,"message":`)
	}
	if err := w.Value(serde.Raw(n.Message), 1); err != nil {
		return dst, codec.ErrorAt("message", err)
	}
	if err := writeMeta(&w, n.Meta); err != nil {
		return dst, err
	}
	w.Byte('}')
	return w, nil
}
