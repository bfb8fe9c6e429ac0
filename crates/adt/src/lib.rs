//! A course's classes graded from inside (EECS 280's Card, Pack and
//! Player): the course's own files (`--course-files`: its headers, its
//! unit-test framework, its public tests, `pack.in`), and each public test
//! compiled with exactly the student files the course compiles it with,
//! against the course's headers, and run one TEST at a time in the sandbox,
//! as the framework runs it (its names listed, then one name a run). A
//! submission needs no `euchre.cpp`: the checkpoint is graded so.
//! docs/adt.md says what is decided and why.

mod class;
mod course;
mod error;
mod family;
mod framework;
mod headers;
mod public;
mod report;

pub use course::CourseFiles;
pub use error::Error;
pub use family::Family;
pub use headers::HeaderChange;
pub use report::{Report, Student, TestFileResult, TestResult, Verdict};

use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;

use upcard_grade::grade::Grader;
use upcard_sandbox::{Limits, Sandboxing};

/// What `upcard adt` is asked.
pub struct Options {
    /// The course's files (its starter files: headers, framework, public tests, `pack.in`).
    pub course_files: PathBuf,
    /// One student's submission, or a folder of them (one folder each).
    pub submissions: PathBuf,
    /// Compiler flags (the course Makefile's by default).
    pub cxxflags: String,
    /// Each test's limits (a build gets at least a minute).
    pub limits: Limits,
    pub sandboxing: Sandboxing,
    /// Test files built and run at once.
    pub jobs: usize,
    /// Where to write the JSON report.
    pub json: Option<PathBuf>,
}

/// Grades every submission's classes on the course's public tests, writes
/// the table to `out` and the JSON report where asked; what the sandbox
/// cannot do here goes to `note`, once.
pub fn run(o: &Options, note: &dyn Fn(&str), out: &mut dyn Write) -> Result<Report, Error> {
    let course = CourseFiles::read(&o.course_files)?;
    if course.public_tests.is_empty() {
        return Err(Error::NoPublicTests(o.course_files.clone()));
    }
    let students = class::submissions(&o.submissions)?;
    let grader = Grader::new(None, o.limits, o.sandboxing.clone())?;
    for n in grader.notes() {
        note(n);
    }
    let work = tempfile::tempdir().map_err(Error::Work)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.max(1))
        .build()
        .map_err(|e| Error::Workers(e.to_string()))?;
    let g = public::Public {
        grader: &grader,
        course: &course,
        o,
        work: work.path(),
    };
    let classes: Vec<class::Classes> = students.iter().map(|(n, d)| class::read(n, d)).collect();
    let jobs: Vec<(usize, usize)> = (0..classes.len())
        .flat_map(|s| (0..course.public_tests.len()).map(move |t| (s, t)))
        .collect();
    let mut results: Vec<(usize, usize, TestFileResult)> = pool.install(|| {
        jobs.par_iter()
            .map(|&(s, t)| (s, t, g.test_file(&classes[s], t, &format!("s{s}-t{t}"))))
            .collect()
    });
    results.sort_by_key(|r| (r.0, r.1));
    let mut report = Report {
        family: course.family,
        students: classes.iter().map(|c| Student::of(c, &course)).collect(),
    };
    for (s, _, r) in results {
        report.students[s].files.push(r);
    }
    report
        .write_table(out)
        .map_err(|e| Error::Output(e.to_string()))?;
    if let Some(p) = &o.json {
        let text = serde_json::to_string_pretty(&report).expect("a report serializes");
        upcard_scenario::scenario::write_atomic(p, text.as_bytes()).map_err(|source| {
            Error::Write {
                path: p.clone(),
                source,
            }
        })?;
    }
    Ok(report)
}
