//! `--sanitize`: each submission built a second time with AddressSanitizer
//! and UBSan, and run again on each scenario the plain build fails, crashes
//! on or prints differently between runs: where the sanitizers report an
//! error, their words (the error, the function, file and line) lead that
//! scenario's diagnosis. The plain build's run is still what is graded.

use std::path::Path;

use super::{Grader, Outcome, Verdict, invocation};
use upcard_sandbox::{Job, Program};
use upcard_scenario::scenario::Scenario;

/// Added to the course's compiler flags for the second build.
pub(crate) const FLAGS: &str = "-fsanitize=address,undefined -fno-omit-frame-pointer";

/// The sanitizers' settings: reports with their stack (UBSan's too), no
/// leak check (a leak is not what a failing scenario is about, and the
/// check needs ptrace, which the sandbox denies).
const ENV: [&str; 2] = [
    "ASAN_OPTIONS=detect_leaks=0:abort_on_error=0",
    "UBSAN_OPTIONS=print_stacktrace=1",
];

/// Runs `exe` (the sanitizer build) on `s` when `out` did not pass or was
/// nondeterministic, and puts its report first in `out`'s diagnosis (after
/// a mutant whose whole game is the output, which is surer).
pub(crate) fn add(grader: &Grader, exe: &Path, s: &Scenario, out: &mut Outcome) {
    let judged = !matches!(out.verdict, Verdict::NotRun(_) | Verdict::BuildFailed);
    if !judged || (out.verdict.passed() && !out.nondeterministic) {
        return;
    }
    let Some(stderr) = grader.stderr_of(exe, s) else {
        return;
    };
    let Some(found) = crate::mutants::sanitized(&String::from_utf8_lossy(&stderr)) else {
        return;
    };
    out.lead_diagnosis(found);
}

impl Grader {
    /// What `exe` writes on standard error run on `s`, with the sanitizers'
    /// settings; None when it cannot be run.
    fn stderr_of(&self, exe: &Path, s: &Scenario) -> Option<Vec<u8>> {
        let inv = invocation(s, self.argv0.as_deref()).ok()?;
        let env: Vec<String> = ENV.iter().map(|e| e.to_string()).collect();
        let program = Program {
            exe,
            argv0: &inv.argv0,
            args: &inv.args,
            env: &env,
        };
        let job = Job {
            files: &inv.files,
            input: s.input.as_bytes(),
            ..Job::new(program, self.limits)
        };
        Some(self.supervisor.run(job).stderr)
    }
}
