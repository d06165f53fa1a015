package session

import (
	"iter"
	"slices"
	"strings"
)

// nameFinder tells whether a text holds any of a set of names, as
// strings.Contains would for each name in turn, in one pass over the text
// whatever the number of names: an Aho–Corasick automaton over bytes, built
// once from the names. Building it takes the names sorted; it then holds
// about 14 bytes for each byte of the names.
//
// Nodes are the distinct prefixes of the names, the root (node 0) the empty
// one. The zero nameFinder holds no name.
type nameFinder struct {
	names  int    // how many names it holds
	empty  bool   // "" is one of them: every text holds it
	single string // the name, when there is one

	// The children of node n are the edges first[n] to first[n+1]-1, in
	// increasing order of their bytes: edgeByte holds the byte, edgeTo the
	// child.
	first    []int32
	edgeByte []byte
	edgeTo   []int32
	// fail[n] is the node of the longest proper suffix of n's prefix that
	// is a node too; hit[n] is whether a name ends at n or at a node on its
	// fail chain (the text read so far then ends with a name).
	fail []int32
	hit  []bool
	root [256]int32 // the root's child for each byte, 0 for none
}

// newNameFinder builds the finder of names.
func newNameFinder(names iter.Seq[string]) *nameFinder {
	f := &nameFinder{}
	sorted := slices.Sorted(names)
	f.names = len(sorted)
	if f.names == 1 {
		f.single = sorted[0]
	}
	// The trie, built in the names' sorted order: a name shares with the
	// name before it the path of their common prefix, and its new nodes come
	// after every node made so far, so each node's children are made in
	// increasing order of their bytes.
	parent, via, ends := []int32{-1}, []byte{0}, []bool{false}
	path := []int32{0} // path[d] is the node of the previous name's prefix of length d
	prev := ""
	for _, name := range sorted {
		if name == "" {
			f.empty = true
			continue
		}
		common := 0
		for common < len(prev) && common < len(name) && prev[common] == name[common] {
			common++
		}
		path = path[:common+1]
		for d := common; d < len(name); d++ {
			n := int32(len(parent))
			parent, via, ends = append(parent, path[d]), append(via, name[d]), append(ends, false)
			path = append(path, n)
		}
		ends[path[len(name)]] = true
		prev = name
	}

	// The children as edges grouped by parent (a counting sort, which keeps
	// each parent's children in the order they were made).
	nodes := len(parent)
	f.first = make([]int32, nodes+1)
	for n := 1; n < nodes; n++ {
		f.first[parent[n]+1]++
	}
	for n := 1; n <= nodes; n++ {
		f.first[n] += f.first[n-1]
	}
	f.edgeByte, f.edgeTo = make([]byte, nodes-1), make([]int32, nodes-1)
	next := slices.Clone(f.first[:nodes])
	for n := 1; n < nodes; n++ {
		p := parent[n]
		f.edgeByte[next[p]], f.edgeTo[next[p]] = via[n], int32(n)
		next[p]++
	}
	for i := f.first[0]; i < f.first[1]; i++ {
		f.root[f.edgeByte[i]] = f.edgeTo[i]
	}

	// Fail links, breadth first: a node's link is found from its parent's,
	// which is shallower and so already known.
	f.fail, f.hit = make([]int32, nodes), ends
	queue := make([]int32, 0, nodes)
	queue = append(queue, f.edgeTo[f.first[0]:f.first[1]]...) // their links are the root
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		for e := f.first[u]; e < f.first[u+1]; e++ {
			v := f.edgeTo[e]
			f.fail[v] = f.step(f.fail[u], f.edgeByte[e])
			f.hit[v] = f.hit[v] || f.hit[f.fail[v]]
			queue = append(queue, v)
		}
	}
	return f
}

// child is node n's child by byte b, or 0 (the root) when it has none.
func (f *nameFinder) child(n int32, b byte) int32 {
	if n == 0 {
		return f.root[b]
	}
	lo, hi := f.first[n], f.first[n+1]
	for lo < hi {
		mid := int32(uint32(lo+hi) >> 1)
		switch c := f.edgeByte[mid]; {
		case c == b:
			return f.edgeTo[mid]
		case c < b:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0
}

// step is the node after reading b in node n: the longest suffix of n's
// prefix and b that is a node.
func (f *nameFinder) step(n int32, b byte) int32 {
	for {
		if c := f.child(n, b); c != 0 || n == 0 {
			return c
		}
		n = f.fail[n]
	}
}

// in reports whether text holds one of the names. Each byte of the text
// moves one node deeper at most, and each fail link followed moves at least
// one node up, so the work is at most twice the text's length in steps.
func (f *nameFinder) in(text string) bool {
	switch {
	case f == nil || f.names == 0:
		return false
	case f.empty:
		return true
	case f.names == 1:
		return strings.Contains(text, f.single) // linear too, and faster
	}
	n := int32(0)
	for i := 0; i < len(text); i++ {
		n = f.step(n, text[i])
		if f.hit[n] {
			return true
		}
	}
	return false
}
