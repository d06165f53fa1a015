package main

import (
	"math"
	"strconv"
	"strings"

	"github.com/diverge-network/diverge-sdk-go/answer"
	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/chunk"
	"github.com/diverge-network/diverge-sdk-go/dequeue"
	"github.com/diverge-network/diverge-sdk-go/enqueue"
	"github.com/diverge-network/diverge-sdk-go/enqueue/legacy"
	protoerr "github.com/diverge-network/diverge-sdk-go/errors"
	"github.com/diverge-network/diverge-sdk-go/internal/codec"
	"github.com/diverge-network/diverge-sdk-go/mcpcontent"
	"github.com/diverge-network/diverge-sdk-go/secrets"
	"github.com/diverge-network/diverge-sdk-go/session"
	"github.com/diverge-network/diverge-sdk-go/wire"
)

var (
	errInvalidUTF8  = wire.ErrInvalidUTF8
	errNil          = wire.ErrNil
	errNoValue      = wire.ErrNoValue
	errUnknownValue = wire.ErrUnknownValue
	errUnset        = wire.ErrUnset
	errTooDeep      = wire.ErrTooDeep
)

// value is one generated Go value of a scope and what its encoding must
// come to.
type value struct {
	scope  string
	encode func(dst []byte) ([]byte, error)
	// want is the reason the encoder must refuse the value with, at member;
	// nil for a value it must encode.
	want   error
	member string
	badStr string // the planted string, for a planted string
	// reencoded, when set, encodes what the oracle's re-encoding must be
	// where Rust reads back something other than what it wrote (a NaN
	// priority is written null and read back as absent).
	reencoded func(dst []byte) ([]byte, error)
}

// maker makes one value of a scope.
type maker struct {
	scope string
	make  func(g *gen) value
}

var makers = []maker{
	{session.ScopeErrorsError, func(g *gen) value {
		e := g.protoErr("")
		return value{encode: e.EncodeJSON}
	}},
	{session.ScopeEnqueueRequest, func(g *gen) value {
		r, fixed := g.enqueueRequest()
		return value{encode: r.EncodeJSON, reencoded: encodeIf(fixed, fixed.EncodeJSON)}
	}},
	{session.ScopeEnqueueResponse, answerCase[enqueue.Outcome]},
	{session.ScopeLegacyEnqueueRequest, func(g *gen) value {
		r := legacy.Request{Prompt: g.str("prompt")}
		return value{encode: r.EncodeJSON}
	}},
	{session.ScopeLegacyEnqueueResponse, answerCase[legacy.Outcome]},
	{session.ScopeDequeueRequest, func(g *gen) value {
		r := dequeue.Request{Key: g.str("key")}
		return value{encode: r.EncodeJSON}
	}},
	{session.ScopeDequeueResponse, answerCase[dequeue.Outcome]},
	{session.ScopeSecretsFeedResponse, answerCase[secrets.Outcome]},
	{session.ScopeSecretsValues, func(g *gen) value {
		v := g.values("")
		return value{encode: v.EncodeJSON}
	}},
	{session.ScopeSecretsDeclaration, func(g *gen) value {
		d := g.declaration("")
		return value{encode: d.EncodeJSON}
	}},
	{session.ScopeBeginRegistered, func(g *gen) value {
		r := g.registered()
		return value{encode: r.EncodeJSON}
	}},
	{session.ScopePostgresRequest, func(g *gen) value {
		p := g.postgres()
		return value{encode: p.EncodeConnID}
	}},
	{session.ScopeBeginChannelRequest, func(g *gen) value {
		r, fixed := g.channelRequest()
		return value{
			encode:    func(dst []byte) ([]byte, error) { return begin.EncodeChannelRequest(dst, r) },
			reencoded: encodeIf(fixed, func(dst []byte) ([]byte, error) { return begin.EncodeChannelRequest(dst, fixed) }),
		}
	}},
	{session.ScopeBeginResponse, func(g *gen) value {
		r := g.response()
		return value{encode: func(dst []byte) ([]byte, error) { return begin.EncodeResponse(dst, r) }}
	}},
	{session.ScopeBeginChunk, func(g *gen) value {
		c, fixed := g.chunkValue()
		return value{
			encode:    func(dst []byte) ([]byte, error) { return chunk.EncodeJSON(dst, c) },
			reencoded: encodeIf(fixed != nil, func(dst []byte) ([]byte, error) { return chunk.EncodeJSON(dst, fixed) }),
		}
	}},
	{session.ScopeMCPContentBlock, func(g *gen) value {
		b, fixed := g.block("", 0)
		return value{
			encode:    func(dst []byte) ([]byte, error) { return mcpcontent.EncodeBlockJSON(dst, b) },
			reencoded: encodeIf(fixed != nil, func(dst []byte) ([]byte, error) { return mcpcontent.EncodeBlockJSON(dst, fixed) }),
		}
	}},
}

