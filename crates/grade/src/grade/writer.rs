//! What `upcard grade` and `upcard report merge` write: the summary on
//! standard output, each student's reports, the class's table and the exit
//! status. Both go through `Writer`, so a merged run prints and writes the
//! same bytes as one unsharded run.

use crate::grade::points::{Part, by_part};
use crate::grade::report::{Head, gradescope, json_report, junit, prairielearn, tap};
use crate::grade::shard::Sharded;
use crate::grade::{Outcome, Verdict};
use std::io::Write;
use std::path::{Path, PathBuf};
use upcard_parse::file::write_atomic;
use upcard_rules::Failure;
use upcard_sandbox::Limits;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportKind {
    Gradescope,
    Junit,
    Json,
    Tap,
    Html,
    PrairieLearn,
}

impl ReportKind {
    pub const ALL: [ReportKind; 6] = [
        ReportKind::Gradescope,
        ReportKind::PrairieLearn,
        ReportKind::Junit,
        ReportKind::Json,
        ReportKind::Tap,
        ReportKind::Html,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ReportKind::Gradescope => "gradescope",
            ReportKind::Junit => "junit",
            ReportKind::Json => "json",
            ReportKind::Tap => "tap",
            ReportKind::Html => "html",
            ReportKind::PrairieLearn => "prairielearn",
        }
    }

    /// The file ending of a report, when a directory holds one per student.
    pub fn ext(self) -> &'static str {
        match self {
            ReportKind::Gradescope | ReportKind::Json | ReportKind::PrairieLearn => "json",
            ReportKind::Junit => "xml",
            ReportKind::Tap => "tap",
            ReportKind::Html => "html",
        }
    }
}

/// `KIND=PATH`, or `tap` alone for standard output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportSpec {
    pub kind: ReportKind,
    pub path: Option<PathBuf>,
}

impl std::str::FromStr for ReportSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<ReportSpec, String> {
        let (k, p) = match s.split_once('=') {
            Some((k, p)) => (k, Some(PathBuf::from(p))),
            None => (s, None),
        };
        let Some(kind) = ReportKind::ALL.into_iter().find(|r| r.name() == k) else {
            return Err(format!(
                "unknown report {k:?}: gradescope=PATH, prairielearn=PATH, junit=PATH, json=PATH, html=PATH or tap[=PATH]"
            ));
        };
        if p.is_none() && kind != ReportKind::Tap {
            return Err(format!("--report {k} needs a path: {k}=PATH"));
        }
        Ok(ReportSpec { kind, path: p })
    }
}

/// What is written, and how.
pub struct Reports<'a> {
    pub specs: &'a [ReportSpec],
    pub csv: Option<&'a Path>,
    pub limits: Limits,
    pub timings: bool,
    /// A directory of submissions: reports are folders with one file per
    /// student, and the summary is the students × verdicts table.
    pub many: bool,
    /// A sharded run's shard and its scenarios per program (JSON reports only).
    pub shard: Option<Sharded>,
}

impl Reports<'_> {
    /// Two reports (or a report and the CSV) that would write the same file:
    /// refused before anything runs, so that neither is silently lost.
    pub fn check_clashes(&self) -> Result<(), Failure> {
        let mut seen: Vec<(PathBuf, String)> = Vec::new();
        let targets = self
            .specs
            .iter()
            .filter_map(|r| {
                let p = r.path.as_ref()?;
                let name = r.kind.name().to_string();
                Some(if self.many {
                    (p.join(format!("<student>.{}", r.kind.ext())), name)
                } else {
                    (p.clone(), name)
                })
            })
            .chain(
                self.csv
                    .iter()
                    .map(|c| (c.to_path_buf(), "csv".to_string())),
            );
        for (path, name) in targets {
            if let Some((_, other)) = seen.iter().find(|(p, _)| *p == path) {
                return Err(Failure::input(format!(
                    "the {other} and {name} reports would both write {}",
                    path.display()
                )));
            }
            seen.push((path, name));
        }
        Ok(())
    }
}

/// Who a student's outcomes are of, and what is said once at the head of
/// the student's reports.
#[derive(Clone, Copy, Debug, Default)]
pub struct Student<'a> {
    pub name: &'a str,
    /// Why the program could not run at all (a build's log, said once).
    pub error: Option<&'a str>,
    /// Built from the sources in this folder below the submission's root.
    pub sources: Option<&'a str>,
}

