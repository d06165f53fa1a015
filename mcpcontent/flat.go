package mcpcontent

import "github.com/diverge-network/diverge-sdk-go/internal/serde"

// The agentic loop chunks (package chunk) flatten rmcp's content structs
// into their own: a user_text_content chunk is {"type","key"} followed by a
// Text's members, in one object. The helpers below lend those chunks the
// blocks' member readers and writers. Their readers take this module's
// internal JSON engine, so only this module's codecs can use them.

// TextFields are a Text's members (text, _meta, annotations), in rmcp's
// order, as members of a struct T that flattens a Text found at at(v).
func TextFields[T any](at func(*T) *Text) []serde.Field[T] {
	return flatten(textStruct.Fields, at)
}

// ImageFields are an Image's members (data, mimeType, _meta,
// annotations) as members of a struct T that flattens it, as TextFields.
func ImageFields[T any](at func(*T) *Image) []serde.Field[T] {
	return flatten(mediaStruct.Fields, func(v *T) *media { return (*media)(at(v)) })
}

// AudioFields are an Audio's members, as ImageFields.
func AudioFields[T any](at func(*T) *Audio) []serde.Field[T] {
	return flatten(mediaStruct.Fields, func(v *T) *media { return (*media)(at(v)) })
}

// EmbeddedFields are an EmbeddedResource's members (resource, _meta,
// annotations), as TextFields.
func EmbeddedFields[T any](at func(*T) *EmbeddedResource) []serde.Field[T] {
	return flatten(embeddedStruct.Fields, at)
}

// LinkFields are a ResourceLink's members (uri, name, title, description,
// mimeType, size, icons, _meta, annotations), as TextFields.
func LinkFields[T any](at func(*T) *ResourceLink) []serde.Field[T] {
	return flatten(linkStruct.Fields, at)
}

// flatten turns the fields of a struct U into fields of a T that holds a U
// at at(v).
func flatten[T, U any](fields []serde.Field[U], at func(*T) *U) []serde.Field[T] {
	out := make([]serde.Field[T], len(fields))
	for i, f := range fields {
		read := f.Read
		out[i] = serde.Field[T]{
			Name: f.Name, Optional: f.Optional, Default: f.Default,
			Read: func(d *serde.Decoder, v *T) error { return read(d, at(v)) },
		}
	}
	return out
}

// AppendFlattened appends b's members after its "type" as a struct that
// flattens b's rmcp type writes them, each after a comma, and then the
// closing brace of that struct: the caller has written the opening brace
// and its own members before them. level is how many arrays and objects
// enclose that struct (0 at the top of a payload). It fails as
// EncodeBlockJSON does, leaving dst as it was.
func AppendFlattened(dst []byte, b Block, level int) ([]byte, error) {
	var out []byte
	var err error
	switch v := b.(type) {
	case *Text:
		if v == nil {
			return dst, nilBlock()
		}
		out, err = appendText(dst, `,"text":`, v, level)
	case *Image:
		if v == nil {
			return dst, nilBlock()
		}
		out, err = appendMedia(dst, `,"data":`, v.Data, v.MIMEType, v.Meta, v.Annotations, level)
	case *Audio:
		if v == nil {
			return dst, nilBlock()
		}
		out, err = appendMedia(dst, `,"data":`, v.Data, v.MIMEType, v.Meta, v.Annotations, level)
	case *EmbeddedResource:
		if v == nil {
			return dst, nilBlock()
		}
		out, err = appendEmbedded(dst, `,"resource":`, v, level)
	case *ResourceLink:
		if v == nil {
			return dst, nilBlock()
		}
		out, err = appendLink(dst, `,"uri":`, v, level)
	default:
		return dst, nilBlock()
	}
	if err != nil {
		return dst, err
	}
	return out, nil
}
