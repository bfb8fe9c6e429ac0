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
//! Here the chain runs in a register. Everything else is the reference
//! algorithm; the tests hold it to `rand_mt` and to the C++ standard's check.

/// Words of state.
const N: usize = 624;
/// The twist's middle word.
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;

/// A 32-bit Mersenne Twister.
#[derive(Clone, PartialEq, Eq)]
pub struct Mt19937 {
    state: [u32; N],
    /// The next word to temper; `N` when the state must twist first.
    idx: usize,
}

impl Mt19937 {
    /// A generator seeded as `std::mt19937(seed)` is.
    pub fn new(seed: u32) -> Mt19937 {
        let [mt] = Mt19937::many([seed]);
        mt
    }

    /// Generators for `K` seeds, each as [`Mt19937::new`] makes it. Seeding
    /// is a chain of 623 multiplies, each waiting on the last; `K` chains
    /// run side by side in the time of about one, so many seeded games (a
    /// match's deals, a benchmark's) are best seeded a few at a time.
    pub fn many<const K: usize>(seeds: [u32; K]) -> [Mt19937; K] {
        let mut out = [(); K].map(|_| Mt19937 {
            state: [0; N],
            idx: N,
        });
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
        out
    }

    /// The next output.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.idx >= N {
            self.twist();
        }
        let mut y = self.state[self.idx];
        self.idx += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// The next `N` words, all at once: loops without a wrap, which the
    /// compiler vectorises.
    #[cold]
    fn twist(&mut self) {
        let s = &mut self.state;
        let step = |a: u32, b: u32, m: u32| {
            let y = (a & UPPER) | (b & LOWER);
            m ^ (y >> 1) ^ ((y & 1) * MATRIX_A)
        };
        for i in 0..N - M {
            s[i] = step(s[i], s[i + 1], s[i + M]);
        }
        for i in N - M..N - 1 {
            s[i] = step(s[i], s[i + 1], s[i + M - N]);
        }
        s[N - 1] = step(s[N - 1], s[0], s[M - 1]);
        self.idx = 0;
    }
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
        for (mut together, seed) in Mt19937::many(seeds).into_iter().zip(seeds) {
            let mut alone = Mt19937::new(seed);
            assert!(together == alone);
            for _ in 0..N + 1 {
                assert_eq!(together.next_u32(), alone.next_u32());
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
