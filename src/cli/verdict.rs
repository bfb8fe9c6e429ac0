//! `upcard autograder verdict`: one test of a grade's JSON report, as a
//! platform that runs a command a test (autograder.io, GitHub Classroom)
//! counts it — its summary and detail on standard output, exit 0 when it
//! passed, 1 when it did not or the report does not have it.

use std::io::Write;
use std::path::Path;

use upcard::Failure;
use upcard::grade::part::JsonReport;

/// A parts report holds some hundred tests' details: far less than this.
const MAX_REPORT: u64 = 64 << 20;

/// Says test `name` of `part` in the report at `path`.
pub fn verdict(path: &Path, part: &str, name: &str, stdout: &mut dyn Write) -> Result<(), Failure> {
    let text = upcard::parse::file::read_text(path, MAX_REPORT).map_err(|e| {
        // No report: the grading before the tests failed, and said why there.
        Failure::failed(format!(
            "{}: {e}: the parts were not graded (the setup's output says why)",
            path.display()
        ))
    })?;
    let report: JsonReport = serde_json::from_str(&text)
        .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    let system = part == "system";
    let found = report
        .tests
        .iter()
        .find(|t| t.name == name && t.part.as_deref().map_or(system, |p| p == part));
    let Some(t) = found else {
        return Err(Failure::failed(format!(
            "{}: no test {name:?} of part {part}: it was not graded for this submission",
            path.display()
        )));
    };
    let mut said = format!("{}: {}\n", t.name, t.summary);
    if !t.detail.is_empty() {
        said.push_str(&t.detail);
        if !t.detail.ends_with('\n') {
            said.push('\n');
        }
    }
    super::exit::write_out(stdout, said.as_bytes())?;
    if t.verdict == "pass" {
        Ok(())
    } else {
        Err(Failure::said(upcard::FailureKind::Failed))
    }
}
