//! MT19937, the generator C++'s `std::mt19937` is: CS 246's shuffle and the
//! standard game's seeded deals draw from it, so its outputs are fixed by
//! the courses and by every seed a user has kept.
//!
//! Written here rather than taken from `rand_mt` (which the other crates
//! still use where speed does not matter) for one reason: seeding. Every
//! seeded game seeds a generator, and the 623-step seeding chain was a
//! quarter of a random game's time: `rand_mt`'s loop reads each word back
//! from the array it has just stored it to, so each step waits on a store
//! to load as well as on the multiply (about twelve cycles a step, not six).
//! Here the chain runs in a register. And a game draws about a third of a
//! generation, so words are twisted as they are wanted, in batches, not all
//! 624 at once. The outputs are the reference algorithm's; the tests hold
//! them to `rand_mt` and to the C++ standard's check.

use std::sync::Arc;

/// Words of state.
const N: usize = 624;
/// The twist's middle word.
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;

/// Words twisted at a time. A game draws about 220 words of a
/// generation's 624 (23 a hand, about ten hands), so a generation is
/// twisted as far as it is drawn, not all at once.
const BATCH: usize = 32;

/// A 32-bit Mersenne Twister.
#[derive(Clone, PartialEq, Eq)]
pub struct Mt19937 {
    /// Words `..twisted` are of the generation being drawn, the rest still
    /// of the one before: twisting word `i` reads words `i`, `i + 1` and
    /// `i + M` of the one before, or `i + M - N` of its own (already
    /// twisted), so words twist in order, as far as they are wanted.
    state: [u32; N],
    /// The next word to temper; at `twisted`, more must be twisted first.
    idx: usize,
    /// How far the generation being drawn is twisted (`idx <= twisted <=
    /// N`; both `N` when the next word starts a generation). A function of
    /// the words drawn, so equal generators are equal here too.
    twisted: usize,
}

impl Mt19937 {
    /// A generator seeded as `std::mt19937(seed)` is.
    pub fn new(seed: u32) -> Mt19937 {
        let mut mt = Mt19937::UNSEEDED;
        Mt19937::seed_each([&mut mt], [seed]);
        mt
    }

    /// Generators for `K` seeds, each as [`Mt19937::new`] makes it, made
    /// where a deck keeps them (shared): 2.5 KB each, not copied there
    /// afterwards. Seeding is a chain of 623 multiplies, each waiting on
    /// the last; `K` chains run side by side in the time of about one, so
    /// many seeded games (a match's deals, a benchmark's) are best seeded a
    /// few at a time.
    pub fn many_shared<const K: usize>(seeds: [u32; K]) -> [Arc<Mt19937>; K] {
        let mut out = [(); K].map(|_| Arc::new(Mt19937::UNSEEDED));
        Mt19937::seed_each(
            out.each_mut()
                .map(|mt| Arc::get_mut(mt).expect("made just now, not shared yet")),
            seeds,
        );
        out
    }

    const UNSEEDED: Mt19937 = Mt19937 {
        state: [0; N],
        idx: N,
        twisted: N,
    };

    /// Seeds each of `out` with its seed, the chains side by side.
    #[inline(always)]
    fn seed_each<const K: usize>(mut out: [&mut Mt19937; K], seeds: [u32; K]) {
        let mut x = seeds;
        for (mt, &x) in out.iter_mut().zip(&x) {
            mt.state[0] = x;
        }
        for i in 1..N {
            // The previous words stay in `x`: not read back from `state`.
            for (mt, x) in out.iter_mut().zip(&mut x) {
                *x = 1_812_433_253u32
                    .wrapping_mul(*x ^ (*x >> 30))
                    .wrapping_add(i as u32);
                mt.state[i] = *x;
            }
        }
    }