// encodeIf is encode when there is a re-encoding to expect, else nil.
func encodeIf[T comparable](fixed T, encode func([]byte) ([]byte, error)) func([]byte) ([]byte, error) {
	var zero T
	if fixed == zero {
		return nil
	}
	return encode
}

// protoErr is an error at path made the ways a caller makes one: in the
// convention (whose constructors mend invalid UTF-8, so nothing is planted
// there) or any JSON value; or, planted, one that holds no value.
func (g *gen) protoErr(path string) protoerr.Error {
	if g.plant(path, wire.ErrNoValue) {
		return protoerr.Error{}
	}
	switch g.intn(4) {
	case 0:
		return protoerr.New(g.validStr(), g.validStr())
	case 1:
		return protoerr.NewStatus(protoerr.KindProgram, uint16(g.intn(1000)), g.validStr())
	case 2:
		return protoerr.NewKind(protoerr.KindUnregistered)
	}
	return protoerr.Error{Value: g.raw(path, 0)}
}

// answerErr is the Error beside an answer's outcome: one for the error
// outcome, none beside the others unless one is planted there, which the
// encoder refuses (protoerr.ErrNotCarried).
func (g *gen) answerErr(isError, tagged bool) protoerr.Error {
	if isError {
		return g.protoErr("error")
	}
	if tagged && g.plant("error", protoerr.ErrNotCarried) {
		return protoerr.New(protoerr.KindProgram, g.validStr())
	}
	return protoerr.Error{}
}

// deep is a JSON value nested n levels deep: arrays and objects in turn.
func deep(n int) string {
	var b strings.Builder
	for i := range n {
		if i%2 == 0 {
			b.WriteString("[")
		} else {
			b.WriteString(`{"d":`)
		}
	}
	b.WriteString("0")
	for i := n - 1; i >= 0; i-- {
		if i%2 == 0 {
			b.WriteString("]")
		} else {
			b.WriteString("}")
		}
	}
	return b.String()
}

// tooDeep plants a value nested so deep that, at level (the number of JSON
// arrays and objects around its place in the payload), it passes the
// 127 levels every Rust reader allows, or one that just fits. It returns the
// value's own nesting depth, or 0 for no deep value this time.
func (g *gen) tooDeep(path string, level int) int {
	if g.planted != nil || !g.chance(8) {
		return 0
	}
	room := wire.MaxDepth - level
	d := min(room-2+g.intn(4), wire.MaxDepth) // room-2 .. room+1; no constructor takes more than MaxDepth
	if d > room {
		g.planted, g.member = errTooDeep, path
	}
	return d
}

// raw is a JSON value for an opaque member at path, made the ways a caller
// makes one; level is how many arrays and objects enclose its place.
func (g *gen) raw(path string, level int) wire.Raw {
	if d := g.tooDeep(path, level); d > 0 {
		var r wire.Raw
		err := r.DecodeJSON([]byte(deep(d)))
		must(err)
		return r
	}
	switch g.intn(10) {
	case 0:
		r, err := wire.NewRawString(g.validStr())
		must(err)
		return r
	case 1:
		r, err := wire.NewRaw(map[string]any{"s": g.validStr(), "n": g.intn(100), "f": g.rng.Float64(), "l": []int{1, 2}})
		must(err)
		return r
	}
	var r wire.Raw
	err := r.DecodeJSON([]byte(g.json(3 + g.intn(4))))
	must(err)
	return r
}

