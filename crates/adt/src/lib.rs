//! A course's classes graded from inside (EECS 280's Card, Pack and
//! Player): the course's own files (`--course-files`: its headers, its
//! unit-test framework, its public tests, `pack.in`), and each public test
//! compiled with exactly the student files the course compiles it with,
//! against the course's headers, and run one TEST at a time in the sandbox,
//! as the framework runs it (its names listed, then one name a run); and
//! upcard's own tests of each function, derived from the engine (module
//! `derived`). A submission needs no `euchre.cpp`: the checkpoint is
//! graded so. docs/adt.md says what is decided and why.

mod build;
mod built;
mod bundle;
mod class;
mod course;
mod derived;
mod error;
mod family;
mod framework;
mod outcomes;
mod plan;
mod public;
mod report;

pub use course::CourseFiles;
pub use derived::{Class, FunctionResult, explains};
pub use error::Error;
pub use family::Family;
pub use outcomes::{adt as adt_outcomes, course_tests, public as public_outcomes};
pub use report::{ClassResult, Report, Student, TestFileResult, TestResult, Verdict};
pub use upcard_grade::grade::headers::HeaderChange;

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
    /// The parts graded.
    pub parts: Parts,
    /// Where each student's game program goes, built from the same objects
    /// as its classes' tests (so `grade --build` compiles them once), as
    /// `<index>.exe`; `None`: no game is built.
    pub game: Option<PathBuf>,
    /// Only the students this shard takes (`grade --shard`: each student's
    /// parts are one shard's).
    pub students: Option<upcard_grade::grade::shard::Shard>,
}

/// Which parts are graded: the course's public tests, upcard's tests
/// derived from its engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub public: bool,
    pub engine: bool,
}

impl Parts {
    pub const ALL: Parts = Parts {
        public: true,
        engine: true,
    };
}

/// One job of grading: a public test file or a class of upcard's tests, of one student.
#[derive(Clone, Copy)]
enum Work {
    Public(usize),
    Engine(Class),
}

enum Done {
    Public(TestFileResult),
    Engine(ClassResult),
}

/// Grades every submission's classes on the course's public tests and
/// upcard's, writes the table to `out` and the JSON report where asked;
/// what the sandbox cannot do here goes to `note`, once.
pub fn run(o: &Options, note: &dyn Fn(&str), out: &mut dyn Write) -> Result<Report, Error> {
    let course = CourseFiles::read(&o.course_files)?;
    let parts = Parts {
        public: o.parts.public && !course.public_tests.is_empty(),
        engine: o.parts.engine,
    };
    if o.parts.public && !o.parts.engine && !parts.public {
        return Err(Error::NoPublicTests(o.course_files.clone()));
    }
    let students = graded(o)?;
    let grader = Grader::new(None, o.limits, o.sandboxing.clone())?;
    for n in grader.notes() {
        note(n);
    }
    let work = tempfile::tempdir().map_err(Error::Work)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.max(1))
        .build()
        .map_err(|e| Error::Workers(e.to_string()))?;
    let mut plan = plan::Plan::new(&grader, &course, &o.cxxflags, parts, work.path(), note);
    plan.game = o.game.is_some();
    let classes: Vec<class::Classes> = students.iter().map(|(n, d)| class::read(n, d)).collect();
    // Each student's harness API: the course's, else its own headers'.
    let apis: Vec<Option<derived::Api>> = classes
        .iter()
        .map(|c| plan.api.clone().or_else(|| student_api(&course, c)))
        .collect();
    let prepared = prepare(&apis, parts);
    let built: Vec<built::Built> = pool.install(|| {
        (0..classes.len())
            .into_par_iter()
            .map(|s| {
                let tag = format!("s{s}");
                built::Built {
                    dir: work.path().join(&tag),
                    bundle: plan.build_student(
                        &grader,
                        &classes[s],
                        apis[s].as_ref(),
                        work.path(),
                        &tag,
                    ),
                }
            })
            .collect()
    });
    let g = public::Public {
        grader: &grader,
        course: &course,
        o,
    };
    let e = derived::Engine { grader: &grader, o };
    let readable: Vec<bool> = classes.iter().map(|c| c.files.is_ok()).collect();
    let jobs = jobs(&readable, parts, &course, &plan.classes);
    // In job order: each student's files, then its classes, as listed.
    let results: Vec<(usize, Done)> = pool.install(|| {
        jobs.par_iter()
            .map(|&(s, w)| {
                let done = match w {
                    Work::Public(t) => Done::Public(g.test_file(&classes[s], t, &built[s])),
                    Work::Engine(c) => {
                        let p = apis[s]
                            .as_ref()
                            .and_then(|a| prepared.iter().find(|p| p.api == *a));
                        Done::Engine(e.class(&classes[s], c, &built[s], p))
                    }
                };
                (s, done)
            })
            .collect()
    });
    let mut report = assemble(&classes, &course, results);
    if let Some(dir) = &o.game {
        keep_games(&built, dir, &mut report).map_err(Error::Work)?;
    }
    if parts.public {
        report.public_tests = outcomes::public_tests(&report, &course.public_tests);
    }
    if parts.engine {
        report.functions = outcomes::functions(&report, &prepared);
    }
    write(&report, o, out)?;
    Ok(report)
}

