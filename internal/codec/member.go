package codec

import (
	"errors"
	"strconv"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// ErrorAt places err at member: an *wire.EncodeError found in err (from a
// value nested in member) comes back as one error whose path starts with
// member; any other err becomes the reason of a new one at member.
// It returns nil for a nil err. The encoders of every frame family build
// their paths with it.
func ErrorAt(member string, err error) error {
	if err == nil {
		return nil
	}
	var inner *wire.EncodeError
	if errors.As(err, &inner) {
		return &wire.EncodeError{Member: JoinMember(member, inner.Member), Err: inner.Err}
	}
	return &wire.EncodeError{Member: member, Err: err}
}

// JoinMember joins two member paths: child inside parent, with a dot unless
// child is empty or starts with an index.
func JoinMember(parent, child string) string {
	switch {
	case parent == "":
		return child
	case child == "":
		return parent
	case child[0] == '[':
		return parent + child
	}
	return parent + "." + child
}

// IndexMember is the path of element i of the array at parent.
func IndexMember(parent string, i int) string {
	return parent + "[" + strconv.Itoa(i) + "]"
}

// KeyMember is the path of the member called name of the map at parent.
// name must be valid UTF-8 (it is quoted as Go quotes strings); for a name
// that is not, use [KeyNameMember].
func KeyMember(parent, name string) string {
	return parent + "[" + strconv.Quote(name) + "]"
}

// KeyNameMember is the path of the name itself of the member at index i of
// the map at parent, for a name that cannot be shown.
func KeyNameMember(parent string, i int) string {
	return parent + "[name " + strconv.Itoa(i) + "]"
}
