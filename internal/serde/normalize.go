package serde

// Normalizing a value that is not in serde_json's form takes two passes over
// it, each visiting every byte once: planRepeats finds the objects that
// repeat a member name and which value each name keeps; canonical then
// writes the value, jumping, in those objects only, straight to the values
// that are kept. No object is ever written twice, so the work is linear in
// the value's length however its repeats nest.

// repeatPlan is what canonical writes for an object that repeats a name:
// each name once, at its first place, with the offset of its last value.
type repeatPlan struct {
	members []planMember
	end     int // just past the object's closing brace
}

// planMember is an object member met while planning: its decoded name, and
// where its value starts in the source.
type planMember struct {
	name  []byte
	value int
}

// planner collects the plans of one value. members is a stack shared by the
// objects open at once: each uses the part above where it started.
type planner struct {
	d       *Decoder
	members []planMember
	plans   map[int]*repeatPlan // by the offset of the object's opening brace
}

// normalize appends the value at the cursor, already checked by scanValue,
// as serde_json would serialize it.
func (d *Decoder) normalize(dst []byte) []byte {
	start, depth := d.pos, d.depth
	p := planner{d: d, members: d.planned[:0]}
	p.value()
	d.planned = p.members[:0]
	d.pos, d.depth = start, depth
	return d.canonical(dst, p.plans)
}

// value plans the value at the cursor and moves past it.
func (p *planner) value() {
	d := p.d
	c, _ := d.next()
	switch c {
	case '[':
		_ = d.enter()
		first := true
		for {
			if ok, _ := d.more(&first, ']'); !ok {
				return
			}
			p.value()
		}
	case '{':
		p.object()
	default:
		_, _ = d.scanValue(false)
	}
}

// object plans the object at the cursor (on its brace), recording a plan
// only if it repeats a name.
func (p *planner) object() {
	d := p.d
	open, base := d.pos, len(p.members)
	_ = d.enter()
	var names keySet
	repeats := false
	first := true
	for {
		if ok, _ := d.more(&first, '}'); !ok {
			break
		}
		name, _, _ := d.key(nil) // a fresh copy where the name had escapes
		if !names.add(name) {
			repeats = true
		}
		d.ws()
		p.members = append(p.members, planMember{name, d.pos})
		p.value()
	}
	if repeats {
		p.plan(open, p.members[base:])
	}
	clear(p.members[base:])
	p.members = p.members[:base]
}

// plan records the plan of the object at open, whose members in source order
// are ms: each name at its first place, with its last value.
func (p *planner) plan(open int, ms []planMember) {
	var kept []planMember
	var at map[string]int // past a few names; below, kept is searched
	for _, m := range ms {
		i := -1
		if at != nil {
			if j, ok := at[string(m.name)]; ok {
				i = j
			}
		} else {
			for j := range kept {
				if string(kept[j].name) == string(m.name) {
					i = j
					break
				}
			}
		}
		if i >= 0 {
			kept[i].value = m.value
			continue
		}
		kept = append(kept, m)
		if at == nil && len(kept) > 8 {
			at = make(map[string]int, len(ms))
			for j, k := range kept {
				at[string(k.name)] = j
			}
		} else if at != nil {
			at[string(m.name)] = len(kept) - 1
		}
	}
	if p.plans == nil {
		p.plans = make(map[int]*repeatPlan)
	}
	p.plans[open] = &repeatPlan{members: kept, end: p.d.pos}
}

// canonical appends the value at the cursor, already checked by scanValue,
// as serde_json would serialize it, following plans for the objects that
// repeat a name.
func (d *Decoder) canonical(dst []byte, plans map[int]*repeatPlan) []byte {
	c, _ := d.next()
	switch {
	case c == 'n' || c == 't' || c == 'f':
		start := d.pos
		for d.pos < len(d.src) && d.src[d.pos] >= 'a' && d.src[d.pos] <= 'z' {
			d.pos++
		}
		return append(dst, d.src[start:d.pos]...)
	case c == '"':
		d.pos++
		s, _, _ := d.strBytes(nil)
		dst, _ = AppendString(dst, s) // checked by scanValue: valid UTF-8
		return dst
	case c == '[':
		_ = d.enter()
		dst = append(dst, '[')
		first := true
		for i := 0; ; i++ {
			if ok, _ := d.more(&first, ']'); !ok {
				return append(dst, ']')
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = d.canonical(dst, plans)
		}
	case c == '{':
		if plan := plans[d.pos]; plan != nil {
			return d.canonicalPlanned(dst, plan, plans)
		}
		_ = d.enter()
		dst = append(dst, '{')
		first := true
		for n := 0; ; n++ {
			if ok, _ := d.more(&first, '}'); !ok {
				return append(dst, '}')
			}
			name, _, _ := d.key(nil)
			if n > 0 {
				dst = append(dst, ',')
			}
			dst, _ = AppendString(dst, name) // checked by scanValue
			dst = append(dst, ':')
			dst = d.canonical(dst, plans)
		}
	}
	n, _ := d.parseNumber()
	return appendNumber(dst, n)
}

// canonicalPlanned appends the object at the cursor, which repeats a name,
// as its plan says, and moves past it.
func (d *Decoder) canonicalPlanned(dst []byte, plan *repeatPlan, plans map[int]*repeatPlan) []byte {
	outside := d.depth
	dst = append(dst, '{')
	for i, m := range plan.members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst, _ = AppendString(dst, m.name) // checked by scanValue
		dst = append(dst, ':')
		d.pos, d.depth = m.value, outside+1
		dst = d.canonical(dst, plans)
	}
	d.pos, d.depth = plan.end, outside
	return append(dst, '}')
}
