//! One test file graded: compiled with the correct solution and with each
//! bug, then run the same way on every one of them, in an order no program
//! can foresee.
//!
//! A test program may tell which implementation it is linked with only by
//! how that code behaves. Everything else is the same for every one: the
//! program's file as it runs (in the sandbox a sealed memory copy named
//! `program`, so `/proc/self/exe` names no variant), its arguments, its
//! environment, its process ID, a space emptied and put back after every
//! run. So is which runs each gets: every variant lists its tests (`--show_test_names`),
//! runs the whole suite and runs each test alone, and all those runs of all
//! variants are shuffled together with a key from the operating system, so
//! there is no "solution first" to count on. The one thing a program prints
//! that reaches a later run is its list of tests (their names become the
//! arguments): a file whose list is not the same with every variant is not
//! graded, or a name could carry a variant's mark.

use std::path::PathBuf;

use std::path::Path;
use std::time::Duration;

use crate::budget::Budget;
use crate::grading::{Grading, Variant};
use crate::{Test, TestFile};
use upcard_sandbox::{Ending, Limits, Run};

/// A test program: the variant it is linked with and its file.
type Program<'v> = (&'v Variant, PathBuf);

/// Each program's outcome of each test run alone, in the list's order.
type Outcomes = Vec<Vec<Result<Run, String>>>;

/// A run's outcome, or (Err) why no more of the file's runs are made.
type Budgeted = Result<Result<Run, String>, String>;

/// The shortest limit a bug's run gets (`bug_limit`), and the limit of a
/// bug's whole-suite run, a decoy whose outcome is not read.
const BUG_FLOOR: Duration = Duration::from_millis(200);

