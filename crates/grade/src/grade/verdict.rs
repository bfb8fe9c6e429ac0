//! How one run of one scenario went, and one scenario's result for one
//! program.

use std::path::PathBuf;

use upcard_scenario::scenario::Scenario;
use upcard_scenario::scenario::raw::Visibility;

use upcard_sandbox::Limits;

/// How one run of one scenario went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// Passed under the scenario's comparison mode (says which).
    PassUnder(String),
    Fail,
    Crash(String),
    Timeout,
    WrongExit {
        expected: u8,
        got: i32,
    },
    Truncated,
    /// Killed for memory, or could not start within the memory limit.
    Memory(String),
    /// Filled the space it may write to (`--disk-mb`).
    Disk(String),
    /// The program could not be started (or was not found).
    NotRun(String),
    /// The submission's sources did not build (`--build`): the build's log
    /// is said once, at the head of the student's reports.
    BuildFailed,
    /// Unit-test grading: a bug no valid test of the student's catches (why).
    Missed(String),
}

impl Verdict {
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Pass | Verdict::PassUnder(_))
    }

    /// A short word for tables and reports.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::PassUnder(_) => "pass",
            Verdict::Fail => "fail",
            Verdict::Crash(_) => "crash",
            Verdict::Timeout => "timeout",
            Verdict::WrongExit { .. } => "exit",
            Verdict::Truncated => "truncated",
            Verdict::Memory(_) => "memory",
            Verdict::Disk(_) => "disk",
            Verdict::NotRun(_) => "not-run",
            Verdict::BuildFailed => "build-failed",
            Verdict::Missed(_) => "missed",
        }
    }

    pub fn summary(&self, limits: &Limits) -> String {
        match self {
            Verdict::Pass => "passed".into(),
            Verdict::PassUnder(m) => format!("passed ({m})"),
            Verdict::Fail => "wrong output".into(),
            Verdict::Crash(sig) => format!("crashed ({sig})"),
            Verdict::Timeout => format!("timed out after {} s (killed)", limits.time.as_secs_f64()),
            Verdict::WrongExit { expected, got } => {
                format!("right output, but exit status {got} instead of {expected}")
            }
            Verdict::Truncated => format!(
                "printed more than {} bytes (stopped; output truncated)",
                limits.output
            ),
            Verdict::Memory(why) => format!("out of memory: {why}"),
            Verdict::Disk(why) => format!("out of disk: {why}"),
            Verdict::NotRun(e) => format!("could not run: {e}"),
            Verdict::BuildFailed => {
                "not run: the submission did not build (the build's log is above)".into()
            }
            Verdict::Missed(why) => why.clone(),
        }
    }
}

/// One scenario's result for one program.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Which of the run's scenarios this is (its place in the run's list),
    /// so that a sharded run's parts can be put back in order.
    pub case: usize,
    pub name: String,
    pub path: PathBuf,
    pub description: String,
    pub weight: f64,
    pub visibility: Visibility,
    pub verdict: Verdict,
    /// What went wrong and why the expected output is right (empty on a pass).
    pub detail: String,
    pub stdout: String,
    pub stderr: String,
    pub exit: Option<i32>,
    pub time_ms: u128,
    /// Runs of the same scenario printed different output (`--repeat`).
    pub nondeterministic: bool,
    /// Wrong output that differs from the golden only in white space and
    /// blank lines (it would pass under `diff -B -w`); the scenario's
    /// `compare:` still decides the verdict.
    pub near_miss: bool,
    /// The expected and the actual lines around the first difference, with
    /// their line numbers (for side-by-side views).
    pub context: Option<Context>,
    /// What the wrong output's first wrong line means and the mutants that
    /// explain it, best first (`--diagnose`).
    pub diagnosis: Vec<crate::mutants::Finding>,
    /// The part of the grade it belongs to (a scenario's: the system tests).
    pub part: super::points::Part,
}

/// Lines around the first difference: (line number, text) on each side.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Context {
    // In the order of their names, as the JSON report lists them.
    pub actual: Vec<(usize, String)>,
    /// Where the first difference is, as line numbers.
    pub actual_line: usize,
    pub expected: Vec<(usize, String)>,
    pub expected_line: usize,
}

/// Lines shown on each side of the first difference.
const CONTEXT: usize = 3;

pub(super) fn around(text: &str, line: usize) -> Vec<(usize, String)> {
    let from = line.saturating_sub(CONTEXT).max(1);
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_string()))
        .skip(from - 1)
        .take(line + CONTEXT + 1 - from)
        .collect()
}

impl Outcome {
    /// Puts `f` first in the diagnosis and in the detail, whose first lines
    /// are the diagnosis; after a mutant whose whole game is the output,
    /// which is surer.
    pub(crate) fn lead_diagnosis(&mut self, f: crate::mutants::Finding) {
        let at = self
            .diagnosis
            .iter()
            .take_while(|d| d.kind == crate::mutants::Kind::Mutant)
            .count();
        self.add_diagnosis(at, f);
    }

    /// Puts `f` last in the diagnosis and in the detail's first lines.
    pub(crate) fn end_diagnosis(&mut self, f: crate::mutants::Finding) {
        self.add_diagnosis(self.diagnosis.len(), f);
    }

    /// Puts `f` at `at` in the diagnosis, and the detail's first lines
    /// (the diagnosis as text) made again.
    fn add_diagnosis(&mut self, at: usize, f: crate::mutants::Finding) {
        let old = crate::mutants::diagnosis_text(&self.diagnosis);
        self.diagnosis.insert(at, f);
        let rest = self
            .detail
            .strip_prefix(old.as_str())
            .unwrap_or(&self.detail);
        self.detail = crate::mutants::diagnosis_text(&self.diagnosis) + rest;
    }

    /// A scenario's outcome with `verdict` and nothing run yet.
    pub fn of(s: &Scenario, verdict: Verdict) -> Outcome {
        Outcome {
            path: s.path.clone(),
            description: s.description.clone(),
            visibility: s.visibility,
            ..Outcome::new(s.name.clone(), s.weight, verdict, String::new())
        }
    }

    /// An outcome named `name`, worth `weight`, with its verdict and detail
    /// (for results that are no scenario's: unit-test grading's).
    pub fn new(name: String, weight: f64, verdict: Verdict, detail: String) -> Outcome {
        Outcome {
            case: 0,
            name,
            path: PathBuf::new(),
            description: String::new(),
            weight,
            visibility: Visibility::Visible,
            verdict,
            detail,
            stdout: String::new(),
            stderr: String::new(),
            exit: None,
            time_ms: 0,
            nondeterministic: false,
            near_miss: false,
            context: None,
            diagnosis: Vec::new(),
            part: super::points::Part::System,
        }
    }

    /// The same outcome, of `part`.
    pub fn in_part(self, part: super::points::Part) -> Outcome {
        Outcome { part, ..self }
    }

    pub fn score(&self) -> f64 {
        if self.verdict.passed() {
            self.weight
        } else {
            0.0
        }
    }
}
