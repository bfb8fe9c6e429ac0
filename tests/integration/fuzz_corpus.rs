//! The fuzz targets (fuzz/, `cargo fuzz`) as a property test on stable Rust:
//! every file of each target's corpus, and deterministic mutations of it
//! (bit flips, byte changes, insertions, deletions, repeated and spliced
//! pieces), must go through `upcard::fuzzing` without a panic.

use std::path::Path;

use upcard::fuzzing::TARGETS;

/// xorshift64*: the same mutations on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const INTERESTING: [&[u8]; 12] = [
    b"\n",
    b" ",
    b"\r",
    b"\xff",
    b"\xe2\x80\xa8",
    b"?",
    b"upcard",
    b"[",
    b"{",
    b"18446744073709551615",
    b"-1",
    b"phase trick 3 3 table 3",
];

fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(v.len() + 1);
        match rng.below(7) {
            0 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] ^= 1 << rng.below(8);
            }
            1 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] = rng.next() as u8;
            }
            2 => {
                let piece = INTERESTING[rng.below(INTERESTING.len())];
                v.splice(at..at, piece.iter().copied());
            }
            3 if !v.is_empty() => {
                let end = (at + 1 + rng.below(16)).min(v.len());
                v.drain(at.min(end)..end);
            }
            4 if !v.is_empty() => {
                let start = rng.below(v.len());
                let end = (start + 1 + rng.below(32)).min(v.len());
                let piece = v[start..end].to_vec();
                v.splice(at..at, piece);
            }
            5 if !other.is_empty() => {
                let start = rng.below(other.len());
                let end = (start + 1 + rng.below(64)).min(other.len());
                v.splice(at..at, other[start..end].iter().copied());
            }
            _ => {
                // A number somewhere: a digit changed to a large one.
                if let Some(i) = v.iter().position(|b| b.is_ascii_digit()) {
                    v.splice(i..i + 1, b"99999".iter().copied());
                }
            }
        }
    }
    v
}

#[test]
fn every_target_survives_its_corpus_and_mutations_of_it() {
    for (name, target) in TARGETS {
        let dir = Path::new("fuzz/corpus").join(name);
        let mut files: Vec<Vec<u8>> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| std::fs::read(e.unwrap().path()).unwrap())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no corpus for {name}");
        // Playing a whole game per input makes these targets slower.
        let per_file = match name {
            "save" | "scenario" | "diagnosis" => 300,
            "human_eecs280" | "human_cs246" => 600,
            _ => 8000,
        };
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64);
        let mut runs = 0;
        for (i, f) in files.iter().enumerate() {
            target(f);
            let other = &files[(i + 1) % files.len()];
            for _ in 0..per_file {
                let m = mutate(&mut rng, f, other);
                target(&m);
                runs += 1;
            }
        }
        assert!(runs >= per_file, "{name}: {runs} runs");
    }
}
