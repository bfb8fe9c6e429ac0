//! `--shard I/N`: one machine's deterministic share of a class's runs.

use std::fmt;
use std::str::FromStr;

/// Shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Whether run `k` of the (student × scenario) list is this shard's.
    /// Round robin, so each shard gets every student's scenarios in turn and
    /// the shards' loads differ by at most one run.
    pub fn takes(self, k: usize) -> bool {
        k % self.count == self.index - 1
    }

    /// Whether the parts besides the system tests of the student named
    /// `name` are this shard's: by a hash of the name (FNV-1a), the same in
    /// every part and every shard whatever folders each part finds.
    pub fn takes_student(self, name: &str) -> bool {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in name.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        h % self.count as u64 == (self.index - 1) as u64
    }
}

/// A shard's run as its reports record it: the shard, the scenarios each
/// program has in the whole run, and the TA's points, which the merge
/// applies to the joined grade (a part's total is the whole run's).
#[derive(Clone, Debug, PartialEq)]
pub struct Sharded {
    pub shard: Shard,
    pub cases: usize,
    pub points: Option<super::points::Points>,
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("{s:?} is not a shard: I/N with 1 ≤ I ≤ N, as in 2/3");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_runs_exactly_once() {
        let shards: Vec<Shard> = (1..=3).map(|i| Shard { index: i, count: 3 }).collect();
        for k in 0..20 {
            assert_eq!(shards.iter().filter(|s| s.takes(k)).count(), 1, "run {k}");
        }
        assert!(shards[0].takes(0) && shards[1].takes(1) && shards[2].takes(5));
    }

    #[test]
    fn each_student_is_one_shards() {
        let shards: Vec<Shard> = (1..=3).map(|i| Shard { index: i, count: 3 }).collect();
        let names: Vec<String> = (0..60).map(|i| format!("student{i}")).collect();
        let mut per = [0; 3];
        for n in &names {
            let mine: Vec<usize> = (0..3).filter(|&i| shards[i].takes_student(n)).collect();
            assert_eq!(mine.len(), 1, "{n}");
            per[mine[0]] += 1;
        }
        assert_eq!(per, [19, 19, 22]);
        assert!(Shard { index: 1, count: 1 }.takes_student("anyone"));
    }

    #[test]
    fn only_i_of_n_with_i_in_range_is_a_shard() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        assert_eq!(
            "1/1".parse::<Shard>().map(|s| s.to_string()),
            Ok("1/1".into())
        );
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/3", ""] {
            let e = bad.parse::<Shard>().unwrap_err();
            assert!(e.contains("is not a shard"), "{bad}: {e}");
        }
    }
}