// object is a JSON object for a chunk, a template or a _meta at path and
// level, as for raw.
func (g *gen) object(path string, level int) wire.Object {
	var b []byte
	if d := g.tooDeep(path, level); d > 0 {
		b = []byte(`{"deep":` + deep(d-1) + `}`)
	} else if g.chance(100) {
		b = []byte(`{}`)
	} else {
		var sb strings.Builder
		g.writeJSONObject(&sb, 4)
		b = []byte(sb.String())
	}
	var o wire.Object
	err := o.DecodeJSON(b)
	must(err)
	return o
}

func (g *gen) values(path string) secrets.Values {
	var v secrets.Values
	n := g.intn(5)
	if g.chance(10) {
		n = 200 + g.intn(1000)
	}
	for i := range n {
		name := g.validStr()
		if _, dup := v.Get(name); dup {
			continue
		}
		nameAt := codec.JoinMember(path, codec.KeyNameMember("", v.Len()))
		if g.plant(nameAt, errInvalidUTF8) {
			name += invalid[g.intn(len(invalid))]
			g.badStr = name
		}
		value := g.raw(codec.JoinMember(path, codec.KeyMember("", name)), 1)
		if g.plant(codec.JoinMember(path, codec.KeyMember("", name)), errNoValue) {
			value = wire.Raw{}
		}
		v.Set(name, value)
		_ = i
	}
	return v
}

func (g *gen) declaration(path string) secrets.Declaration {
	var d secrets.Declaration
	for range g.intn(5) {
		name := g.validStr()
		if _, dup := d.Get(name); dup {
			continue
		}
		if g.plant(codec.JoinMember(path, codec.KeyNameMember("", d.Len())), errInvalidUTF8) {
			name += invalid[g.intn(len(invalid))]
			g.badStr = name
		}
		mode := secrets.Fixed + secrets.Mode(g.intn(2))
		if g.plant(codec.JoinMember(path, codec.KeyMember("", name)), errUnknownValue) {
			mode = secrets.Rotating + 1 + secrets.Mode(g.intn(250))
		}
		d.Set(name, mode)
	}
	return d
}

func (g *gen) registered() *begin.Registered {
	r := &begin.Registered{}
	for i := range g.intn(4) {
		t := g.object(codec.IndexMember("dependencies", i), 2)
		if g.plant(codec.IndexMember("dependencies", i), errNoValue) {
			t = wire.Object{}
		}
		r.Dependencies = append(r.Dependencies, t)
	}
	r.Secrets = g.declaration("secrets")
	return r
}

func (g *gen) postgres() *begin.Postgres {
	return &begin.Postgres{ConnID: uint32(g.rng.Uint64())}
}

// enqueueRequest is a request and, when one of its blocks has a NaN or
// infinite priority, the request Rust reads back.
func (g *gen) enqueueRequest() (*enqueue.Request, *enqueue.Request) {
	r := &enqueue.Request{Key: g.str("key"), Content: []mcpcontent.Block{}}
	fixed := &enqueue.Request{Key: r.Key}
	changed := false
	n := g.intn(4)
	if g.chance(20) {
		n = 20 + g.intn(30)
	}
	for i := range n {
		b, f := g.block(codec.IndexMember("content", i), 2)
		r.Content = append(r.Content, b)
		if f != nil {
			changed = true
		} else {
			f = b
		}
		fixed.Content = append(fixed.Content, f)
	}
	if !changed {
		fixed = nil
	}
	return r, fixed
}

func (g *gen) channelRequest() (begin.ChannelRequest, begin.ChannelRequest) {
	switch g.intn(5) {
	case 0:
		return g.postgres(), nil
	case 1:
		return &begin.Info{}, nil
	case 2:
		r, fixed := g.enqueueRequest()
		if g.plant("", errNil) {
			return (*begin.Enqueue)(nil), nil
		}
		if fixed == nil {
			return &begin.Enqueue{Request: *r}, nil
		}
		return &begin.Enqueue{Request: *r}, &begin.Enqueue{Request: *fixed}
	case 3:
		return &begin.Dequeue{Request: dequeue.Request{Key: g.str("key")}}, nil
	}
	if g.plant("", errNil) {
		return (*begin.Secrets)(nil), nil
	}
	return &begin.Secrets{Values: g.values("")}, nil
}