impl Student<'_> {
    /// What every report says before its scenarios: where the sources were
    /// found, and why the program could not run. None when neither.
    pub fn head(&self) -> Option<String> {
        let mut text = String::new();
        if let Some(s) = self.sources {
            text.push_str(&built_from(s));
        }
        if let Some(e) = self.error {
            text.push_str(&upcard_parse::escape::printable(e));
            text.push('\n');
        }
        (!text.is_empty()).then_some(text)
    }
}

/// A report's head with a line for each part when more than the system
/// tests were graded: "public (the course's public tests): 20/22".
fn with_parts(head: Option<String>, outs: &[Outcome]) -> Option<String> {
    if parts_graded(outs.iter()).is_empty() {
        return head;
    }
    let mut text = head.unwrap_or_default();
    for (part, got, max) in by_part(outs) {
        let cell = part_cell(outs, part, got, max);
        text.push_str(&format!("{part} ({}): {cell}\n", part.title()));
    }
    Some(text)
}

/// A report's head with why each hidden test failed, in words a student
/// may read: the catalogued kind of bug its whole game is, and what
/// upcard's tests found calling the student's classes directly — both from
/// the spec, neither a line of the hidden golden (docs/parts.md, "The
/// student's view").
fn hidden_failures(head: Option<String>, outs: &[Outcome]) -> Option<String> {
    use upcard_scenario::scenario::raw::Visibility;
    let mut said: Vec<(String, usize)> = Vec::new();
    for o in outs
        .iter()
        .filter(|o| o.visibility != Visibility::Visible && !o.verdict.passed())
    {
        let inside = o
            .diagnosis
            .iter()
            .find(|f| f.kind == crate::mutants::Kind::Function)
            .map(|f| f.message.clone());
        let kind = || {
            let m = crate::mutants::by_name(whole_game_mutant(o)?)?;
            let e = crate::mutants::entry(m);
            Some(format!(
                "the kind of bug: {} ({})",
                e.what.trim_end_matches('.'),
                e.name
            ))
        };
        let why: Vec<String> = [kind(), inside].into_iter().flatten().collect();
        if why.is_empty() {
            continue;
        }
        let why = why.join("; ");
        match said.iter_mut().find(|(w, _)| *w == why) {
            Some((_, n)) => *n += 1,
            None => said.push((why, 1)),
        }
    }
    if said.is_empty() {
        return head;
    }
    let mut text = head.unwrap_or_default();
    for (why, n) in said {
        let tests = if n == 1 {
            "a test not shown fails".to_string()
        } else {
            format!("{n} tests not shown fail")
        };
        text.push_str(&format!(
            "{tests}: {}\n",
            upcard_parse::escape::printable_line(&why)
        ));
    }
    Some(text)
}

/// Where a student's sources were, as every summary and report says it.
fn built_from(folder: &str) -> String {
    format!("built from the sources in {folder}/\n")
}

/// What the writer keeps of a student for the class's summary and tables.
struct Kept {
    name: String,
    error: Option<String>,
    sources: Option<String>,
}

/// Takes each student's outcomes as they come, writes that student's
/// reports at once and keeps only the verdicts (with many students), so
/// memory is bounded by one student's output, not the class's.
pub struct Writer<'a> {
    r: Reports<'a>,
    /// Each student's name, why its program could not run at all, and
    /// where its sources were.
    students: Vec<Kept>,
    per: Vec<Vec<Outcome>>,
    to_stdout: Vec<Vec<String>>,
    error: Option<Failure>,
    /// Each student's file stem (its name, made unique: `index`, `Bob` and
    /// `bob` each keep a page), and the stems given so far, lowercased.
    stems: Vec<String>,
    used: std::collections::BTreeSet<String>,
}

