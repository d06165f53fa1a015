package secrets

import (
	"bytes"
	"hash/maphash"
	"iter"
	"sync"
	"sync/atomic"

	orderedmap "github.com/wk8/go-ordered-map/v2"

	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/internal/serde"
)

// entries is what a Values or a Declaration refers to: names to values, in
// order. A decoded one holds its members as a list (the names cut from one
// string, the values aliasing the payload), so decoding costs the same few
// allocations however many members there are; wk8's ordered map is built
// from the list at the first lookup or change, and is the only truth from
// then on. A relay that decodes and re-encodes never builds it.
//
// Reads from several goroutines at once are safe, as they are on a Go map
// (the first lookup builds the map under a lock); a change needs the same
// care as a change to a Go map.
type entries[V any] struct {
	list  []member[V] // the decoded members; never changed, ignored once m is built
	mu    sync.Mutex  // held while m is built
	m     atomic.Pointer[orderedmap.OrderedMap[string, V]]
	names string // the list's names, end to end
}

type member[V any] struct {
	name  string
	value V
}

// newEntries returns empty entries whose map exists already.
func newEntries[V any](n int) *entries[V] {
	e := &entries[V]{}
	e.m.Store(orderedmap.New[string, V](n))
	return e
}

// ordered is the map, built from the list the first time.
func (e *entries[V]) ordered() *orderedmap.OrderedMap[string, V] {
	if m := e.m.Load(); m != nil {
		return m
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if m := e.m.Load(); m != nil {
		return m
	}
	m := orderedmap.New[string, V](len(e.list))
	for _, x := range e.list {
		m.Set(x.name, x.value)
	}
	e.m.Store(m)
	return m
}

func (e *entries[V]) len() int {
	if e == nil {
		return 0
	}
	if m := e.m.Load(); m != nil {
		return m.Len()
	}
	return len(e.list)
}

func (e *entries[V]) get(name string) (V, bool) {
	if e == nil {
		var zero V
		return zero, false
	}
	return e.ordered().Get(name)
}

// each calls f with each name and value in order until f returns false.
// The list is walked directly, not through an iterator: for small maps a
// return from inside a range-over-func loop costs more than the loop.
func (e *entries[V]) each(f func(i int, name string, value V) bool) {
	if e == nil {
		return
	}
	if m := e.m.Load(); m != nil {
		for p, i := m.Oldest(), 0; p != nil; p, i = p.Next(), i+1 {
			if !f(i, p.Key, p.Value) {
				return
			}
		}
		return
	}
	for i, x := range e.list {
		if !f(i, x.name, x.value) {
			return
		}
	}
}

func (e *entries[V]) all() iter.Seq2[string, V] {
	return func(yield func(string, V) bool) {
		e.each(func(_ int, name string, value V) bool { return yield(name, value) })
	}
}

func (e *entries[V]) clone() *entries[V] {
	c := newEntries[V](e.len())
	m := c.m.Load()
	e.each(func(_ int, name string, value V) bool {
		m.Set(name, value)
		return true
	})
	return c
}

// replace makes e hold what d, freshly decoded, holds: in place, so that
// every reference to e sees it. Like any change, it must not race with
// other uses of e.
func (e *entries[V]) replace(d *entries[V]) {
	e.mu.Lock()
	e.list, e.names = d.list, d.names
	e.m.Store(nil)
	e.mu.Unlock()
}

// readEntries reads a JSON object at d's cursor, each member's value by
// value, into new entries: a repeated name keeps its first place and takes
// its last value, as the reference's map does. src is the document the
// object is in (nil when unknown: the object is inside a larger document,
// and eight members are guessed), for a first guess at the number of members.
func readEntries[V any](d *serde.Decoder, src []byte, value func(*serde.Decoder) (V, error)) (*entries[V], error) {
	// Every member but the last ends with a comma, and takes at least six
	// bytes ("":0,): guess from both, and grow past the guess if need be.
	guess := min(bytes.Count(src, []byte{','}), len(src)/6) + 1
	if src == nil {
		guess = 8
	}
	list := make([]member[V], 0, guess)
	// The names, end to end, then made one string: ends[i] is where the
	// i-th ends. Both on the stack while they fit.
	var arenaBuf [512]byte
	var endsBuf [32]int
	arena, ends := arenaBuf[:0], endsBuf[:0]
	if guess > len(endsBuf) {
		arena, ends = make([]byte, 0, 16*guess), make([]int, 0, guess)
	}
	err := d.Map(func(name []byte) error {
		arena = append(arena, name...)
		ends = append(ends, len(arena))
		v, err := value(d)
		list = serde.Append(list, member[V]{value: v})
		return err
	})
	if err != nil {
		return nil, err
	}
	e := &entries[V]{names: string(arena)}
	start := 0
	for i, end := range ends {
		list[i].name = e.names[start:end]
		start = end
	}
	e.list = dedupe(list)
	return e, nil
}

// dedupe keeps the first place and the last value of every repeated name.
func dedupe[V any](list []member[V]) []member[V] {
	if len(list) < 2 {
		return list
	}
	if len(list) <= 16 {
		out := list[:0]
	small:
		for _, x := range list {
			for j := range out {
				if out[j].name == x.name {
					out[j].value = x.value
					continue small
				}
			}
			out = append(out, x)
		}
		return out
	}
	// An open-addressing table of places in out, at least twice as many
	// slots as names, probed linearly from each name's hash (maphash,
	// seeded afresh each time, so names cannot be chosen to collide): no
	// per-name allocation, unlike a Go map.
	n := 32
	for n < 2*len(list) {
		n *= 2
	}
	slots := make([]int32, n)
	seed := maphash.MakeSeed()
	out := list[:0]
next:
	for _, x := range list {
		h := int(maphash.String(seed, x.name) & uint64(n-1))
		for ; slots[h] != 0; h = (h + 1) & (n - 1) {
			if j := slots[h] - 1; out[j].name == x.name {
				out[j].value = x.value
				continue next
			}
		}
		slots[h] = int32(len(out) + 1) // 0 is an empty slot
		out = append(out, x)
	}
	return out
}

// decodeEntries is the DecodeJSON of a Values or a Declaration: src, one
// whole JSON object, becomes *e's entries, in place when *e exists (so that
// every copy sees them). A failure is a *wire.JSONError and leaves *e as it
// was.
func decodeEntries[V any](e **entries[V], src []byte, value func(*serde.Decoder) (V, error)) error {
	d := serde.NewDecoder(src)
	got, err := readEntries(&d, src, value)
	if err == nil {
		err = d.End()
	}
	if err != nil {
		return codec.JSON(err)
	}
	if *e == nil {
		*e = got
	} else {
		(*e).replace(got)
	}
	return nil
}

// appendJSON is the EncodeJSON of a Values or a Declaration: e as a JSON
// object, each value written by value. It fails, giving dst back as it was,
// with a *wire.EncodeError at the member: "[name i]" for a name that is not
// UTF-8 (the name cannot be shown), ["name"] for a value that does not
// encode.
func (e *entries[V]) appendJSON(dst []byte, value func([]byte, V) ([]byte, error)) ([]byte, error) {
	w := serde.Writer(dst)
	w.Byte('{')
	var err error
	e.each(func(i int, name string, v V) bool {
		if i > 0 {
			w.Byte(',')
		}
		if werr := w.String(name); werr != nil {
			err = codec.ErrorAt(codec.KeyNameMember("", i), werr)
			return false
		}
		w.Byte(':')
		out, werr := value(w, v)
		if werr != nil {
			err = codec.ErrorAt(codec.KeyMember("", name), werr)
			return false
		}
		w = out
		return true
	})
	if err != nil {
		return dst, err
	}
	w.Byte('}')
	return w, nil
}