/// The submissions graded: every one, or the students a shard takes.
fn graded(o: &Options) -> Result<Vec<(String, PathBuf)>, Error> {
    let mut students = class::submissions(&o.submissions)?;
    if let Some(shard) = o.students {
        students.retain(|(name, _)| shard.takes_student(name));
    }
    Ok(students)
}

/// The report: each student's row, its results in job order, each wrong
/// function with the wrong functions it rests on.
fn assemble(
    classes: &[class::Classes],
    course: &CourseFiles,
    results: Vec<(usize, Done)>,
) -> Report {
    let mut report = Report {
        family: course.family,
        students: classes.iter().map(|c| Student::of(c, course)).collect(),
        public_tests: Vec::new(),
        functions: Vec::new(),
    };
    for (s, done) in results {
        match done {
            Done::Public(r) => report.students[s].files.push(r),
            Done::Engine(r) => report.students[s].classes.push(r),
        }
    }
    for s in &mut report.students {
        derived::relate(&mut s.classes);
    }
    report
}

/// Each game program that linked, moved out of the work folder (gone when
/// the run ends) into `dir`, and named in its student's report.
fn keep_games(
    built: &[built::Built],
    dir: &std::path::Path,
    report: &mut Report,
) -> std::io::Result<()> {
    for (s, b) in built.iter().enumerate() {
        let made = b.dir.join(plan::GAME_PROGRAM);
        if !made.is_file() {
            continue;
        }
        let to = dir.join(format!("{s}.exe"));
        if std::fs::rename(&made, &to).is_err() {
            std::fs::copy(&made, &to)?;
        }
        report.students[s].game = Some(to);
    }
    Ok(())
}

/// A student's API from the headers its build sees (the course gave none).
fn student_api(course: &CourseFiles, c: &class::Classes) -> Option<derived::Api> {
    let files = c.files.as_ref().ok()?;
    let headers: std::collections::BTreeMap<String, Vec<u8>> = build::headers(course, files)
        .into_iter()
        .map(|(n, b)| (n, b.to_vec()))
        .collect();
    derived::Api::of(&headers)
}

/// The cases of each API the students' builds use, made once each.
fn prepare(apis: &[Option<derived::Api>], parts: Parts) -> Vec<derived::Prepared> {
    let mut distinct: Vec<derived::Api> = Vec::new();
    for a in apis.iter().flatten().filter(|_| parts.engine) {
        if !distinct.contains(a) {
            distinct.push(a.clone());
        }
    }
    distinct.into_iter().map(derived::Prepared::new).collect()
}

/// Every job, student by student: its public test files, then its
/// classes (none for a student whose files could not be read: its row says why).
fn jobs(
    readable: &[bool],
    parts: Parts,
    course: &CourseFiles,
    classes: &[Class],
) -> Vec<(usize, Work)> {
    let mut jobs = Vec::new();
    for s in (0..readable.len()).filter(|&s| readable[s]) {
        if parts.public {
            jobs.extend((0..course.public_tests.len()).map(|t| (s, Work::Public(t))));
        }
        if parts.engine {
            jobs.extend(classes.iter().map(|&c| (s, Work::Engine(c))));
        }
    }
    jobs
}

/// The table to `out`, and the JSON report where asked.
fn write(report: &Report, o: &Options, out: &mut dyn Write) -> Result<(), Error> {
    report
        .write_table(out)
        .map_err(|e| Error::Output(e.to_string()))?;
    if let Some(p) = &o.json {
        let text = serde_json::to_string_pretty(report).expect("a report serializes");
        upcard_parse::file::write_atomic(p, text.as_bytes()).map_err(|source| Error::Write {
            path: p.clone(),
            source,
        })?;
    }
    Ok(())
}