impl<'a> Writer<'a> {
    pub fn new(r: Reports<'a>) -> Writer<'a> {
        let n = r.specs.len();
        Writer {
            r,
            students: Vec::new(),
            per: Vec::new(),
            to_stdout: vec![Vec::new(); n],
            error: None,
            stems: Vec::new(),
            used: Default::default(),
        }
    }

    fn render(&self, kind: ReportKind, who: &Student, outs: &[Outcome]) -> String {
        let limits = &self.r.limits;
        let head = hidden_failures(with_parts(who.head(), outs), outs);
        let head = head.as_deref();
        let program = who.name;
        match kind {
            ReportKind::Gradescope => gradescope(head, outs, limits),
            ReportKind::Junit => junit(program, head, outs, limits),
            ReportKind::Json => json_report(
                &Head {
                    program,
                    error: who.error,
                    sources: who.sources,
                    shard: self.r.shard.as_ref(),
                    limits,
                    timings: self.r.timings,
                },
                outs,
            ),
            ReportKind::Tap => tap(head, outs, limits),
            ReportKind::Html => crate::grade::html::report(program, head, outs, limits),
            ReportKind::PrairieLearn => prairielearn(head, outs, limits),
        }
    }

    /// One student's outcomes, in the run's order.
    pub fn student(&mut self, who: &Student, outs: Vec<Outcome>) {
        let (name, error) = (who.name, who.error);
        let stem = upcard_parse::name::unique_stem(name, &mut self.used);
        for (i, spec) in self.r.specs.iter().enumerate() {
            let body = self.render(spec.kind, who, &outs);
            match &spec.path {
                None => self.to_stdout[i].push(body),
                Some(p) => {
                    let target = if self.r.many {
                        p.join(format!("{stem}.{}", spec.kind.ext()))
                    } else {
                        p.clone()
                    };
                    if let Err(e) = write_atomic(&target, body.as_bytes()) {
                        self.error.get_or_insert(Failure::input(format!(
                            "writing {}: {e}",
                            target.display()
                        )));
                    }
                }
            }
        }
        self.students.push(Kept {
            name: name.to_string(),
            error: error.map(str::to_string),
            sources: who.sources.map(str::to_string),
        });
        self.stems.push(stem);
        self.per.push(if self.r.many {
            outs.into_iter().map(verdict_only).collect()
        } else {
            outs
        });
    }

    /// The summary, the reports for standard output, the class's table; the
    /// exit status (`grader_trouble`: scenarios or goldens that were broken).
    pub fn finish(
        self,
        stdout: &mut dyn Write,
        said: &dyn crate::grade::event::Reporter,
        grader_trouble: bool,
    ) -> Result<(), Failure> {
        let Writer {
            r,
            students,
            per,
            to_stdout,
            error,
            stems,
            ..
        } = self;
        let mut text = String::new();
        let mut any_fail = false;
        let mut any_not_run = false;
        for (kept, outs) in students.iter().zip(&per) {
            let name = &kept.name;
            if let Some(s) = &kept.sources {
                text.push_str(&format!("{name}: {}", built_from(s)));
            }
            if let Some(e) = &kept.error {
                any_not_run = true;
                // The message names the program's path already.
                if r.many {
                    text.push_str(&format!("{name}: {}\n", summary_line(e, outs)));
                } else {
                    text.push_str(&format!("{e}\n"));
                }
            }
            if !r.many {
                text.push_str(&program_lines(outs, &r.limits));
            }
            for out in outs {
                match out.verdict {
                    Verdict::NotRun(_) | Verdict::BuildFailed => any_not_run = true,
                    ref v if !v.passed() => any_fail = true,
                    _ => {}
                }
            }
        }
        let runs = per.iter().map(Vec::len).sum::<usize>();
        let passed = per.iter().flatten().filter(|x| x.verdict.passed()).count();
        let parts = parts_graded(per.iter().flatten());
        let rows = counts(&students, &per, &parts);
        if r.many {
            text.push_str(&table(&rows, &columns(&parts)));
            text.push_str(&diagnosed(&students, &per));
        }
        text.push_str(&format!("\n{passed} passed, {} failed\n", runs - passed));
        // A report asked for on standard output (`--report tap`) has it to
        // itself, so that a TAP consumer reads TAP alone; the summary then
        // goes to standard error.
        if to_stdout.iter().any(|b| !b.is_empty()) {
            said.report(crate::grade::event::Event::Summary(text));
        } else {
            let _ = stdout.write_all(text.as_bytes());
        }
        for body in to_stdout.iter().flatten() {
            let _ = stdout.write_all(body.as_bytes());
        }
        if let Some(f) = error {
            return Err(f);
        }
        class_files(&r, (&rows, &columns(&parts)), &stems, &per)?;
        // With many submissions, one that cannot run is that student's failure
        // (a row of the table), not the grader's; with one program it is a usage error.
        if r.many && any_not_run {
            any_fail = true;
            any_not_run = false;
        }
        if grader_trouble || any_not_run {
            Err(Failure::said(upcard_rules::FailureKind::Input))
        } else if any_fail {
            Err(Failure::said(upcard_rules::FailureKind::Failed))
        } else {
            Ok(())
        }
    }
}

/// One program's summary: PASS or FAIL a scenario, then each failure's
/// explanation.
fn program_lines(outs: &[Outcome], limits: &Limits) -> String {
    let mut text = String::new();
    for out in outs {
        text.push_str(&match &out.verdict {
            Verdict::Pass => format!("PASS {}\n", out.name),
            v => format!(
                "{} {} ({}{})\n",
                if v.passed() { "PASS" } else { "FAIL" },
                out.name,
                v.summary(limits),
                if out.near_miss {
                    "; near miss: only white space and blank lines differ"
                } else {
                    ""
                }
            ),
        });
    }
    for out in outs.iter().filter(|x| !x.verdict.passed()) {
        if !out.detail.is_empty() || !out.description.is_empty() {
            text.push_str(&format!("\n=== {} ({})\n", out.name, out.path.display()));
            if !out.description.is_empty() {
                text.push_str(&format!("{}\n", out.description.trim_end()));
            }
            text.push_str(&out.detail);
        }
    }
    text
}

/// The class's files: with many students, each HTML report's folder gets
/// the class's table (`index.html`); and the CSV, when asked for.
fn class_files(
    r: &Reports,
    (rows, columns): (&[(String, Vec<String>)], &[&str]),
    stems: &[String],
    per: &[Vec<Outcome>],
) -> Result<(), Failure> {
    let html = r
        .specs
        .iter()
        .filter(|s| s.kind == ReportKind::Html && r.many);
    for dir in html.filter_map(|s| s.path.as_ref()) {
        let page = crate::grade::html::index(rows, stems, columns);
        let target = dir.join("index.html");
        write_atomic(&target, page.as_bytes())
            .map_err(|e| Failure::input(format!("writing {}: {e}", target.display())))?;
    }
    if let Some(csv) = r.csv {
        write_atomic(csv, csv_table((rows, columns), per).as_bytes())
            .map_err(|e| Failure::input(format!("writing {}: {e}", csv.display())))?;
    }
    Ok(())
}

/// A class summary's line for a program that could not run: a build's log
/// is in the student's reports, not the class's summary.
fn summary_line(error: &str, outs: &[Outcome]) -> String {
    let error = upcard_parse::escape::printable(error);
    if outs.iter().any(|o| o.verdict == Verdict::BuildFailed) {
        // The compiler's first error says most; else the log's first line.
        let log = error.lines().skip(1);
        let first = log
            .clone()
            .find(|l| l.contains("error"))
            .or_else(|| log.clone().next())
            .unwrap_or_default();
        let more = if error.lines().count() > 2 {
            " (the whole log is in the student's reports)"
        } else {
            ""
        };
        format!("did not build: {first}{more}")
    } else {
        error
    }
}

/// With `--diagnose` and many students: each bug a rule mutant reproduces
/// whole (the mutant's game prints the student's whole output) and the
/// students it does for; then, for each student with failures no mutant
/// reproduces whole, how many and the first one's first difference. A
/// mutant that only makes a first wrong line is a lead, not a bug found,
/// and is not counted (each report says it).
fn diagnosed(students: &[Kept], per: &[Vec<Outcome>]) -> String {
    let mut by_bug: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
    let mut unexplained = String::new();
    for (Kept { name: student, .. }, outs) in students.iter().zip(per) {
        let failed = || {
            outs.iter()
                .filter(|o| !o.verdict.passed() && !o.diagnosis.is_empty())
        };
        for bug in failed().filter_map(whole_game_mutant) {
            let named = by_bug.entry(bug).or_default();
            if named.last() != Some(&student.as_str()) {
                named.push(student);
            }
        }
        let rest: Vec<&Outcome> = failed()
            .filter(|o| whole_game_mutant(o).is_none())
            .collect();
        if let Some(first) = rest.first() {
            let at = first
                .context
                .as_ref()
                .map_or(String::new(), |c| format!(" at line {}", c.actual_line));
            unexplained.push_str(&format!(
                "  {student}: {} scenario{}, the first {}{at}\n",
                rest.len(),
                if rest.len() == 1 { "" } else { "s" },
                first.name
            ));
        }
    }
    let mut text = String::new();
    if !by_bug.is_empty() {
        let mut rows: Vec<(&str, Vec<&str>)> = by_bug.into_iter().collect();
        // Most students first; the map's order (by name) breaks ties.
        rows.sort_by_key(|(_, who)| std::cmp::Reverse(who.len()));
        let width = rows.iter().map(|(b, _)| b.len()).max().unwrap_or(0);
        text.push_str("\ndiagnosed bugs (a rule mutant's whole game is the student's output):\n");
        for (bug, who) in rows {
            text.push_str(&format!(
                "  {bug:width$}  {} student{}: {}\n",
                who.len(),
                if who.len() == 1 { "" } else { "s" },
                who.join(", ")
            ));
        }
    }
    if !unexplained.is_empty() {
        text.push_str(
            "\nnot reproduced whole (each report says what the first wrong line shows):\n",
        );
        text.push_str(&unexplained);
    }
    text
}

/// The mutant whose whole game is this outcome's output, if one is.
fn whole_game_mutant(o: &Outcome) -> Option<&str> {
    o.diagnosis
        .iter()
        .find(|f| f.kind == crate::mutants::Kind::Mutant)
        .and_then(|f| f.mutant.as_deref())
}

/// An outcome with only what the table needs: its verdict and names.
fn verdict_only(o: Outcome) -> Outcome {
    // The context's line numbers stay: the class's diagnosis names them.
    Outcome {
        detail: String::new(),
        stdout: String::new(),
        stderr: String::new(),
        ..o
    }
}

/// The class table's columns: a count of each verdict, then of failures
/// that differ only in white space (`near-miss`), of passes that are not
/// byte for byte (`not-exact`: passed as the course compares), of
/// scenarios whose runs disagreed (`flaky`, `--repeat`), and the score
/// over the maximum.
const COLUMNS: [&str; 14] = [
    "pass",
    "fail",
    "crash",
    "timeout",
    "exit",
    "truncated",
    "memory",
    "disk",
    "not-run",
    "build-failed",
    "near-miss",
    "not-exact",
    "flaky",
    "score",
];

/// Passed, but not byte for byte the golden (as the course compares).
fn not_exact(o: &Outcome) -> bool {
    matches!(o.verdict, Verdict::PassUnder(_))
}

/// A score as the tables write it: at most two decimals, none when whole.
fn points(x: f64) -> String {
    // A part scaled to its total has thirds and sevenths: two decimals,
    // as a gradebook shows them.
    let text = format!("{x:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

/// Each student's name and its row of cells (`columns(parts)`).
fn counts(students: &[Kept], per: &[Vec<Outcome>], parts: &[Part]) -> Vec<(String, Vec<String>)> {
    students
        .iter()
        .zip(per)
        .map(|(Kept { name, .. }, outs)| {
            // A test another part failed (a function wrong, a bug not
            // caught, a style rule broken) is a fail of the table's.
            let word = |o: &Outcome| match o.verdict.word() {
                "missed" => "fail",
                w => w,
            };
            let mut cells: Vec<String> = COLUMNS[..10]
                .iter()
                .map(|c| outs.iter().filter(|o| word(o) == *c).count().to_string())
                .collect();
            cells.push(outs.iter().filter(|o| o.near_miss).count().to_string());
            cells.push(outs.iter().filter(|o| not_exact(o)).count().to_string());
            cells.push(
                outs.iter()
                    .filter(|o| o.nondeterministic)
                    .count()
                    .to_string(),
            );
            let got: f64 = outs.iter().map(Outcome::score).sum();
            let max: f64 = outs.iter().map(|o| o.weight).sum();
            cells.push(format!("{}/{}", points(got), points(max)));
            let scores = by_part(outs);
            for part in parts {
                cells.push(
                    scores
                        .iter()
                        .find(|(p, ..)| p == part)
                        .map_or(String::new(), |(p, got, max)| {
                            part_cell(outs, *p, *got, *max)
                        }),
                );
            }
            (name.clone(), cells)
        })
        .collect()
}

/// A part's cell: its score over its most; for a part worth no points
/// (advice, as upcard's tests at the checkpoint), its tests passed.
fn part_cell(outs: &[Outcome], part: Part, got: f64, max: f64) -> String {
    if max > 0.0 {
        return format!("{}/{}", points(got), points(max));
    }
    let mine = outs.iter().filter(|o| o.part == part);
    let passed = mine.clone().filter(|o| o.verdict.passed()).count();
    format!("{passed}/{} passed", mine.count())
}

/// The parts the class was graded on, when more than the system tests:
/// each a column of the table (its score over its most).
fn parts_graded<'o>(outs: impl Iterator<Item = &'o Outcome>) -> Vec<Part> {
    let mut parts: Vec<Part> = outs.map(|o| o.part).collect();
    parts.sort();
    parts.dedup();
    if parts == [Part::System] {
        Vec::new()
    } else {
        parts
    }
}

/// The table's columns: COLUMNS, then a column per part graded.
fn columns(parts: &[Part]) -> Vec<&'static str> {
    COLUMNS
        .into_iter()
        .chain(parts.iter().map(|p| p.name()))
        .collect()
}

/// A CSV cell: quoted where it must be, and never a formula a spreadsheet
/// would run (a leading `=`, `+`, `-`, `@`, tab or CR is prefixed with `'`,
/// as OWASP recommends).
pub fn csv_cell(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// The class CSV: the table's columns, then each scenario's verdict for
/// each student (a column per scenario, in the run's order; `near-miss` or
/// `flaky` added to the word where it applies).
fn csv_table((rows, columns): (&[(String, Vec<String>)], &[&str]), per: &[Vec<Outcome>]) -> String {
    let mut scenarios: Vec<(usize, String)> = per
        .iter()
        .flatten()
        .map(|o| (o.case, o.name.clone()))
        .collect();
    scenarios.sort();
    scenarios.dedup();
    let head: Vec<String> = std::iter::once("student".to_string())
        .chain(columns.iter().map(|c| c.to_string()))
        .chain(scenarios.iter().map(|(_, name)| name.clone()))
        .collect();
    let mut lines = vec![head];
    for ((name, cells), outs) in rows.iter().zip(per) {
        let verdicts = scenarios.iter().map(|(case, name)| {
            outs.iter()
                .find(|o| o.case == *case && o.name == *name)
                .map_or(String::new(), |o| {
                    let mut word = o.verdict.word().to_string();
                    if o.near_miss {
                        word.push_str(" near-miss");
                    }
                    if not_exact(o) {
                        word.push_str(" not-exact");
                    }
                    if o.nondeterministic {
                        word.push_str(" flaky");
                    }
                    word
                })
        });
        lines.push(
            std::iter::once(name.clone())
                .chain(cells.iter().cloned())
                .chain(verdicts)
                .collect(),
        );
    }
    lines
        .iter()
        .map(|cells| {
            let cells: Vec<String> = cells.iter().map(|c| csv_cell(c)).collect();
            format!("{}\n", cells.join(","))
        })
        .collect()
}

/// Students × verdict counts, as aligned text.
fn table(rows: &[(String, Vec<String>)], columns: &[&str]) -> String {
    let mut s = String::new();
    let w = rows
        .iter()
        .map(|(n, _)| n.chars().count())
        .chain(["student".len()])
        .max()
        .unwrap_or(7);
    s.push_str(&format!("\n{:<w$}", "student"));
    let width = |c: &str| c.len().max(9);
    for c in columns {
        s.push_str(&format!("  {c:>0$}", width(c)));
    }
    s.push('\n');
    for (name, cells) in rows {
        s.push_str(&format!("{name:<w$}"));
        for (c, head) in cells.iter().zip(columns) {
            s.push_str(&format!("  {c:>0$}", width(head)));
        }
        s.push('\n');
    }
    s
}
