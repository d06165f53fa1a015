package main

import (
	"math"
	"strconv"
)

// gamma is splitmix64's increment.
const gamma = 0x9e3779b97f4a7c15

// mantissa masks an f64's 52 stored significand bits.
const mantissa = 1<<52 - 1

// mix is splitmix64's output function.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// splitMix is a splitmix64 generator.
type splitMix uint64

// next advances the generator and returns its next output.
func (s *splitMix) next() uint64 {
	*s += gamma
	return mix(uint64(*s))
}

// stream is the f64 stream that floatref makes too (internal/floatref,
// src/main.rs, Stream): value i depends only on the seed and i, so the
// stream can be cut into shards. Change both sides or neither.
type stream struct {
	seed  uint64
	pow10 []float64 // 1e-323 ..= 1e308, each the nearest f64
	// pow10f32 is 1e-45 ..= 1e38, each the nearest f32 (for bits32 only).
	pow10f32 []float32
}

// newStream makes the stream for seed.
func newStream(seed uint64) *stream {
	s := &stream{seed: seed}
	for e := -323; e <= 308; e++ {
		f, _ := strconv.ParseFloat("1e"+strconv.Itoa(e), 64)
		s.pow10 = append(s.pow10, f)
	}
	for e := -45; e <= 38; e++ {
		f, _ := strconv.ParseFloat("1e"+strconv.Itoa(e), 32)
		s.pow10f32 = append(s.pow10f32, float32(f))
	}
	return s
}

// rng is the generator value i draws from.
func (s *stream) rng(i uint64) splitMix {
	return splitMix(mix(s.seed + i*gamma))
}

// bits is the bit pattern of value i: uniform bits (a quarter of the
// values, NaNs and infinities included), or a power of ten, a power of two,
// a 1 to 17 digit integer times a power of ten, an integer below 2^64, a
// subnormal, or any f64 in [2^-24, 2^58) (where the layout changes), each
// possibly moved by one ulp or up to 512 ulps and given a random sign.
func (s *stream) bits(i uint64) uint64 {
	r := s.rng(i)
	c := r.next()
	var x uint64
	switch c & 7 {
	case 0, 1:
		return r.next()
	case 2:
		x = math.Float64bits(s.pow10[r.next()%uint64(len(s.pow10))])
	case 3:
		if n := r.next() % 2098; n < 52 {
			x = 1 << n
		} else {
			x = (n - 51) << 52
		}
	case 4:
		digits := 1 + r.next()%17
		m := r.next() % pow10u64(digits)
		x = math.Float64bits(float64(m) * s.pow10[r.next()%uint64(len(s.pow10))])
	case 5:
		n := r.next()
		shift := r.next() % 64
		x = math.Float64bits(float64(n >> shift))
	case 6:
		m := r.next() & mantissa
		x = m >> (r.next() % 53)
	default:
		exp := 1023 - 24 + r.next()%82
		x = exp<<52 | r.next()&mantissa
	}
	switch c >> 8 & 3 {
	case 1:
		x++
	case 2:
		x--
	case 3:
		x = x + r.next()%1024 - 512
	}
	return x | (c>>16&1)<<63
}

// bits32 is the bit pattern of value i of an f32 stream made the same way
// (Go only, for the oracle check): half uniform bits, otherwise a power of
// ten or a 1 to 9 digit integer times one, moved and signed as bits does.
func (s *stream) bits32(i uint64) uint32 {
	r := s.rng(i ^ 0x3232323232323232)
	c := r.next()
	var x uint32
	switch c & 3 {
	case 0, 1:
		return uint32(r.next())
	case 2:
		x = math.Float32bits(s.pow10f32[r.next()%uint64(len(s.pow10f32))])
	default:
		digits := 1 + r.next()%9
		m := r.next() % pow10u64(digits)
		e := int(r.next()%84) - 45
		f, _ := strconv.ParseFloat(strconv.FormatUint(m, 10)+"e"+strconv.Itoa(e), 32)
		x = math.Float32bits(float32(f))
	}
	switch c >> 8 & 3 {
	case 1:
		x++
	case 2:
		x--
	case 3:
		x = x + uint32(r.next()%1024) - 512
	}
	return x | uint32(c>>16&1)<<31
}

// pow10u64 is 10^n for n <= 19.
func pow10u64(n uint64) uint64 {
	p := uint64(1)
	for range n {
		p *= 10
	}
	return p
}
