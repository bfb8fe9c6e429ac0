//! The unit tests' report: one derived type, written and read; the
//! reports asked for, the class's table, and the outcomes the platforms'
//! reports take.

use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use upcard_parse::escape::{printable, printable_line};
use upcard_parse::file::write_atomic;
use upcard_rules::Failure;

use crate::page;

/// The report: one derived type, written and read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Every bug scored, by name, in order: those given, then those made.
    pub bugs: Vec<String>,
    pub submissions: Vec<Submission>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submission {
    pub name: String,
    pub files: Vec<TestFile>,
    /// Test-like files the course does not grade (`Pack_tests.cpp`, its
    /// own `Card_public_tests.cpp`): listed, not run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ignored: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestFile {
    pub file: String,
    /// Why the file could not be graded (it does not compile with the
    /// solution, it has too many tests); its tests count for nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub tests: Vec<Test>,
    /// The bugs some valid test catches, in the report's bug order.
    pub caught: Vec<String>,
    /// The bugs it is graded against: its class's (a Card bug through
    /// `Card_tests.cpp`), in the report's bug order.
    #[serde(default)]
    pub graded: Vec<String>,
    /// Bugs that did not compile with this file (the staff's to fix): they
    /// count as not caught, and the table says so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unbuilt: Vec<String>,
}