    /// The next output.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.idx >= self.twisted {
            self.twist_to(self.idx + 1);
        }
        let y = self.state[self.idx];
        self.idx += 1;
        temper(y)
    }

    /// The next `out.len()` outputs into `out`, as as many calls of
    /// [`Mt19937::next_u32`] give them: a hand's shuffle draws 23 at once,
    /// checked once, and tempered in place, four at a time.
    #[inline]
    pub fn fill(&mut self, out: &mut [u32]) {
        let l = out.len();
        if self.idx + l > self.twisted {
            if self.idx + l > N {
                // Across generations: rare (a game of over 27 hands).
                out.iter_mut().for_each(|w| *w = self.next_u32());
                return;
            }
            self.twist_to(self.idx + l);
        }
        out.copy_from_slice(&self.state[self.idx..self.idx + l]);
        for w in out.iter_mut() {
            *w = temper(*w);
        }
        self.idx += l;
    }

    /// Twists words until `want` of the generation being drawn are (a new
    /// generation's first, once the last is drawn and `want` is past it),
    /// in whole batches of [`BATCH`]. Each part is a loop without a wrap,
    /// which the compiler vectorises.
    #[cold]
    #[inline(never)]
    fn twist_to(&mut self, mut want: usize) {
        if self.idx >= N {
            self.idx = 0;
            self.twisted = 0;
            want -= N;
        }
        let (from, to) = (self.twisted, want.next_multiple_of(BATCH).min(N));
        let s = &mut self.state;
        let step = |a: u32, b: u32, m: u32| {
            let y = (a & UPPER) | (b & LOWER);
            m ^ (y >> 1) ^ ((y & 1) * MATRIX_A)
        };
        // Words below N - M read their middle word from the generation
        // before; the others from this one's, twisted N - M words earlier.
        for i in from..to.min(N - M) {
            s[i] = step(s[i], s[i + 1], s[i + M]);
        }
        for i in from.max(N - M)..to.min(N - 1) {
            s[i] = step(s[i], s[i + 1], s[i + M - N]);
        }
        if to == N {
            s[N - 1] = step(s[N - 1], s[0], s[M - 1]);
        }
        self.twisted = to;
    }
}

/// The output of a state word.
#[inline(always)]
fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^ (y >> 18)
}

/// Nothing of the state: a seeded deal's future is its seed's business.
impl std::fmt::Debug for Mt19937 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Mt19937(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The C++ standard's check ([rand.predef]): the 10000th output of a
    /// default-constructed `std::mt19937` (seed 5489) is 4123659995.
    #[test]
    fn the_ten_thousandth_output_of_the_default_seed_is_the_standards() {
        let mut mt = Mt19937::new(5489);
        let last = (0..10_000).map(|_| mt.next_u32()).last();
        assert_eq!(last, Some(4_123_659_995));
    }

    /// Seeded together, each is as seeded alone.
    #[test]
    fn many_at_once_are_each_as_one() {
        let seeds = [7, 0, u32::MAX, 5489];
        for (mut shared, seed) in Mt19937::many_shared(seeds).into_iter().zip(seeds) {
            let together = Arc::make_mut(&mut shared);
            let mut alone = Mt19937::new(seed);
            assert!(*together == alone);
            for _ in 0..N + 1 {
                assert_eq!(together.next_u32(), alone.next_u32());
            }
        }
    }

    /// Drawn 23 at a time from every position of a batch and across
    /// generations, with single draws between, the outputs are
    /// `rand_mt`'s; generators at the same place are equal however they
    /// drew.
    #[test]
    fn arrays_are_the_outputs_in_order() {
        for start in 0..BATCH + 1 {
            let mut ours = Mt19937::new(20_261_129);
            let mut theirs = rand_mt::Mt::new(20_261_129);
            let mut single = Mt19937::new(20_261_129);
            let mut k = 0;
            for _ in 0..start {
                assert_eq!(ours.next_u32(), theirs.next_u32());
                single.next_u32();
                k += 1;
            }
            while k < 3 * N {
                let want: [u32; 23] = std::array::from_fn(|_| theirs.next_u32());
                let mut got = [0; 23];
                ours.fill(&mut got);
                assert_eq!(got, want, "start {start}, output {k}");
                let once: [u32; 23] = std::array::from_fn(|_| single.next_u32());
                assert_eq!(once, want);
                assert!(ours == single, "start {start}, output {k}");
                k += 23;
                if k % 5 == 0 {
                    assert_eq!(ours.next_u32(), theirs.next_u32());
                    single.next_u32();
                    k += 1;
                }
            }
        }
    }

    /// The same outputs as `rand_mt` for seeds at the edges and between,
    /// over four twists; a clone goes on as its original does.
    #[test]
    fn every_output_is_rand_mts() {
        for seed in [
            0,
            1,
            2,
            5489,
            20_261_128,
            0x8000_0000,
            u32::MAX - 1,
            u32::MAX,
        ] {
            let mut ours = Mt19937::new(seed);
            let mut theirs = rand_mt::Mt::new(seed);
            for k in 0..4 * N + 7 {
                if k == N + 3 {
                    let mut copy = ours.clone();
                    assert_eq!(copy, ours);
                    ours = Mt19937::new(seed ^ 1);
                    assert_ne!(copy, ours);
                    std::mem::swap(&mut copy, &mut ours);
                }
                assert_eq!(
                    ours.next_u32(),
                    theirs.next_u32(),
                    "seed {seed}, output {k}"
                );
            }
        }
    }
}
