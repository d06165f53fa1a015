package mcpcontent

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/diverge-network/diverge-sdk-go/wire"
)

// Canonical blocks decode and encode back to the same bytes.
func TestCanonicalRoundTrip(t *testing.T) {
	for _, in := range []string{
		"{\"type\":\"text\",\"text\":\"hi <there> & \u2028\"}",
		`{"type":"text","text":"hi","_meta":{"z":1,"a":[true,null]},"annotations":{"audience":["user","assistant"],"priority":0.5,"lastModified":"2025-01-12T15:00:58Z"}}`,
		`{"type":"text","text":"","_meta":{},"annotations":{}}`,
		`{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}`,
		`{"type":"audio","data":"","mimeType":"audio/ogg","_meta":{"x":null},"annotations":{"audience":[]}}`,
		`{"type":"resource_link","uri":"u","name":"n","title":"","description":"d","mimeType":"text/plain","size":0,"icons":[{"src":"s","mimeType":"image/png","sizes":[],"theme":"dark"},{"src":"data:,"}],"_meta":{"m":1},"annotations":{"priority":1.0}}`,
		`{"type":"resource","resource":{"uri":"file:///x","mimeType":"text/plain","text":"body","_meta":{"a":1}},"_meta":{"b":2}}`,
		`{"type":"resource","resource":{"uri":"file:///y","blob":"AAEC"}}`,
	} {
		b, err := DecodeBlockJSON([]byte(in))
		require.NoError(t, err, in)
		out, err := EncodeBlockJSON(nil, b)
		require.NoError(t, err)
		assert.Equal(t, in, string(out))
	}
}