impl TestFile {
    /// A row that says why nothing of the submission was graded.
    pub(crate) fn unread(file: &str, why: String) -> TestFile {
        TestFile {
            file: file.into(),
            error: Some(why),
            tests: Vec::new(),
            caught: Vec::new(),
            graded: Vec::new(),
            unbuilt: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Test {
    pub name: String,
    /// It passes on the correct solution.
    pub valid: bool,
    /// How it failed on the correct solution (an invalid test).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// The bugs it catches (a valid test only).
    pub catches: Vec<String>,
}

/// The reports asked for (`--report`): the HTML pages unit tests' own, the
/// platforms' through `grade`'s writer, one test a bug.
pub(crate) fn write_reports(
    specs: &[upcard_grade::grade::writer::ReportSpec],
    limits: upcard_sandbox::Limits,
    report: &Report,
) -> Result<(), Failure> {
    // The HTML page speaks of tests and bugs: its own, not grading's.
    let (html, others): (Vec<_>, Vec<_>) = specs
        .iter()
        .cloned()
        .partition(|r| r.kind == upcard_grade::grade::writer::ReportKind::Html);
    for spec in &html {
        pages(report, spec.path.as_deref())?;
    }
    if !others.is_empty() {
        let reports = upcard_grade::grade::writer::Reports {
            specs: &others,
            csv: None,
            limits,
            timings: false,
            many: report.submissions.len() > 1,
            shard: None,
        };
        let mut w = upcard_grade::grade::writer::Writer::new(reports);
        for s in &report.submissions {
            let who = upcard_grade::grade::writer::Student {
                name: &s.name,
                ..Default::default()
            };
            w.student(&who, outcomes(report, s));
        }
        // The table above is the summary: the writer's own is not printed,
        // and a bug not caught is the student's score, not a failed run.
        match w.finish(
            &mut std::io::sink(),
            &upcard_grade::grade::event::Quiet,
            false,
        ) {
            Err(f) if f.message.is_some() => return Err(f),
            _ => {}
        }
    }
    Ok(())
}

/// `--report html=PATH`: one submission's page at PATH, or with many a
/// folder of pages (one per student) and the class's `index.html`.
pub(crate) fn pages(report: &Report, path: Option<&Path>) -> Result<(), Failure> {
    let Some(path) = path else {
        return Err(Failure::input("--report html needs a path: html=PATH"));
    };
    let write = |p: &Path, text: &str| {
        write_atomic(p, text.as_bytes())
            .map_err(|e| Failure::input(format!("writing {}: {e}", p.display())))
    };
    match report.submissions.as_slice() {
        [one] => write(path, &page::page(report, one)),
        many => {
            std::fs::create_dir_all(path)
                .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
            let mut used = Default::default();
            let mut stems = Vec::new();
            let mut rows = Vec::new();
            for s in many {
                let stem = upcard_parse::name::unique_stem(&s.name, &mut used);
                write(&path.join(format!("{stem}.html")), &page::page(report, s))?;
                rows.push((s.name.clone(), page::row(report, s)));
                stems.push(stem);
            }
            let index = upcard_grade::grade::html::titled_index(
                "upcard unit-tests",
                &rows,
                &stems,
                &page::COLUMNS,
            );
            write(&path.join("index.html"), &index)
        }
    }
}

/// The class as CSV: each student's bugs caught over the bugs, then a
/// column per bug (`caught` or `missed`), in the report's bug order; a
/// cell that would start a formula is written as text.
pub fn csv(r: &Report) -> String {
    use upcard_grade::grade::writer::csv_cell;
    let head: Vec<String> = ["student", "caught", "bugs"]
        .iter()
        .map(|c| c.to_string())
        .chain(r.bugs.iter().map(|b| csv_cell(b)))
        .collect();
    let mut lines = vec![head.join(",")];
    for s in &r.submissions {
        let per: Vec<&str> = r
            .bugs
            .iter()
            .map(|b| {
                if page::catching(s, b).is_empty() {
                    "missed"
                } else {
                    "caught"
                }
            })
            .collect();
        let caught = per.iter().filter(|c| **c == "caught").count();
        let row: Vec<String> = [
            csv_cell(&s.name),
            caught.to_string(),
            r.bugs.len().to_string(),
        ]
        .into_iter()
        .chain(per.iter().map(|c| c.to_string()))
        .collect();
        lines.push(row.join(","));
    }
    lines.join("\n") + "\n"
}

/// The grade's test of a bug, by the bug's name (its folder's).
pub fn bug_test(bug: &str) -> String {
    format!("bug {bug}")
}

/// A submission's results as `grade`'s outcomes, for the platforms' reports.
pub fn outcomes(r: &Report, s: &Submission) -> Vec<upcard_grade::grade::Outcome> {
    use upcard_grade::grade::{Outcome, Verdict};
    let outcome = Outcome::new;
    let mut out = Vec::new();
    for bug in &r.bugs {
        let by = page::catching(s, bug);
        out.push(if by.is_empty() {
            outcome(
                bug_test(bug),
                1.0,
                Verdict::Missed("not caught".into()),
                "no valid test of yours catches this bug\n".into(),
            )
        } else {
            outcome(
                bug_test(bug),
                1.0,
                Verdict::Pass,
                format!("caught by {}\n", by.join(", ")),
            )
        });
    }
    for f in &s.files {
        if let Some(e) = &f.error {
            let first = e.lines().next().unwrap_or("").to_string();
            out.push(outcome(
                format!("file {}", f.file),
                0.0,
                Verdict::NotRun(first),
                format!("{e}\n"),
            ));
        }
        for t in f.tests.iter().filter(|t| !t.valid) {
            out.push(outcome(
                format!("invalid test {} {}", f.file, t.name),
                0.0,
                Verdict::Missed("invalid: it fails on the correct solution".into()),
                format!("{}\n", t.failure.as_deref().unwrap_or("")),
            ));
        }
    }
    for (i, o) in out.iter_mut().enumerate() {
        o.case = i;
    }
    out
}

/// One line per test file, then each invalid test's failure.
pub(crate) fn table(r: &Report, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<16} {:<20} {:>5} {:>6} {:>8} {:>7}",
        "student", "file", "tests", "valid", "invalid", "caught"
    )?;
    // Every name and message from a submission is shown, not sent: no
    // escape sequence of a student's reaches the terminal.
    for s in &r.submissions {
        let who = printable_line(&s.name);
        for f in &s.files {
            let file = printable_line(&f.file);
            let valid = f.tests.iter().filter(|t| t.valid).count();
            let caught = format!("{}/{}", f.caught.len(), f.graded.len());
            match &f.error {
                Some(e) => {
                    // The compiler's first error says most.
                    let first = printable_line(e.lines().next().unwrap_or(""));
                    let error = e.lines().find(|l| l.contains("error:"));
                    writeln!(
                        out,
                        "{who:<16} {file:<20} {first}{}",
                        error.map_or(String::new(), |l| format!(" {}", printable_line(l.trim())))
                    )?
                }
                None => writeln!(
                    out,
                    "{who:<16} {file:<20} {:>5} {:>6} {:>8} {:>7}",
                    f.tests.len(),
                    valid,
                    f.tests.len() - valid,
                    caught
                )?,
            }
        }
    }
    for s in r.submissions.iter().filter(|s| !s.ignored.is_empty()) {
        let files: Vec<String> = s.ignored.iter().map(|f| printable_line(f)).collect();
        writeln!(
            out,
            "\nnote: {}: not graded (not a file the course grades): {}",
            printable_line(&s.name),
            files.join(", ")
        )?;
    }
    // Each bug that did not build with some files, once.
    for bug in &r.bugs {
        let with: Vec<String> = r
            .submissions
            .iter()
            .flat_map(|s| s.files.iter().map(move |f| (s, f)))
            .filter(|(_, f)| f.unbuilt.contains(bug))
            .map(|(s, f)| format!("{} {}", printable_line(&s.name), printable_line(&f.file)))
            .collect();
        if !with.is_empty() {
            writeln!(
                out,
                "\nnote: the bug {bug} does not compile with {} test file{} ({}): it counts as not caught there",
                with.len(),
                if with.len() == 1 { "" } else { "s" },
                with.join(", ")
            )?;
        }
    }
    for s in &r.submissions {
        for f in &s.files {
            for t in f.tests.iter().filter(|t| !t.valid) {
                writeln!(
                    out,
                    "\n{} {} {}: invalid (fails on the correct solution): {}",
                    printable_line(&s.name),
                    printable_line(&f.file),
                    printable_line(&t.name),
                    printable(t.failure.as_deref().unwrap_or(""))
                )?;
            }
        }
    }
    Ok(())
}
