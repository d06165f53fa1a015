package wire

import "strconv"

// DecodeAnswer reads an answer frame of the shape the enqueue, dequeue and
// secrets-feed answers share: tags below errTag are bare fates (any bytes
// after them ignored, as the reference ignores them), errTag carries an error
// body that body reads, and any other tag is unknown. bodyVariant is the
// family's variant for a body that does not read.
func DecodeAnswer[V Variant](src []byte, errTag byte, bodyVariant V, body func([]byte) error) (byte, error) {
	tag, rest, err := SplitFrame[V](src)
	if err != nil {
		return 0, err
	}
	switch {
	case tag < errTag:
		return tag, nil
	case tag == errTag:
		return tag, BodyError(bodyVariant, tag, body(rest))
	}
	return tag, UnknownTag[V](tag)
}

// VariantName is names[v], or "variant N" for a number with no name: the
// String method of a family's Variant.
func VariantName[V ~uint8](v V, names []string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return "variant " + strconv.Itoa(int(v))
}
