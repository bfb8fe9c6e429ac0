//! Unit-test grading (`upcard unit-tests`, EECS 280's `Card_tests.cpp` and
//! `Player_tests.cpp`): each test file of a submission is compiled with the
//! staff's correct solution and with each buggy one, in the grader's
//! sandbox; its tests are listed as the course's unit-test framework lists
//! them (`--show_test_names`) and each is run alone. A test that fails on the correct
//! solution is invalid; a bug is caught when a valid test fails (or
//! crashes, or runs out of time) on it (the spec's procedure,
//! docs/unit-tests.md).

mod budget;
mod file;
mod grading;
pub mod merge;
pub mod mutate;
mod page;
mod report;
mod sources;

pub use report::{Report, Submission, Test, TestFile, bug_test, outcomes};

use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;

use upcard_grade::grade::Grader;
use upcard_parse::escape::printable;
use upcard_parse::file::write_atomic;
use upcard_rules::Failure;
use upcard_sandbox::{Limits, Sandboxing};

use crate::grading::Variant;
use crate::grading::{Grading, compiled_bugs, unjudged};
use crate::report::{table, write_reports};
use crate::sources::{Files, bugs, implementation, read_files, submissions};

/// The test files the EECS 280 spec grades ("Unit Test Grading"): the
/// default of `--files`, and the test files `make style` checks.
pub const GRADED_TESTS: [&str; 2] = ["Card_tests.cpp", "Player_tests.cpp"];

/// What `upcard unit-tests` is asked.
pub struct Options {
    /// The correct solution's folder (sources, headers, the framework).
    pub solution: PathBuf,
    /// Folders of buggy solutions: each subfolder is one bug, holding the
    /// files that differ from the solution's.
    pub bugs: Vec<PathBuf>,
    /// The course's headers and framework (`--course-files`), by name:
    /// they replace the solution's, so every test file compiles against
    /// the course's API, as the course grades it.
    pub course_files: Vec<(String, Vec<u8>)>,
    /// Submissions: a folder holding `*_tests.cpp`, or a folder of them.
    pub tests: PathBuf,
    /// The test files graded, each against its own class's bugs (the
    /// spec's `Card_tests.cpp` and `Player_tests.cpp`).
    pub files: Vec<String>,
    /// Compiler flags (the course Makefile's by default).
    pub cxxflags: String,
    /// Each test run's limits (the spec: a suite in under 5 s).
    pub limits: Limits,
    /// At most this many tests in a file (the spec: 50).
    pub max_tests: usize,
    /// Time each test alone (one that runs too long is invalid), not the
    /// whole suite too (one that does is not graded).
    pub per_test_time: bool,
    /// The time all of a test file's runs may take together (budget.rs).
    pub file_budget: std::time::Duration,
    /// The time all of a submission's test files' runs may take together.
    pub submission_budget: std::time::Duration,
    pub sandboxing: Sandboxing,
    /// Where to write the JSON report.
    pub json: Option<PathBuf>,
    /// Where to write the class as CSV (a column per bug).
    pub csv: Option<PathBuf>,
    /// Grade only this shard's share of the test files (`--json` only).
    pub shard: Option<upcard_grade::grade::shard::Shard>,
    /// Only the students this shard takes (`grade --shard` grades each
    /// student's parts in one shard).
    pub students: Option<upcard_grade::grade::shard::Shard>,
    /// The platforms' reports (`grade --report`'s kinds but `tap`): one
    /// test a bug (a point when caught), one an invalid test or a file
    /// that could not be graded (no points).
    pub reports: Vec<upcard_grade::grade::writer::ReportSpec>,
    /// Test files graded at once.
    pub jobs: usize,
    /// The staff's own test files: each given bug must be one they catch,
    /// and a generated bug is kept only when they tell it apart.
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
    let mut solution = read_files(&o.solution).map_err(Failure::input)?;
    solution.extend(o.course_files.iter().cloned());
    if implementation(&solution).is_empty() {
        return Err(Failure::input(format!(
            "{}: no solution sources (.cpp files without main) in it",
            o.solution.display()
        )));
    }
    let bug_files = bugs(&o.bugs).map_err(Failure::input)?;
    untested_bugs(o, &bug_files)?;
    let mut subs = submissions(&o.tests, &o.files).map_err(Failure::input)?;
    if let Some(shard) = o.students {
        subs.retain(|(name, _)| shard.takes_student(name));
    }
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
    judged_and_generated(&g, &pool, &correct, &mut variants)?;
    let mut report = Report {
        bugs: variants.iter().map(|v| v.name.clone()).collect(),
        submissions: Vec::new(),
    };
    let mut jobs = student_jobs(&subs, &o.files, &mut report);
    if let Some(shard) = o.shard {
        let mut k = 0;
        jobs.retain(|_| {
            k += 1;
            shard.takes(k - 1)
        });
    }
    let spent: Vec<std::sync::atomic::AtomicU64> = (0..report.submissions.len())
        .map(|_| std::sync::atomic::AtomicU64::new(0))
        .collect();
    let graded: Vec<(usize, TestFile)> = pool.install(|| {
        jobs.par_iter()
            .map(|(i, tag, name, bytes)| {
                // Each file against its own class's bugs, in the report's order.
                let own: Vec<&Variant> = variants.iter().filter(|v| v.of(name)).collect();
                let budget = budget::Budget::new(o.file_budget, o.submission_budget, &spent[*i]);
                (*i, g.file(&correct, &own, name, bytes, tag, &budget))
            })
            .collect()
    });
    for (i, f) in graded {
        report.submissions[i].files.push(f);
    }
    for n in &notes {
        writeln!(out, "{}\n", printable(n))
            .map_err(|e| Failure::input(format!("writing the table: {e}")))?;
    }
    let outputs = Outputs {
        json: o.json.clone(),
        csv: o.csv.clone(),
        reports: o.reports.clone(),
        limits: o.limits,
    };
    outputs.write(&report, out)?;
    Ok(report)
}

