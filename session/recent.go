package session

// recent is a bounded set of strings: once it holds limit of them, each
// string added forgets the oldest. The zero value is empty.
type recent struct {
	items []string // in the order added, from next on once full
	next  int      // where the oldest item is, once full
	index map[string]struct{}
}

// has reports whether s is held.
func (r *recent) has(s string) bool {
	_, ok := r.index[s]
	return ok
}

// add holds s, which is not held, forgetting the oldest string when limit
// are held already.
func (r *recent) add(s string, limit int) {
	if r.index == nil {
		r.index = make(map[string]struct{})
	}
	if len(r.items) < limit {
		r.items = append(r.items, s)
	} else {
		delete(r.index, r.items[r.next])
		r.items[r.next] = s
		r.next = (r.next + 1) % limit
	}
	r.index[s] = struct{}{}
}