func (g *gen) response() begin.Response {
	switch g.intn(5) {
	case 0:
		if g.plant("", errNil) {
			return (*begin.Begun)(nil)
		}
		return (*begin.Begun)(g.registered())
	case 1:
		e := g.protoErr("")
		return (*begin.Error)(&e)
	case 2:
		// A notification: its message is any JSON, here an object.
		c := &begin.Chunk{Chunk: &chunk.Notification{IsFatal: g.intn(2) == 0, Message: g.object("message", 1).Raw()}}
		if g.plant("", errNoValue) {
			c = &begin.Chunk{}
		}
		return c
	case 3:
		return &begin.Active{}
	}
	if g.plant("", errNil) {
		return (*begin.Inactive)(nil)
	}
	return &begin.Inactive{Values: g.values("")}
}

// block is a content block at path and, when its priority is NaN or
// infinite, the block Rust reads back (without one); nil otherwise.
func (g *gen) block(path string, level int) (mcpcontent.Block, mcpcontent.Block) {
	at := func(m string) string { return codec.JoinMember(path, m) }
	if g.plant(path, errNil) {
		return []mcpcontent.Block{(*mcpcontent.Text)(nil), (*mcpcontent.Image)(nil), (*mcpcontent.EmbeddedResource)(nil), nil}[g.intn(4)], nil
	}
	meta := wire.Object{}
	if g.chance(300) {
		meta = g.object(at("_meta"), level+1)
	}
	ann, fixedAnn := g.annotations(at("annotations"))
	var b, fixed mcpcontent.Block
	switch g.intn(5) {
	case 0:
		t := &mcpcontent.Text{Text: g.str(at("text")), Meta: meta, Annotations: ann}
		b = t
		if fixedAnn != nil {
			c := *t
			c.Annotations = fixedAnn
			fixed = &c
		}
	case 1:
		im := &mcpcontent.Image{Data: g.str(at("data")), MIMEType: g.str(at("mimeType")), Meta: meta, Annotations: ann}
		b = im
		if fixedAnn != nil {
			c := *im
			c.Annotations = fixedAnn
			fixed = &c
		}
	case 2:
		au := &mcpcontent.Audio{Data: g.str(at("data")), MIMEType: g.str(at("mimeType")), Meta: meta, Annotations: ann}
		b = au
		if fixedAnn != nil {
			c := *au
			c.Annotations = fixedAnn
			fixed = &c
		}
	case 3:
		l := &mcpcontent.ResourceLink{URI: g.str(at("uri")), Name: g.str(at("name")), Meta: meta, Annotations: ann}
		l.Title = g.optStr(at("title"))
		l.Description = g.optStr(at("description"))
		l.MIMEType = g.optStr(at("mimeType"))
		if g.chance(300) {
			n := g.rng.Uint64()
			l.Size = &n
		}
		if g.chance(300) {
			l.Icons = []mcpcontent.Icon{}
			for i := range g.intn(3) {
				l.Icons = append(l.Icons, g.icon(at(codec.IndexMember("icons", i))))
			}
		}
		b = l
		if fixedAnn != nil {
			c := *l
			c.Annotations = fixedAnn
			fixed = &c
		}
	default:
		e := &mcpcontent.EmbeddedResource{Meta: meta, Annotations: ann}
		rp := at("resource")
		rmeta := wire.Object{}
		if g.chance(200) {
			rmeta = g.object(codec.JoinMember(rp, "_meta"), level+2)
		}
		if g.chance(500) {
			e.Resource = &mcpcontent.TextResourceContents{URI: g.str(codec.JoinMember(rp, "uri")), MIMEType: g.optStr(codec.JoinMember(rp, "mimeType")), Text: g.str(codec.JoinMember(rp, "text")), Meta: rmeta}
		} else {
			e.Resource = &mcpcontent.BlobResourceContents{URI: g.str(codec.JoinMember(rp, "uri")), MIMEType: g.optStr(codec.JoinMember(rp, "mimeType")), Blob: g.str(codec.JoinMember(rp, "blob")), Meta: rmeta}
		}
		if g.plant(rp, errNil) {
			e.Resource = []mcpcontent.ResourceContents{nil, (*mcpcontent.TextResourceContents)(nil), (*mcpcontent.BlobResourceContents)(nil)}[g.intn(3)]
		}
		b = e
		if fixedAnn != nil {
			c := *e
			c.Annotations = fixedAnn
			fixed = &c
		}
	}
	return b, fixed
}