/// What is written of a report: the table, and the files asked for.
pub struct Outputs {
    pub json: Option<PathBuf>,
    pub csv: Option<PathBuf>,
    pub reports: Vec<upcard_grade::grade::writer::ReportSpec>,
    pub limits: Limits,
}

impl Outputs {
    /// The table on `out`, then each file asked for.
    pub fn write(&self, report: &Report, out: &mut dyn Write) -> Result<(), Failure> {
        table(report, out).map_err(|e| Failure::input(format!("writing the table: {e}")))?;
        let put = |p: &PathBuf, text: String| {
            write_atomic(p, text.as_bytes())
                .map_err(|e| Failure::input(format!("{}: {e}", p.display())))
        };
        if let Some(p) = &self.json {
            put(
                p,
                serde_json::to_string_pretty(report).expect("a report serializes"),
            )?;
        }
        if let Some(p) = &self.csv {
            put(p, report::csv(report))?;
        }
        write_reports(&self.reports, self.limits, report)
    }
}

/// With `--reference-tests`: every given bug must be one they catch (else
/// they cannot judge it: an error, never a 0/0), and `--generate`'s bugs
/// are added, each told apart by them.
fn judged_and_generated(
    g: &Grading,
    pool: &rayon::ThreadPool,
    correct: &Variant,
    variants: &mut Vec<Variant>,
) -> Result<(), Failure> {
    let o = g.o;
    let refs = match &o.reference {
        Some(dir) => g.references(dir, correct).map_err(Failure::input)?,
        None => Vec::new(),
    };
    let unjudged = if refs.is_empty() {
        Vec::new()
    } else {
        unjudged(g, pool, variants, &refs)
    };
    if !unjudged.is_empty() {
        let files: Vec<&str> = refs.iter().map(|(n, _)| n.as_str()).collect();
        return Err(Failure::input(format!(
            "--reference-tests: {} catch{} none of these bugs: {}; they cannot judge them \
             (the course's public tests catch few bugs): give tests that catch every bug, or \
             leave those bugs out",
            files.join(", "),
            if files.len() == 1 { "es" } else { "" },
            unjudged.join(", ")
        )));
    }
    if o.generate > 0 {
        if refs.is_empty() {
            return Err(Failure::input(
                "--generate needs --reference-tests: a generated bug is kept only when the staff's tests tell it apart from the solution",
            ));
        }
        variants.extend(g.generate(o.generate, o.seed, &refs, pool));
    }
    Ok(())
}

/// Every bug given must be in a class some graded file tests: one that is
/// not could never be caught, and would cost every student its point.
fn untested_bugs(o: &Options, bugs: &[(String, Files)]) -> Result<(), Failure> {
    let untested: Vec<String> = bugs
        .iter()
        .filter(|(_, files)| {
            !files
                .keys()
                .any(|f| o.files.iter().any(|t| sources::tested_by(f, t)))
        })
        .map(|(name, files)| {
            let names: Vec<&str> = files.keys().map(String::as_str).collect();
            format!("{name} ({})", names.join(", "))
        })
        .collect();
    if untested.is_empty() {
        return Ok(());
    }
    Err(Failure::input(format!(
        "--bugs: no graded test file ({}) tests the class of {}: each bug is caught only through \
         its own class's file; add that file to --files, or leave the bug out",
        o.files.join(", "),
        untested.join(", ")
    )))
}

/// A test file to grade: its student's place in the report, its work
/// tag, its name and bytes.
pub(crate) type Job = (usize, String, String, Vec<u8>);

/// Each student's row in the report (a row that says why, for a
/// submission that cannot be read or holds no graded file), and the test
/// files to grade: the graded `files`, found in the shallowest folder of
/// the submission holding one (as `--build` finds sources); other test-like
/// files are listed as ignored.
pub(crate) fn student_jobs(
    subs: &[(String, PathBuf)],
    graded: &[String],
    report: &mut Report,
) -> Vec<Job> {
    let markers: Vec<&str> = graded.iter().map(String::as_str).collect();
    let mut jobs = Vec::new();
    for (who, dir) in subs {
        let mut s = Submission {
            name: who.clone(),
            files: Vec::new(),
            ignored: Vec::new(),
        };
        let found = upcard_grade::grade::locate::sources(dir, &markers);
        // One student's unreadable file is that student's row, not the class's.
        let files = match found
            .as_ref()
            .map_or_else(|_| read_files(dir), |l| read_files(&l.dir))
        {
            Ok(f) => f,
            Err(e) => {
                s.files.push(TestFile::unread("(submission)", e));
                report.submissions.push(s);
                continue;
            }
        };
        s.ignored = files
            .keys()
            .filter(|n| sources::looks_like_tests(n) && !graded.contains(n))
            .cloned()
            .collect();
        if !files.keys().any(|n| graded.contains(n)) {
            // Said, not skipped: the student gets a row and no points.
            let why = format!("no {} in the submission", graded.join(" or "));
            s.files.push(TestFile::unread("(none)", why));
        }
        report.submissions.push(s);
        // Work files are named by the student's and the file's numbers:
        // names made of folder and file names could be the same for two.
        let i = report.submissions.len() - 1;
        let tests = files.into_iter().filter(|(n, _)| graded.contains(n));
        for (j, (name, bytes)) in tests.enumerate() {
            jobs.push((i, format!("s{i}-f{j}"), name, bytes));
        }
    }
    jobs
}