// What serde accepts beyond the canonical form, and what it becomes.
func TestLenientForms(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"text":"hi","type":"text"}`, `{"type":"text","text":"hi"}`},
		{`["text","hi",null,null]`, `{"type":"text","text":"hi"}`},
		{`{"type":"text","text":"x","annotations":[["user"],3,"t"]}`, `{"type":"text","text":"x","annotations":{"audience":["user"],"priority":3.0,"lastModified":"t"}}`},
		{`{"type":"text","text":"x","annotations":{"audience":[{"user":null},{"assistant":{}}]}}`, `{"type":"text","text":"x","annotations":{"audience":["user","assistant"]}}`},
		{`{"type":"text","text":"x","annotations":{"priority":1e39}}`, `{"type":"text","text":"x","annotations":{"priority":null}}`},
		{`{"type":"text","text":"x","_meta":null,"annotations":null,"other":[1]}`, `{"type":"text","text":"x"}`},
		{`{"type":"resource","resource":{"uri":"u","text":"t","blob":"b"}}`, `{"type":"resource","resource":{"uri":"u","text":"t"}}`},
		{`{"type":"resource","resource":{"uri":"u","text":"t","text":"t2","blob":"b"}}`, `{"type":"resource","resource":{"uri":"u","blob":"b"}}`},
		{`{"type":"resource","resource":{"uri":"u","text":null,"blob":"b"}}`, `{"type":"resource","resource":{"uri":"u","blob":"b"}}`},
		{`{"type":"text","text":"x","_meta":{"a":1,"a":2,"b":1.0e0}}`, `{"type":"text","text":"x","_meta":{"a":2,"b":1.0}}`},
	}
	for _, tt := range tests {
		b, err := DecodeBlockJSON([]byte(tt.in))
		require.NoError(t, err, tt.in)
		out, err := EncodeBlockJSON(nil, b)
		require.NoError(t, err)
		assert.Equal(t, tt.want, string(out), tt.in)
	}
}

func TestRefused(t *testing.T) {
	for _, in := range []string{
		`{"type":"video","data":"x"}`,
		`{"text":"x"}`,
		`{"type":"text","type":"text","text":"x"}`,
		`{"type":"Text","text":"x"}`,
		`{"type":"text"}`,
		`{"type":"text","text":"x","Text":"y","text":"z"}`,
		`{"type":"image","data":"x"}`,
		`{"type":"resource_link","uri":"u"}`,
		`{"type":"resource_link","uri":"u","name":"n","size":1.0}`,
		`{"type":"resource_link","uri":"u","name":"n","size":-1}`,
		`{"type":"resource","resource":{"uri":"u"}}`,
		`{"type":"resource","resource":["u",null,"t",null]}`,
		`{"type":"text","text":"x","annotations":{"audience":["system"]}}`,
		`{"type":"text","text":"x","annotations":{"audience":[{"user":null,"assistant":null}]}}`,
		`{"type":"text","text":"x","zz":"\udc00"}`,
		"{\"type\":\"text\",\"text\":\"x\",\"zz\":\"\xff\"}",
		`{"type":"text","text":"x","zz":1e999}`,
		`["text","hi"]`,
		`["text","hi",null,null,null]`,
		`[]`,
		`"text"`,
	} {
		_, err := DecodeBlockJSON([]byte(in))
		var je *wire.JSONError
		assert.ErrorAs(t, err, &je, "%q", in)
	}
}

func TestEncodeRefusesUnknownEnums(t *testing.T) {
	_, err := EncodeBlockJSON(nil, &Text{Annotations: &Annotations{Audience: []Role{"system"}}})
	assert.Error(t, err)
	bad := IconTheme("sepia")
	_, err = EncodeBlockJSON(nil, &ResourceLink{Icons: []Icon{{Theme: &bad}}})
	assert.Error(t, err)
	_, err = EncodeBlockJSON(nil, nil)
	assert.ErrorIs(t, err, wire.ErrNil)
	_, err = EncodeBlockJSON(nil, &EmbeddedResource{})
	assert.ErrorIs(t, err, wire.ErrNil)
}

func TestTypes(t *testing.T) {
	for want, b := range map[string]Block{
		"text": &Text{}, "image": &Image{}, "audio": &Audio{}, "resource_link": &ResourceLink{}, "resource": &EmbeddedResource{},
	} {
		assert.Equal(t, want, b.Type())
	}
}

// Icon lists and size lists of every length around what is read inline
// (four icons, eight sizes) decode in order and encode back; the lists and
// themes handed out are the caller's: appending to one or writing through a
// theme changes no other.
func TestListsAroundInlineLimits(t *testing.T) {
	for _, nIcons := range []int{0, 1, 4, 5, 9} {
		for _, nSizes := range []int{0, 1, 8, 9, 17} {
			var icons []string
			for i := range nIcons {
				var sizes []string
				for j := range nSizes {
					sizes = append(sizes, fmt.Sprintf(`"%dx%d"`, i, j))
				}
				theme := []string{"light", "dark"}[i%2]
				icons = append(icons, fmt.Sprintf(`{"src":"s%d","sizes":[%s],"theme":"%s"}`, i, strings.Join(sizes, ","), theme))
			}
			in := fmt.Sprintf(`{"type":"resource_link","uri":"u","name":"n","icons":[%s]}`, strings.Join(icons, ","))
			b, err := DecodeBlockJSON([]byte(in))
			require.NoError(t, err, in)
			out, err := EncodeBlockJSON(nil, b)
			require.NoError(t, err)
			require.Equal(t, in, string(out))

			l := b.(*ResourceLink)
			require.Len(t, l.Icons, nIcons)
			if nIcons >= 2 {
				first, second := l.Icons[0], l.Icons[1]
				_ = append(first.Sizes, "extra")
				assert.Equal(t, ThemeLight, *first.Theme)
				*first.Theme = "changed"
				require.Len(t, second.Sizes, nSizes)
				if nSizes > 0 {
					assert.Equal(t, "1x0", second.Sizes[0])
				}
				assert.Equal(t, ThemeDark, *second.Theme)
			}
		}
	}
}

// TestAnnotationsAroundInlineLimits: audiences of up to two roles and the
// priority share the annotations' allocation; longer audiences, absent and
// null members, and an append by the user all stay what they were.
func TestAnnotationsAroundInlineLimits(t *testing.T) {
	prio := float32(0.5)
	tests := []struct {
		ann  string
		want Annotations
	}{
		{`{}`, Annotations{}},
		{`{"audience":null,"priority":null}`, Annotations{}},
		{`{"audience":[]}`, Annotations{Audience: []Role{}}},
		{`{"audience":["user"]}`, Annotations{Audience: []Role{RoleUser}}},
		{`{"audience":["user","assistant"],"priority":0.5}`, Annotations{Audience: []Role{RoleUser, RoleAssistant}, Priority: &prio}},
		{`{"priority":0.5,"audience":["assistant","user","user"]}`, Annotations{Audience: []Role{RoleAssistant, RoleUser, RoleUser}, Priority: &prio}},
		{`{"audience":["user","user","user","user","assistant","user"]}`, Annotations{Audience: []Role{RoleUser, RoleUser, RoleUser, RoleUser, RoleAssistant, RoleUser}}},
	}
	for _, tt := range tests {
		in := `{"type":"text","text":"t","annotations":` + tt.ann + `}`
		b, err := DecodeBlockJSON([]byte(in))
		require.NoError(t, err, in)
		a := b.(*Text).Annotations
		require.NotNil(t, a, in)
		assert.Equal(t, tt.want, *a, in)
		if tt.want.Audience == nil {
			assert.Nil(t, a.Audience, "%s: absent or null audience is nil", in)
		} else {
			assert.NotNil(t, a.Audience, "%s: [] is empty, not nil", in)
		}
		// An append moves the audience out; the priority beside it stays.
		_ = append(a.Audience, RoleUser, RoleUser, RoleUser)
		assert.Equal(t, tt.want, *a, "%s: after an append", in)
	}
}