func (g *gen) optStr(path string) *string {
	if !g.chance(400) {
		return nil
	}
	s := g.str(path)
	return &s
}

func (g *gen) icon(path string) mcpcontent.Icon {
	ic := mcpcontent.Icon{Src: g.str(codec.JoinMember(path, "src")), MIMEType: g.optStr(codec.JoinMember(path, "mimeType"))}
	if g.chance(400) {
		ic.Sizes = []string{}
		for i := range g.intn(3) {
			ic.Sizes = append(ic.Sizes, g.str(codec.JoinMember(path, codec.IndexMember("sizes", i))))
		}
	}
	if g.chance(400) {
		th := []mcpcontent.IconTheme{mcpcontent.ThemeLight, mcpcontent.ThemeDark}[g.intn(2)]
		if g.plant(codec.JoinMember(path, "theme"), errUnknownValue) {
			th = mcpcontent.IconTheme(g.validStr() + "x")
		}
		ic.Theme = &th
	}
	return ic
}

// annotations are a block's annotations, or nil; and when the priority is
// one Rust writes as null (NaN, an infinity), the annotations Rust reads
// back.
func (g *gen) annotations(path string) (*mcpcontent.Annotations, *mcpcontent.Annotations) {
	if !g.chance(300) {
		return nil, nil
	}
	a := &mcpcontent.Annotations{}
	if g.chance(500) {
		a.Audience = []mcpcontent.Role{}
		for i := range g.intn(3) {
			r := []mcpcontent.Role{mcpcontent.RoleUser, mcpcontent.RoleAssistant}[g.intn(2)]
			if g.plant(codec.JoinMember(path, codec.IndexMember("audience", i)), errUnknownValue) {
				r = mcpcontent.Role("admin" + strconv.Itoa(g.intn(9)))
			}
			a.Audience = append(a.Audience, r)
		}
	}
	if g.chance(500) {
		p := g.priority()
		a.Priority = &p
	}
	a.LastModified = g.optStr(codec.JoinMember(path, "lastModified"))
	if a.Priority != nil && (math.IsNaN(float64(*a.Priority)) || math.IsInf(float64(*a.Priority), 0)) {
		c := *a
		c.Priority = nil
		return a, &c
	}
	return a, nil
}

// priority is an f32 of any kind: ordinary, at the edges, subnormal, NaN,
// infinite, or any bit pattern at all.
func (g *gen) priority() float32 {
	switch g.intn(6) {
	case 0:
		return []float32{0, float32(math.Copysign(0, -1)), 1, 0.5, math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, 1e13, 1e-7, 9999999,
			float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))}[g.intn(13)]
	case 1, 2:
		return math.Float32frombits(uint32(g.rng.Uint64()))
	default:
		return g.rng.Float32()
	}
}

func must(err error) {
	if err != nil {
		panic("encdiff: a constructor refused a value made to be valid: " + err.Error())
	}
}

// answerCase is an answer of the family O: a tagged outcome, now and then
// an unset one or one past the tags, and an Error where the outcome carries
// one (now and then where it does not).
func answerCase[O answer.Outcome[O]](g *gen) value {
	var zero O
	errOutcome := zero.Family().Error
	r := answer.Response[O]{Outcome: 1 + O(g.intn(int(errOutcome)))}
	if g.plant("outcome", errUnset) {
		r.Outcome = 0
	} else if g.plant("outcome", errUnknownValue) {
		r.Outcome = errOutcome + 1 + O(g.intn(255-int(errOutcome)))
	}
	_, tagged := answer.WireTag(r.Outcome)
	r.Error = g.answerErr(r.Outcome == errOutcome, tagged)
	return value{encode: r.Encode}
}
