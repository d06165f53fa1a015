//go:build !amd64 || purego

package serde

// unescapeVec, escapeVec, skipEscapesVec and quoteEndVec are never called
// here (useAVX2 stays false): the first three decode and escape nothing,
// quoteEndVec is the portable search.
func unescapeVec(out, raw []byte) (o, i int) { return 0, 0 }

func escapeVec(out, b []byte) (o, i int) { return 0, 0 }

func skipEscapesVec(src []byte) (i, shrink int) { return 0, 0 }

func quoteEndVec(b []byte, p int) int { return quoteEndFrom(b, p, false) }
