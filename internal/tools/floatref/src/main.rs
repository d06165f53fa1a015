//! floatref writes f32 and f64 values exactly as serde_json 1.0.150 does
//! (`serde_json::to_writer` of the float: zmij's shortest digits and layout,
//! `null` for NaN and the infinities) and prints digests of blocks of them,
//! so that internal/cmd/floatcheck can compare the Go formatter with it
//! without moving billions of strings through a pipe.
//!
//! ```text
//! floatref f32 START END BLOCK        digests of the f32 bit patterns START..END
//! floatref f64 SEED START END BLOCK   digests of values START..END of the f64 stream
//! floatref list f32 START END         one "<bits> <text>" line per value
//! floatref list f64 SEED START END    one "<bits> <text>" line per value
//! floatref fmt f32|f64                stdin: hex bit patterns, one a line;
//!                                     stdout: "<bits> <text>" for each
//! ```
//!
//! A digest line is `<first> <digest>`, both in hex: the index of the block's
//! first value (for f32 its bit pattern) and the 64-bit FNV-1a hash of each
//! value's text followed by `\n`. Ranges are half-open; numbers on the
//! command line are decimal, or hex after `0x`.

use std::io::{self, BufRead, BufWriter, Write};
use std::process;

const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;
const MANTISSA: u64 = (1 << 52) - 1;
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// splitmix64's output function.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A splitmix64 generator.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        mix(self.0)
    }
}

/// The f64 stream: value `i` depends only on the seed and `i`, so any range
/// of it can be made on its own. Mirrored by stream.go in
/// internal/cmd/floatcheck; change both or neither.
struct Stream {
    seed: u64,
    /// 10^-323 ..= 10^308, each the nearest f64.
    pow10: Vec<f64>,
}

impl Stream {
    fn new(seed: u64) -> Stream {
        let pow10 = (-323..=308)
            .map(|e| format!("1e{e}").parse::<f64>().unwrap())
            .collect();
        Stream { seed, pow10 }
    }

    fn pow10(&self, r: &mut SplitMix) -> f64 {
        self.pow10[(r.next() % self.pow10.len() as u64) as usize]
    }

    /// The bit pattern of value `i`.
    fn bits(&self, i: u64) -> u64 {
        let mut r = SplitMix(mix(self.seed.wrapping_add(i.wrapping_mul(GAMMA))));
        let c = r.next();
        let x = match c & 7 {
            // Uniform bits (NaNs and infinities included), as they come.
            0 | 1 => return r.next(),
            // A power of ten.
            2 => self.pow10(&mut r).to_bits(),
            // A power of two, 2^-1074 ..= 2^1023.
            3 => {
                let n = r.next() % 2098;
                if n < 52 {
                    1 << n
                } else {
                    (n - 51) << 52
                }
            }
            // An integer of 1 to 17 digits times a power of ten.
            4 => {
                let digits = 1 + r.next() % 17;
                let m = r.next() % 10u64.pow(digits as u32);
                (m as f64 * self.pow10(&mut r)).to_bits()
            }
            // An integer below 2^64.
            5 => {
                let n = r.next();
                let shift = r.next() % 64;
                ((n >> shift) as f64).to_bits()
            }
            // A subnormal (or zero).
            6 => {
                let m = r.next() & MANTISSA;
                m >> (r.next() % 53)
            }
            // Any f64 in [2^-24, 2^58), where the layout switches between
            // 0.000ddd, fixed and exponent forms.
            _ => {
                let exp = 1023 - 24 + r.next() % 82;
                exp << 52 | (r.next() & MANTISSA)
            }
        };
        let x = match (c >> 8) & 3 {
            0 => x,
            1 => x.wrapping_add(1),
            2 => x.wrapping_sub(1),
            _ => x.wrapping_add(r.next() % 1024).wrapping_sub(512),
        };
        x | ((c >> 16) & 1) << 63
    }
}

/// A float as serde_json writes it.
trait Text: Copy {
    fn from_pattern(bits: u64) -> Self;
    fn write(self, buf: &mut Vec<u8>);
}

impl Text for f32 {
    fn from_pattern(bits: u64) -> f32 {
        f32::from_bits(bits as u32)
    }
    fn write(self, buf: &mut Vec<u8>) {
        serde_json::to_writer(buf, &self).unwrap();
    }
}

impl Text for f64 {
    fn from_pattern(bits: u64) -> f64 {
        f64::from_bits(bits)
    }
    fn write(self, buf: &mut Vec<u8>) {
        serde_json::to_writer(buf, &self).unwrap();
    }
}

/// Prints the digest of each block of `block` values in start..end, value
/// `i` having the bit pattern `bits(i)`.
fn digests<T: Text>(start: u64, end: u64, block: u64, bits: impl Fn(u64) -> u64) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut buf = Vec::with_capacity(32);
    let mut first = start;
    while first < end {
        let last = end.min(first.saturating_add(block));
        let mut h = FNV_OFFSET;
        for i in first..last {
            buf.clear();
            T::from_pattern(bits(i)).write(&mut buf);
            buf.push(b'\n');
            for &b in &buf {
                h = (h ^ u64::from(b)).wrapping_mul(FNV_PRIME);
            }
        }
        writeln!(out, "{first:x} {h:016x}")?;
        first = last;
    }
    out.flush()
}

/// Prints "<bits> <text>" for each bit pattern.
fn list<T: Text>(patterns: impl Iterator<Item = u64>) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut buf = Vec::with_capacity(32);
    for bits in patterns {
        buf.clear();
        T::from_pattern(bits).write(&mut buf);
        write!(out, "{bits:x} ")?;
        out.write_all(&buf)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// Lists the bit patterns read from stdin, one in hex a line.
fn fmt<T: Text>() -> io::Result<()> {
    let mut patterns = Vec::new();
    for line in io::stdin().lock().lines() {
        let line = line?;
        let line = line.trim();
        if !line.is_empty() {
            patterns.push(u64::from_str_radix(line, 16).unwrap_or_else(|_| usage()));
        }
    }
    list::<T>(patterns.into_iter())
}

fn number(s: &str) -> u64 {
    let n = match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => s.parse(),
    };
    n.unwrap_or_else(|_| usage())
}

fn usage() -> ! {
    eprintln!(
        "usage: floatref f32 START END BLOCK | f64 SEED START END BLOCK\n       \
         floatref list f32 START END | list f64 SEED START END | fmt f32|f64"
    );
    process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let f32_range = |s: &str, e: &str| {
        let (start, end) = (number(s), number(e));
        if start > end || end > 1 << 32 {
            usage()
        }
        (start, end)
    };
    let result = match args[..] {
        ["f32", s, e, block] => {
            let (start, end) = f32_range(s, e);
            let block = number(block).max(1);
            digests::<f32>(start, end, block, |i| i)
        }
        ["f64", seed, s, e, block] => {
            let stream = Stream::new(number(seed));
            let block = number(block).max(1);
            digests::<f64>(number(s), number(e), block, |i| stream.bits(i))
        }
        ["list", "f32", s, e] => {
            let (start, end) = f32_range(s, e);
            list::<f32>(start..end)
        }
        ["list", "f64", seed, s, e] => {
            let stream = Stream::new(number(seed));
            list::<f64>((number(s)..number(e)).map(|i| stream.bits(i)))
        }
        ["fmt", "f32"] => fmt::<f32>(),
        ["fmt", "f64"] => fmt::<f64>(),
        _ => usage(),
    };
    if let Err(err) = result {
        // A closed pipe is the reader's choice to stop early.
        if err.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("floatref: {err}");
            process::exit(1);
        }
    }
}
