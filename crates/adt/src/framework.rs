//! The course's unit-test framework as a program that links it behaves:
//! `--show_test_names` lists its tests (every term's framework takes that
//! spelling; `-n` only the newer ones), a name on the command line runs
//! that test alone, and its results say `** Test case "NAME": FAIL` with
//! the failure's line and reason below.

use upcard_sandbox::{Ending, Limits, Run, signal_name};

use crate::Verdict;

/// The argument that lists the tests.
pub(crate) const LIST: &str = "--show_test_names";

/// The most of a message kept for a test.
const MESSAGE_LINES: usize = 12;

/// The test names a listing printed, one a line.
pub(crate) fn names(stdout: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// What one test's run says: its verdict and the framework's own message
/// (or the end of standard error for a crash).
pub(crate) fn judge(name: &str, run: &Run, limits: &Limits) -> (Verdict, String) {
    let out = String::from_utf8_lossy(&run.stdout);
    match &run.ending {
        Ending::Exited(0) => (Verdict::Pass, String::new()),
        Ending::Exited(code) => {
            let header = format!("** Test case \"{name}\": ");
            let found = out.lines().position(|l| l.starts_with(&header));
            let said = found.map(|i| out.lines().nth(i).unwrap_or_default()[header.len()..].trim());
            let message = found.map_or_else(
                || tail(&out, &run.stderr),
                |i| block(out.lines().skip(i + 1)),
            );
            let verdict = match said {
                Some("ERROR") => Verdict::Error,
                Some("FAIL") => Verdict::Fail,
                _ => Verdict::Exited(*code),
            };
            (verdict, message)
        }
        Ending::Signal(s) => (Verdict::Crash(signal_name(*s)), tail("", &run.stderr)),
        Ending::TimedOut => (Verdict::Timeout(limits.time.as_secs_f64()), String::new()),
        other => (Verdict::Limit(other.describe(limits)), String::new()),
    }
}

/// The lines of a test's result, up to the blank line or the summary.
fn block<'a>(lines: impl Iterator<Item = &'a str>) -> String {
    let kept: Vec<&str> = lines
        .take_while(|l| !l.trim().is_empty() && !l.starts_with("*** "))
        .take(MESSAGE_LINES)
        .map(str::trim_end)
        .collect();
    upcard_parse::escape::printable(&kept.join("\n"))
}

/// The last lines a program printed, when the framework said nothing of
/// the test (an assertion's `Assertion failed` is on standard error).
fn tail(stdout: &str, stderr: &[u8]) -> String {
    let err = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = stdout
        .lines()
        .chain(err.lines())
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with("Running test: "))
        .collect();
    let from = lines.len().saturating_sub(MESSAGE_LINES);
    upcard_parse::escape::printable(&lines[from..].join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn run(stdout: &str, stderr: &str, ending: Ending) -> Run {
        Run {
            stdout: stdout.into(),
            stderr: stderr.into(),
            ending,
            time: Duration::ZERO,
        }
    }

    #[test]
    fn the_frameworks_failure_message_is_the_tests_message() {
        let out = "Running test: test_less\nFAIL\n\n*** Results ***\n\
                   ** Test case \"test_less\": FAIL\nIn test test_less, line 14: \n\
                   false != true\n\n*** Summary ***\nOut of 1 tests run:\n1 failure(s), 0 error(s)\n";
        let (v, m) = judge(
            "test_less",
            &run(out, "", Ending::Exited(1)),
            &Limits::default(),
        );
        assert_eq!(v, Verdict::Fail);
        assert_eq!(m, "In test test_less, line 14:\nfalse != true");
        let err = out.replace(
            ": FAIL\nIn test",
            ": ERROR\nUncaught std::runtime_error in test",
        );
        assert_eq!(
            judge(
                "test_less",
                &run(&err, "", Ending::Exited(1)),
                &Limits::default()
            )
            .0,
            Verdict::Error
        );
    }

    #[test]
    fn a_crash_keeps_the_end_of_standard_error() {
        let r = run(
            "Running test: t\n",
            "t: Card.cpp:40: bool is_trump(): Assertion `false' failed.\n",
            Ending::Signal(6),
        );
        let (v, m) = judge("t", &r, &Limits::default());
        assert_eq!(v, Verdict::Crash("SIGABRT".into()));
        assert_eq!(
            m,
            "t: Card.cpp:40: bool is_trump(): Assertion `false' failed."
        );
        assert_eq!(names(b"b\n  a\n\n"), ["b", "a"]);
    }
}
