package wire

import "strconv"

// AppendAnswer appends an answer frame of the shape [SplitAnswer] reads:
// the outcome's tag alone, or for errTag the tag and body's JSON. unset says
// the caller's outcome was never set and known whether it has a wire tag
// (tag); either failing is an [*EncodeError] at "outcome" (ErrUnset,
// ErrUnknownValue). On any failure dst comes back as it was.
func AppendAnswer[B interface{ EncodeJSON([]byte) ([]byte, error) }](dst []byte, unset bool, tag byte, known bool, errTag byte, body B) ([]byte, error) {
	switch {
	case unset:
		return dst, &EncodeError{Member: "outcome", Err: ErrUnset}
	case !known:
		return dst, &EncodeError{Member: "outcome", Err: ErrUnknownValue}
	case tag != errTag:
		return append(dst, tag), nil
	}
	out, err := body.EncodeJSON(append(dst, tag))
	if err != nil {
		return dst, err
	}
	return out, nil
}

// SplitAnswer splits an answer frame of the shape the enqueue, dequeue and
// secrets-feed answers share: a tag below errTag is a bare outcome (bytes after
// it are ignored, as the reference ignores them) and comes back with no
// body; errTag comes back with its body, an error for the family to read;
// any other tag is the family's unknown-tag error.
func SplitAnswer[K ErrorKind](src []byte, errTag byte) (tag byte, body []byte, err error) {
	if len(src) > 0 && src[0] < errTag {
		return src[0], nil, nil
	}
	tag, body, err = SplitFrame[K](src)
	if err == nil && tag != errTag {
		return tag, nil, UnknownTag[K](tag)
	}
	return tag, body, err
}

// EnumName is names[v], or "value N" for a number with no name: the String
// method of a family's small enumerations (outcomes, error kinds, modes).
func EnumName[V ~uint8](v V, names []string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return "value " + strconv.Itoa(int(v))
}
