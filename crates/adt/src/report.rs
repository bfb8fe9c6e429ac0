//! What grading the classes found: per student, each public test file's
//! build and each of its tests; the header findings; a table for the
//! terminal, the same facts in upcard's JSON.

use std::io::{self, Write};

use serde::Serialize;

use crate::class::Classes;
use crate::derived::{Class, FunctionResult};
use crate::{CourseFiles, Family, HeaderChange};

/// How one test went.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "detail")]
pub enum Verdict {
    Pass,
    /// An assertion of the framework's failed.
    Fail,
    /// The test threw an exception the framework caught.
    Error,
    /// It exited with this status without the framework saying why.
    Exited(i32),
    /// Killed by this signal.
    Crash(String),
    /// Stopped after this many seconds.
    Timeout(f64),
    /// Stopped at another limit, or not started (why).
    Limit(String),
}

impl Verdict {
    pub fn passed(&self) -> bool {
        *self == Verdict::Pass
    }

    fn describe(&self) -> String {
        match self {
            Verdict::Pass => "PASS".into(),
            Verdict::Fail => "FAIL".into(),
            Verdict::Error => "ERROR (an uncaught exception)".into(),
            Verdict::Exited(c) => format!("FAIL (exit status {c})"),
            Verdict::Crash(s) => format!("CRASH ({s})"),
            Verdict::Timeout(s) => format!("TIMEOUT (more than {s} s)"),
            Verdict::Limit(why) => format!("FAIL ({why})"),
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct TestResult {
    pub name: String,
    pub verdict: Verdict,
    /// The framework's message (or a crash's standard error), printable.
    pub message: String,
}

/// One public test file on one student's classes.
#[derive(Clone, Debug, Serialize)]
pub struct TestFileResult {
    pub file: String,
    /// The student files it was compiled with.
    pub compiled_with: Vec<String>,
    /// Why its tests did not run (not built, not listed).
    pub error: Option<String>,
    /// A failed build's log.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log: Option<String>,
    pub tests: Vec<TestResult>,
}

/// upcard's tests of one class on one student's classes.
#[derive(Clone, Debug, Serialize)]
pub struct ClassResult {
    pub class: Class,
    /// The student files the harness was linked with.
    pub compiled_with: Vec<String>,
    /// Why its functions did not run (not built).
    pub error: Option<String>,
    /// A failed build's log.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log: Option<String>,
    pub functions: Vec<FunctionResult>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Student {
    pub name: String,
    /// The folder graded, relative to the submission, when it is below it.
    pub below: Option<String>,
    /// The API family of the student's files, when it can be told.
    pub family: Option<Family>,
    /// Why the submission could not be read, if it could not.
    pub error: Option<String>,
    /// Headers of the student's that differ from the course's (the course's were used).
    pub headers: Vec<HeaderChange>,
    /// The course's public tests, a file each.
    pub files: Vec<TestFileResult>,
    /// upcard's engine-derived tests, a class each.
    pub classes: Vec<ClassResult>,
    /// The game program built from the same objects, when asked
    /// (`Options::game`) and it linked.
    #[serde(skip)]
    pub game: Option<std::path::PathBuf>,
}

impl Student {
    pub(crate) fn of(c: &Classes, course: &CourseFiles) -> Student {
        let files = c.files.as_ref().ok();
        let headers = files.map_or(Vec::new(), |f| {
            course
                .class_headers()
                .filter_map(|(n, b)| {
                    f.get(n)
                        .and_then(|s| upcard_grade::grade::headers::compare(n, b, s))
                })
                .collect()
        });
        Student {
            name: c.name.clone(),
            below: c.below.clone(),
            family: files
                .and_then(|f| Family::detect(f.iter().map(|(n, b)| (n.as_str(), b.as_slice())))),
            error: c.files.as_ref().err().cloned(),
            headers,
            files: Vec::new(),
            classes: Vec::new(),
            game: None,
        }
    }

    /// Tests passed and run.
    pub fn score(&self) -> (usize, usize) {
        let tests = self.files.iter().flat_map(|f| &f.tests);
        let passed = tests.clone().filter(|t| t.verdict.passed()).count();
        (passed, tests.count())
    }

    /// Functions right in upcard's tests, and tested.
    pub fn functions(&self) -> (usize, usize) {
        let all = self.classes.iter().flat_map(|c| &c.functions);
        let right = all.clone().filter(|f| f.passed()).count();
        (right, all.count())
    }
}

/// The whole class.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The family of the course's headers.
    pub family: Option<Family>,
    pub students: Vec<Student>,
    /// Every public test, by file: what each student's grade is out of.
    #[serde(skip)]
    pub public_tests: Vec<(String, Vec<String>)>,
    /// Every function of upcard's tests, by class.
    #[serde(skip)]
    pub functions: Vec<(Class, Vec<String>)>,
}

impl Report {
    /// Whether every test of every student ran and passed.
    pub fn all_passed(&self) -> bool {
        self.students.iter().all(|s| {
            s.error.is_none()
                && s.files
                    .iter()
                    .all(|f| f.error.is_none() && f.tests.iter().all(|t| t.verdict.passed()))
                && s.classes
                    .iter()
                    .all(|c| c.error.is_none() && c.functions.iter().all(FunctionResult::passed))
        })
    }

    /// The table: per student its findings, each test file's line, each
    /// test that did not pass with its message, each class's line of
    /// upcard's tests and each wrong function with its smallest wrong case;
    /// then `N passed, N failed` over the tests and functions (a file or
    /// class that did not build counts as one failure).
    pub fn write_table(&self, out: &mut dyn Write) -> io::Result<()> {
        let (mut passed, mut failed) = (0, 0);
        for s in &self.students {
            let name = upcard_parse::escape::printable_line(&s.name);
            writeln!(out, "{name}: {}", s.summary())?;
            if let Some(b) = &s.below {
                writeln!(
                    out,
                    "  the classes are in {}/",
                    upcard_parse::escape::printable_line(b)
                )?;
            }
            if let (Some(theirs), Some(course)) = (s.family, self.family)
                && theirs != course
            {
                writeln!(
                    out,
                    "  its files are of another term's API ({}; the course's: {})",
                    theirs.describe(),
                    course.describe()
                )?;
            }
            for h in &s.headers {
                writeln!(out, "  {} (the course's header was used)", h.describe())?;
            }
            if let Some(e) = &s.error {
                writeln!(
                    out,
                    "  not graded: {}",
                    upcard_parse::escape::printable_line(e)
                )?;
                failed += 1;
            }
            for f in &s.files {
                failed += write_file(out, f, &mut passed)?;
            }
            for c in &s.classes {
                failed += write_class(out, c, &mut passed)?;
            }
        }
        writeln!(out, "{passed} passed, {failed} failed")
    }
}

impl Student {
    /// Its line's scores: public tests passed, functions right.
    fn summary(&self) -> String {
        let mut parts = Vec::new();
        let not_run = |k: usize, what: &str| match k {
            0 => String::new(),
            1 => format!(" (1 {what} not run)"),
            k => format!(" ({k} {what} not run)", what = plural(what)),
        };
        if !self.files.is_empty() || self.classes.is_empty() {
            let (p, n) = self.score();
            let unrun = self.files.iter().filter(|f| f.error.is_some()).count();
            parts.push(format!(
                "{p}/{n} public tests passed{}",
                not_run(unrun, "test file")
            ));
        }
        if !self.classes.is_empty() {
            let (r, n) = self.functions();
            let unrun = self.classes.iter().filter(|c| c.error.is_some()).count();
            parts.push(format!(
                "{r}/{n} functions right in upcard's tests{}",
                not_run(unrun, "class")
            ));
        }
        parts.join("; ")
    }
}

fn plural(what: &str) -> String {
    if what.ends_with('s') {
        format!("{what}es")
    } else {
        format!("{what}s")
    }
}

/// One class's lines of upcard's tests; how many failures it counts.
fn write_class(out: &mut dyn Write, c: &ClassResult, passed: &mut usize) -> io::Result<usize> {
    let what = format!("upcard's tests of {}", c.class.name());
    if let Some(e) = &c.error {
        writeln!(out, "  {what}: {}", upcard_parse::escape::printable_line(e))?;
        return Ok(1);
    }
    let right = c.functions.iter().filter(|f| f.passed()).count();
    *passed += right;
    writeln!(
        out,
        "  {what}: {right}/{} functions right",
        c.functions.len()
    )?;
    for f in c.functions.iter().filter(|f| !f.passed()) {
        writeln!(
            out,
            "    {}: {} of {} cases wrong",
            f.function, f.wrong, f.cases
        )?;
        if let Some(finding) = &f.finding {
            writeln!(
                out,
                "      | {}",
                upcard_parse::escape::printable_line(finding)
            )?;
        }
    }
    Ok(c.functions.len() - right)
}

/// One test file's lines; how many failures it counts.
fn write_file(out: &mut dyn Write, f: &TestFileResult, passed: &mut usize) -> io::Result<usize> {
    if let Some(e) = &f.error {
        writeln!(
            out,
            "  {}: {}",
            f.file,
            upcard_parse::escape::printable_line(e)
        )?;
        return Ok(1);
    }
    let ok = f.tests.iter().filter(|t| t.verdict.passed()).count();
    *passed += ok;
    writeln!(out, "  {}: {ok}/{} passed", f.file, f.tests.len())?;
    for t in f.tests.iter().filter(|t| !t.verdict.passed()) {
        writeln!(
            out,
            "    {}: {}",
            upcard_parse::escape::printable_line(&t.name),
            t.verdict.describe()
        )?;
        for l in t.message.lines() {
            writeln!(out, "      | {l}")?;
        }
    }
    Ok(f.tests.len() - ok)
}
