package chunk

import (
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
)

// Logprob is one token's log probability, as the model reported it:
// {"token", "bytes", "logprob", "top_logprobs"}, every member written. The
// Rust side also accepts it as an array of those members in order.
type Logprob struct {
	Token string
	// Bytes are the token's UTF-8 bytes; nil is written null, an empty
	// non-nil slice [].
	Bytes []byte
	// Logprob is required.
	Logprob Decimal
	// TopLogprobs are the likeliest alternatives; required, and nil is
	// written [].
	TopLogprobs []TopLogprob
}

// TopLogprob is an alternative token: {"token", "bytes", "logprob"}, every
// member written, an absent one as null.
type TopLogprob struct {
	Token   string
	Bytes   []byte   // nil is written null
	Logprob *Decimal // nil is written null
}

var (
	logprobStruct = serde.Struct[Logprob]{Name: "Logprob", Checked: true, Fields: []serde.Field[Logprob]{
		{Name: "token", Read: func(d *serde.Decoder, l *Logprob) (err error) { l.Token, err = d.ReadString(); return err }},
		{Name: "bytes", Optional: true, Read: func(d *serde.Decoder, l *Logprob) (err error) { l.Bytes, err = readBytes(d); return err }},
		{Name: "logprob", Read: func(d *serde.Decoder, l *Logprob) (err error) { l.Logprob, err = readDecimal(d); return err }},
		{Name: "top_logprobs", Read: func(d *serde.Decoder, l *Logprob) (err error) {
			var few [fewLogprobs]TopLogprob
			l.TopLogprobs, err = codec.ReadStructs(d, few[:], &topLogprobStruct)
			return err
		}},
	}}
	topLogprobStruct = serde.Struct[TopLogprob]{Name: "TopLogprob", Checked: true, Fields: []serde.Field[TopLogprob]{
		{Name: "token", Read: func(d *serde.Decoder, t *TopLogprob) (err error) { t.Token, err = d.ReadString(); return err }},
		{Name: "bytes", Optional: true, Read: func(d *serde.Decoder, t *TopLogprob) (err error) { t.Bytes, err = readBytes(d); return err }},
		{Name: "logprob", Optional: true, Read: func(d *serde.Decoder, t *TopLogprob) error {
			if null, err := d.Null(); null || err != nil {
				return err
			}
			v, err := readDecimal(d)
			t.Logprob = &v
			return err
		}},
	}}
)

// readLogprobs reads the optional logprobs list: null is absent, [] an
// empty non-nil list.
func readLogprobs(d *serde.Decoder) ([]Logprob, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	var few [fewLogprobs]Logprob
	return codec.ReadStructs(d, few[:], &logprobStruct)
}

// fewLogprobs is how many entries of a list of log probabilities (or of
// alternatives) are read on the stack before the list moves to the heap.
const fewLogprobs = 4

// readBytes reads an optional list of bytes, each an integer 0 to 255:
// null is nil, [] an empty non-nil slice.
func readBytes(d *serde.Decoder) ([]byte, error) {
	if null, err := d.Null(); null || err != nil {
		return nil, err
	}
	out := []byte{}
	err := d.Array(func() error {
		n, err := d.ReadU64()
		if err != nil {
			return err
		}
		if n > 255 {
			return errByteRange
		}
		out = append(out, byte(n))
		return nil
	})
	return out, err
}

// appendLogprobs writes a logprobs list, a member of the chunk.
func appendLogprobs(w serde.Writer, ls []Logprob) (serde.Writer, error) {
	w.Byte('[')
	for i := range ls {
		if i > 0 {
			w.Byte(',')
		}
		l := &ls[i]
		if err := codec.WriteString(&w, `{"token":`, "token", l.Token); err != nil {
			return w, codec.ErrorAt(codec.IndexMember("", i), err)
		}
		w.Lit(`,"bytes":`)
		appendBytes(&w, l.Bytes)
		w.Lit(`,"logprob":`)
		w = appendDecimal(w, l.Logprob)
		w.Lit(`,"top_logprobs":[`)
		for j := range l.TopLogprobs {
			if j > 0 {
				w.Byte(',')
			}
			t := &l.TopLogprobs[j]
			if err := codec.WriteString(&w, `{"token":`, "token", t.Token); err != nil {
				return w, codec.ErrorAt(codec.IndexMember("", i)+"."+codec.IndexMember("top_logprobs", j), err)
			}
			w.Lit(`,"bytes":`)
			appendBytes(&w, t.Bytes)
			w.Lit(`,"logprob":`)
			if t.Logprob == nil {
				w.Lit("null")
			} else {
				w = appendDecimal(w, *t.Logprob)
			}
			w.Byte('}')
		}
		w.Lit(`]}`)
	}
	w.Byte(']')
	return w, nil
}

// appendBytes writes an optional list of bytes: nil is null.
func appendBytes(w *serde.Writer, b []byte) {
	if b == nil {
		w.Lit("null")
		return
	}
	w.Byte('[')
	for i, c := range b {
		if i > 0 {
			w.Byte(',')
		}
		w.U64(uint64(c))
	}
	w.Byte(']')
}
