//! Unit-test grading (`upcard unit-tests`, EECS 280's `Card_tests.cpp` and
//! `Player_tests.cpp`): each test file of a submission is compiled with the
//! staff's correct solution and with each buggy one, in the grader's
//! sandbox; its tests are listed as the course's unit-test framework lists
//! them (`--show_test_names`) and each is run alone. A test that fails on the correct
//! solution is invalid; a bug is caught when a valid test fails (or
//! crashes, or runs out of time) on it (the spec's procedure,
//! docs/unit-tests.md).

mod file;
mod grading;
pub mod mutate;
mod page;
mod report;
mod sources;

pub use report::{Report, Submission, Test, TestFile};

use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;

use upcard_grade::grade::Grader;
use upcard_parse::escape::printable;
use upcard_rules::Failure;
use upcard_sandbox::{Limits, Sandboxing};
use upcard_scenario::scenario::write_atomic;

use crate::grading::{Grading, compiled_bugs, told_apart};
use crate::report::{table, write_reports};
use crate::sources::{Files, bugs, implementation, is_test_file, read_files, submissions};

/// What `upcard unit-tests` is asked.
pub struct Options {
    /// The correct solution's folder (sources, headers, the framework).
    pub solution: PathBuf,
    /// Folders of buggy solutions: each subfolder is one bug, holding the
    /// files that differ from the solution's.
    pub bugs: Vec<PathBuf>,
    /// Submissions: a folder holding `*_tests.cpp`, or a folder of them.
    pub tests: PathBuf,
    /// Compiler flags (the course Makefile's by default).
    pub cxxflags: String,
    /// Each test run's limits (the spec: a suite in under 5 s).
    pub limits: Limits,
    /// At most this many tests in a file (the spec: 50).
    pub max_tests: usize,
    /// Time each test alone (one that runs too long is invalid), not the
    /// whole suite too (one that does is not graded).
    pub per_test_time: bool,
    pub sandboxing: Sandboxing,
    /// Where to write the JSON report.
    pub json: Option<PathBuf>,
    /// The platforms' reports (`grade --report`'s kinds but `tap`): one
    /// test a bug (a point when caught), one an invalid test or a file
    /// that could not be graded (no points).
    pub reports: Vec<upcard_grade::grade::writer::ReportSpec>,
    /// Test files graded at once.
    pub jobs: usize,
    /// The staff's own test files: a bug they do not catch is suspect, and
    /// a generated bug is kept only when they tell it apart.
    pub reference: Option<PathBuf>,
    /// Buggy solutions to make by mutating the solution's sources.
    pub generate: usize,
    /// Which ones (the same seed, the same bugs).
    pub seed: u64,
}

/// Grades the submissions, prints the table, writes the report; what it
/// has to say besides (the sandbox's notes) goes to `said`.
pub fn run(
    o: &Options,
    said: &dyn upcard_grade::grade::event::Reporter,
    out: &mut dyn Write,
) -> Result<Report, Failure> {
    let solution = read_files(&o.solution).map_err(Failure::input)?;
    if implementation(&solution).is_empty() {
        return Err(Failure::input(format!(
            "{}: no solution sources (.cpp files without main) in it",
            o.solution.display()
        )));
    }
    let bug_files = bugs(&o.bugs).map_err(Failure::input)?;
    let subs = submissions(&o.tests).map_err(Failure::input)?;
    let grader = Grader::new(None, o.limits, o.sandboxing.clone())
        .map_err(|e| Failure::input(e.to_string()))?;
    for n in grader.notes() {
        said.report(upcard_grade::grade::event::Event::Note(n.clone()));
    }
    let g = Grading {
        grader,
        o,
        solution,
        work: tempfile::tempdir()
            .map_err(|e| Failure::input(format!("cannot make a work folder: {e}")))?,
        made: Default::default(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.max(1))
        .build()
        .map_err(|e| Failure::input(format!("cannot start the workers: {e}")))?;
    let correct = g.variant("solution", &Files::new()).map_err(|log| {
        Failure::input(format!(
            "{}: the solution does not compile:\n{log}",
            o.solution.display()
        ))
    })?;
    let mut notes = Vec::new();
    let mut variants = compiled_bugs(&g, &pool, &bug_files, &mut notes);
    let refs = match &o.reference {
        Some(dir) => g.references(dir, &correct).map_err(Failure::input)?,
        None => Vec::new(),
    };
    let mut suspect = Vec::new();
    if !refs.is_empty() {
        variants = told_apart(&g, &pool, variants, &refs, &mut notes, &mut suspect);
    }
    if o.generate > 0 {
        if refs.is_empty() {
            return Err(Failure::input(
                "--generate needs --reference-tests: a generated bug is kept only when the staff's tests tell it apart from the solution",
            ));
        }
        variants.extend(g.generate(o.generate, o.seed, &refs, &pool));
    }
    let mut report = Report {
        suspect,
        bugs: variants.iter().map(|v| v.name.clone()).collect(),
        submissions: Vec::new(),
    };
    let jobs = student_jobs(&subs, &mut report);
    let graded: Vec<(usize, TestFile)> = pool.install(|| {
        jobs.par_iter()
            .map(|(i, tag, name, bytes)| (*i, g.file(&correct, &variants, name, bytes, tag)))
            .collect()
    });
    for (i, f) in graded {
        report.submissions[i].files.push(f);
    }
    for n in &notes {
        writeln!(out, "{}\n", printable(n))
            .map_err(|e| Failure::input(format!("writing the table: {e}")))?;
    }
    table(&report, out).map_err(|e| Failure::input(format!("writing the table: {e}")))?;
    if let Some(p) = &o.json {
        let text = serde_json::to_string_pretty(&report).expect("a report serializes");
        write_atomic(p, text.as_bytes())
            .map_err(|e| Failure::input(format!("{}: {e}", p.display())))?;
    }
    write_reports(o, &report)?;
    Ok(report)
}

/// A test file to grade: its student's place in the report, its work
/// tag, its name and bytes.
pub(crate) type Job = (usize, String, String, Vec<u8>);

/// Each student's row in the report (a row that says why, for a
/// submission that cannot be read or holds no test file), and the test
/// files to grade.
pub(crate) fn student_jobs(subs: &[(String, PathBuf)], report: &mut Report) -> Vec<Job> {
    let mut jobs = Vec::new();
    for (who, dir) in subs {
        let mut s = Submission {
            name: who.clone(),
            files: Vec::new(),
        };
        // One student's unreadable file is that student's row, not the class's.
        let files = match read_files(dir) {
            Ok(f) => f,
            Err(e) => {
                s.files.push(TestFile {
                    file: "(submission)".into(),
                    error: Some(e),
                    tests: Vec::new(),
                    caught: Vec::new(),
                    unbuilt: Vec::new(),
                });
                report.submissions.push(s);
                continue;
            }
        };
        if !files.keys().any(|n| is_test_file(n)) {
            // Said, not skipped: the student gets a row and no points.
            s.files.push(TestFile {
                file: "(none)".into(),
                error: Some("no *_tests.cpp in the submission".into()),
                tests: Vec::new(),
                caught: Vec::new(),
                unbuilt: Vec::new(),
            });
        }
        report.submissions.push(s);
        // Work files are named by the student's and the file's numbers:
        // names made of folder and file names could be the same for two.
        let i = report.submissions.len() - 1;
        let tests = files.into_iter().filter(|(n, _)| is_test_file(n));
        for (j, (name, bytes)) in tests.enumerate() {
            jobs.push((i, format!("s{i}-f{j}"), name, bytes));
        }
    }
    jobs
}
