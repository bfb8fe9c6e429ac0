//! How long one test file, and one submission's files together, may keep
//! a worker. Every variant runs every test, so a file slow only on buggy
//! code cost variants × tests × the time limit: two such files held a
//! worker 49 s at `--timeout 1`, about 45 minutes a file at the defaults.
//! A file whose runs use up either budget is not graded, and says so.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The time a file's runs have taken, against its budget and its
/// submission's (shared by the submission's files, which may be graded on
/// other workers at the same time).
pub(crate) struct Budget<'a> {
    file: Duration,
    spent: Cell<Duration>,
    submission: Duration,
    /// Microseconds the submission's files have taken so far.
    submission_spent: &'a AtomicU64,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(file: Duration, submission: Duration, spent: &'a AtomicU64) -> Budget<'a> {
        Budget {
            file,
            spent: Cell::new(Duration::ZERO),
            submission,
            submission_spent: spent,
        }
    }

    /// Counts a run's time.
    pub(crate) fn charge(&self, time: Duration) {
        self.spent.set(self.spent.get() + time);
        let micros = u64::try_from(time.as_micros()).unwrap_or(u64::MAX);
        self.submission_spent.fetch_add(micros, Ordering::Relaxed);
    }

    /// Why no more runs may be made, if either budget is used up.
    pub(crate) fn exhausted(&self) -> Option<String> {
        let submission = Duration::from_micros(self.submission_spent.load(Ordering::Relaxed));
        if self.spent.get() >= self.file {
            Some(format!(
                "its runs took more than {} s in all (--file-budget): not graded",
                self.file.as_secs_f64()
            ))
        } else if submission >= self.submission {
            Some(format!(
                "the submission's test runs took more than {} s in all (--submission-budget): \
                 not graded",
                self.submission.as_secs_f64()
            ))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_used_up_by_its_file_or_its_submission() {
        let shared = AtomicU64::new(0);
        let a = Budget::new(Duration::from_secs(2), Duration::from_secs(3), &shared);
        let b = Budget::new(Duration::from_secs(2), Duration::from_secs(3), &shared);
        a.charge(Duration::from_millis(1500));
        assert_eq!(a.exhausted(), None);
        a.charge(Duration::from_millis(500));
        assert_eq!(
            a.exhausted().as_deref(),
            Some("its runs took more than 2 s in all (--file-budget): not graded")
        );
        b.charge(Duration::from_millis(999));
        assert_eq!(b.exhausted(), None);
        b.charge(Duration::from_millis(1));
        assert_eq!(
            b.exhausted().as_deref(),
            Some(
                "the submission's test runs took more than 3 s in all (--submission-budget): \
                 not graded"
            )
        );
    }
}