impl Grading<'_> {
    /// Grades one test file of a submission (`tag` names its work files).
    pub(super) fn file(
        &self,
        solution: &Variant,
        bugs: &[&Variant],
        name: &str,
        bytes: &[u8],
        tag: &str,
        budget: &Budget,
    ) -> TestFile {
        let mut out = TestFile {
            file: name.to_string(),
            error: None,
            tests: Vec::new(),
            caught: Vec::new(),
            graded: bugs.iter().map(|b| b.name.clone()).collect(),
            unbuilt: Vec::new(),
        };
        let programs = match self.programs(solution, bugs, (name, bytes), tag) {
            Ok((programs, unbuilt)) => {
                out.unbuilt = unbuilt;
                programs
            }
            Err(e) => {
                out.error = Some(e);
                return out;
            }
        };
        match self.graded(&mut out, &programs, budget) {
            Ok(()) => {}
            Err(e) => out.error = Some(e),
        }
        out
    }

    /// Lists the tests, runs the suites and then each test alone, and
    /// judges them; why the file is not graded, if it is not.
    fn graded(
        &self,
        out: &mut TestFile,
        programs: &[Program],
        budget: &Budget,
    ) -> Result<(), String> {
        let names = self.listed(programs, budget)?;
        if names.len() > self.o.max_tests {
            return Err(format!(
                "{} tests: at most {} are allowed",
                names.len(),
                self.o.max_tests
            ));
        }
        // The whole suite first, as the spec times it: within the limit on
        // the solution (docs/unit-tests.md; --per-test-time times each
        // alone). Every program's suite run comes before any test alone, so
        // a file whose suite is too slow is judged as soon as that is known,
        // not after every test of every variant has run.
        let limit = if self.o.per_test_time {
            self.o.limits
        } else {
            bug_limit(self.o.limits, self.suites(programs, budget)?)
        };
        let outcomes = self.shuffled(programs, &names, budget, limit)?;
        self.judge(out, programs, &names, &outcomes);
        Ok(())
    }

    /// A run made when the budgets allow it, its time counted.
    fn budgeted(&self, budget: &Budget, exe: &Path, args: &[String], limits: Limits) -> Budgeted {
        if let Some(why) = budget.exhausted() {
            return Err(why);
        }
        let run = self.run_limited(exe, args, limits);
        if let Ok(r) = &run {
            budget.charge(r.time);
        }
        Ok(run)
    }

    /// The test file compiled and linked with the solution (first) and with
    /// each bug; the bugs it does not build with, by name.
    fn programs<'v>(
        &self,
        solution: &'v Variant,
        bugs: &[&'v Variant],
        (name, bytes): (&str, &[u8]),
        tag: &str,
    ) -> Result<(Vec<Program<'v>>, Vec<String>), String> {
        let (object, exe) = self
            .object(solution, (name, bytes), tag)
            .and_then(|o| self.link(&o, solution, tag).map(|e| (o, e)))
            .map_err(|log| format!("does not compile with the solution:\n{log}"))?;
        let mut programs = vec![(solution, exe)];
        let mut unbuilt = Vec::new();
        for &bug in bugs {
            // A bug's own headers: the test file compiled against them.
            let same_headers = bug
                .files
                .iter()
                .filter(|(n, _)| !n.ends_with(".cpp"))
                .all(|(n, b)| solution.files.get(n) == Some(b));
            let exe = if same_headers {
                self.link(&object, bug, tag)
            } else {
                self.object(bug, (name, bytes), &format!("{tag}-{}", bug.tag))
                    .and_then(|o| self.link(&o, bug, tag))
            };
            match exe {
                Ok(exe) => programs.push((bug, exe)),
                Err(_) => unbuilt.push(bug.name.clone()),
            }
        }
        Ok((programs, unbuilt))
    }

    /// The tests every program lists (`--show_test_names`), each asked in a
    /// random order: the solution's list, when every bug's is the same. The
    /// first list that fails or differs ends the listing (the solution's
    /// is then asked, if it was not yet, so the error is the same whatever
    /// the order): a file that hangs as it starts costs two limits, not one
    /// a variant.
    fn listed(&self, programs: &[Program], budget: &Budget) -> Result<Vec<String>, String> {
        let mut lists: Vec<Option<Result<Vec<String>, String>>> = vec![None; programs.len()];
        let list = |i: usize| -> Result<Result<Vec<String>, String>, String> {
            let run = self.budgeted(budget, &programs[i].1, &[SHOW_NAMES.into()], self.o.limits)?;
            Ok(run.and_then(|r| self.names_in(&r)))
        };
        for i in shuffled_indices(programs.len()) {
            let l = list(i)?;
            let bad = l.is_err();
            lists[i] = Some(l);
            if bad
                || lists
                    .iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .windows(2)
                    .any(|w| w[0] != w[1])
            {
                break;
            }
        }
        let solution = match lists[0].take() {
            Some(l) => l,
            None => list(0)?,
        }?;
        let all = lists.iter().skip(1).all(Option::is_some);
        if !all || lists.iter().flatten().any(|l| l.as_ref() != Ok(&solution)) {
            return Err(
                "its list of tests (--show_test_names) is not the same with every implementation: \
                 a test file must list the same tests whatever the code it tests does"
                    .into(),
            );
        }
        Ok(solution)
    }

    /// Every program's whole suite, in an order drawn as `shuffled` draws
    /// it (each variant runs it, so none is told by what it is asked); an
    /// error as soon as the solution's is over the time limit. Only the
    /// solution's is read: a bug's is a decoy, stopped after `BUG_FLOOR`
    /// (no program can see its limit). The solution's suite's time.
    fn suites(&self, programs: &[Program], budget: &Budget) -> Result<Duration, String> {
        let mut solution = Duration::ZERO;
        let decoy = Limits {
            time: BUG_FLOOR.min(self.o.limits.time),
            ..self.o.limits
        };
        for p in shuffled_indices(programs.len()) {
            let limits = if p == 0 { self.o.limits } else { decoy };
            let run = self.budgeted(budget, &programs[p].1, &[], limits)?;
            if p > 0 {
                continue;
            }
            match &run {
                Ok(r) if r.ending == Ending::TimedOut => {
                    return Err(format!(
                        "the whole suite takes more than {} s on the correct solution",
                        self.o.limits.time.as_secs_f64()
                    ));
                }
                Ok(r) => solution = r.time,
                Err(_) => {}
            }
        }
        Ok(solution)
    }

    /// Every program asked each test alone (by name), all the runs in one
    /// order drawn from the operating system's randomness: the solution's
    /// with the time limit, a bug's with `bugs` (`bug_limit`). The whole
    /// suite is asked apart, first (`suites`).
    fn shuffled(
        &self,
        programs: &[Program],
        names: &[String],
        budget: &Budget,
        bugs: Limits,
    ) -> Result<Outcomes, String> {
        let mut outcomes: Vec<Vec<Option<Result<Run, String>>>> =
            vec![vec![None; names.len()]; programs.len()];
        for job in shuffled_indices(programs.len() * names.len()) {
            let (p, t) = (job / names.len(), job % names.len());
            let limits = if p == 0 { self.o.limits } else { bugs };
            let run = self.budgeted(budget, &programs[p].1, &[names[t].clone()], limits)?;
            outcomes[p][t] = Some(run);
        }
        Ok(outcomes
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|o| o.expect("every run made"))
                    .collect()
            })
            .collect())
    }

    /// Valid tests (they pass alone on the solution) and the bugs each
    /// catches (it fails alone on the bug).
    fn judge(&self, out: &mut TestFile, programs: &[Program], names: &[String], o: &Outcomes) {
        for (i, t) in names.iter().enumerate() {
            let failure = self.failure(&o[0][i]);
            out.tests.push(Test {
                name: t.clone(),
                valid: failure.is_none(),
                failure,
                catches: Vec::new(),
            });
        }
        for (p, (bug, _)) in programs.iter().enumerate().skip(1) {
            for (i, t) in out.tests.iter_mut().enumerate() {
                if t.valid && self.failure(&o[p][i]).is_some() {
                    t.catches.push(bug.name.clone());
                }
            }
            if out.tests.iter().any(|t| t.catches.contains(&bug.name)) {
                out.caught.push(bug.name.clone());
            }
        }
    }

    /// Why a run of one test failed, or None when it passed (a run that
    /// could not be made fails, with the reason).
    fn failure(&self, run: &Result<Run, String>) -> Option<String> {
        let run = match run {
            Ok(r) => r,
            Err(e) => return Some(e.clone()),
        };
        if run.ending == Ending::Exited(0) {
            return None;
        }
        let mut why = run.ending.describe(&self.o.limits);
        let out = String::from_utf8_lossy(&run.stdout).into_owned()
            + &String::from_utf8_lossy(&run.stderr);
        let tail: Vec<&str> = out.lines().rev().take(12).collect();
        for l in tail.into_iter().rev() {
            why.push_str("\n  ");
            why.push_str(l);
        }
        Some(why)
    }
}

/// The spelling every term's framework takes for listing its tests (only
/// newer ones take `-n`).
const SHOW_NAMES: &str = "--show_test_names";

/// The limit of a test run alone on a bug: ten times the solution's whole
/// suite, at least `BUG_FLOOR`, at most the time limit. A test is a part
/// of the suite, so a run on a bug that takes ten times the whole suite on
/// the solution hangs: it has caught its bug. A file whose every test
/// hangs on every bug no longer costs a limit a test and bug.
fn bug_limit(limits: Limits, solution_suite: Duration) -> Limits {
    Limits {
        time: (solution_suite * 10).clamp(BUG_FLOOR.min(limits.time), limits.time),
        ..limits
    }
}

/// `0..n` in an order drawn from the operating system's randomness (a
/// Fisher-Yates shuffle keyed by 64 random bits): no program can know where
/// its run falls. Outputs do not depend on it.
fn shuffled_indices(n: usize) -> Vec<usize> {
    let key = getrandom::u64().unwrap_or_else(|_| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut rng = rand_mt::Mt64::new(key);
    let mut v: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
    v
}
