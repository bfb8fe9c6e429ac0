//! Unit-test grading (`upcard unit-tests`, EECS 280's `Card_tests.cpp` and
//! `Player_tests.cpp`): each test file of a submission is compiled with the
//! staff's correct solution and with each buggy one, in the grader's
//! sandbox; its tests are listed as the course's unit-test framework lists
//! them (`-n`) and each is run alone. A test that fails on the correct
//! solution is invalid; a bug is caught when a valid test fails (or
//! crashes, or runs out of time) on it (the spec's procedure,
//! docs/unit-tests.md).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use upcard_grade::grade::process::{Ending, Limits, Run};
use upcard_grade::grade::{Grader, Sandboxing};

mod file;
pub mod mutate;
mod page;
use upcard_parse::escape::{printable, printable_line};
use upcard_rules::Failure;
use upcard_scenario::scenario::write_atomic;

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

/// The report: one derived type, written and read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Every bug scored, by name, in order: those given, then those made.
    pub bugs: Vec<String>,
    /// Bugs given that no reference test catches: not scored.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suspect: Vec<String>,
    pub submissions: Vec<Submission>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submission {
    pub name: String,
    pub files: Vec<TestFile>,
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
    /// Bugs that did not compile with this file (the staff's to fix): they
    /// count as not caught, and the table says so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unbuilt: Vec<String>,
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

/// A flat folder's files, by name.
type Files = BTreeMap<String, Vec<u8>>;

/// What is read of one folder: a source file, and all its sources.
const MAX_SOURCE: u64 = 1 << 20;
const MAX_SOURCES: u64 = 8 << 20;

/// A flat folder's source files, by name, read as data (data.rs): a link,
/// a file over 1 MiB or sources over 8 MiB in all are refused, with the
/// file's name. Read in name order, so the same file is named every time.
fn read_files(dir: &Path) -> Result<Files, String> {
    if upcard_grade::grade::data::is_link(dir) {
        return Err("the folder is a symbolic link: links are not followed".into());
    }
    let mut entries: Vec<std::fs::DirEntry> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    let mut files = Files::new();
    let mut total = 0;
    for e in entries {
        let Some(name) = e.file_name().to_str().map(str::to_string) else {
            continue;
        };
        // Sources alone: a folder may hold what was built from them too.
        const SOURCES: [&str; 10] = [
            "cpp", "cc", "cxx", "hpp", "h", "hh", "hxx", "tpp", "ipp", "inc",
        ];
        let ext = name.rsplit_once('.').map_or("", |x| x.1);
        if !SOURCES.contains(&ext) || e.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let bytes = upcard_grade::grade::data::read_file(&e.path(), MAX_SOURCE)
            .map_err(|why| format!("{name} {why}"))?;
        total += bytes.len() as u64;
        if total > MAX_SOURCES {
            return Err(format!(
                "its source files come to more than {} MiB: not a submission's sources",
                MAX_SOURCES >> 20
            ));
        }
        files.insert(name, bytes);
    }
    Ok(files)
}

fn is_test_file(name: &str) -> bool {
    name.ends_with("_tests.cpp")
}

/// The solution's files compiled with a test file: its `.cpp` files that
/// are neither tests nor a program's `main`.
fn implementation(files: &Files) -> Vec<&str> {
    files
        .iter()
        .filter(|(name, bytes)| {
            name.ends_with(".cpp")
                && !is_test_file(name)
                && !name.contains("_test")
                && !String::from_utf8_lossy(bytes).contains("int main(")
        })
        .map(|(name, _)| name.as_str())
        .collect()
}

/// The program a test file and its solution are built into.
const PROGRAM: &str = "upcard-tests.exe";

fn quote(s: &str) -> String {
    shlex::try_quote(s).map_or_else(|_| format!("'{s}'"), |q| q.into_owned())
}

/// The submissions under `tests`: itself, when it holds test files, or
/// each folder in it.
fn submissions(tests: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let entries: Vec<std::fs::DirEntry> = std::fs::read_dir(tests)
        .map_err(|e| format!("{}: {e}", tests.display()))?
        .flatten()
        .collect();
    if entries
        .iter()
        .any(|e| e.file_name().to_str().is_some_and(is_test_file))
    {
        let name = tests
            .file_name()
            .map_or("submission".into(), |n| n.to_string_lossy().into_owned());
        return Ok(vec![(name, tests.to_path_buf())]);
    }
    // Folders, and links (which are refused, by name, when read).
    let mut out: Vec<(String, PathBuf)> = entries
        .iter()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir() || t.is_symlink()))
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect();
    out.sort();
    if out.is_empty() {
        return Err(format!(
            "{}: no *_tests.cpp and no submission folders in it",
            tests.display()
        ));
    }
    Ok(out)
}

/// The bugs: each subfolder of each `--bugs` folder, by its name.
fn bugs(dirs: &[PathBuf]) -> Result<Vec<(String, Files)>, String> {
    let mut out = Vec::new();
    for d in dirs {
        let mut here: Vec<PathBuf> = std::fs::read_dir(d)
            .map_err(|e| format!("{}: {e}", d.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        here.sort();
        for p in here {
            let name = p
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            out.push((name, read_files(&p)?));
        }
    }
    Ok(out)
}

struct Grading<'a> {
    grader: Grader,
    o: &'a Options,
    solution: Files,
    work: tempfile::TempDir,
    /// Numbers the variants' work files.
    made: std::sync::atomic::AtomicUsize,
}

/// A solution (the correct one or a bug) compiled once: its files, and its
/// implementation as one archive every test file links with.
struct Variant {
    name: String,
    /// Its files' names in the work folder (a name may be any text).
    tag: String,
    files: Files,
    archive: PathBuf,
}

impl Grading<'_> {
    /// Runs `script` in the sandbox over `files` in a folder of its own,
    /// keeping the file `product` it makes at `work/{tag}`.
    fn make(
        &self,
        files: &Files,
        script: &str,
        product: &str,
        tag: &str,
    ) -> Result<PathBuf, String> {
        let src = self.work.path().join(format!("src-{tag}"));
        let _ = std::fs::remove_dir_all(&src);
        std::fs::create_dir_all(&src).map_err(|e| e.to_string())?;
        for (name, bytes) in files {
            std::fs::write(src.join(name), bytes).map_err(|e| format!("{name}: {e}"))?;
        }
        let dest = self.work.path().join(tag);
        let made = self
            .grader
            .build(&src, &[], script, product, &dest)
            .map_err(|b| b.log);
        let _ = std::fs::remove_dir_all(&src);
        made.map(|_| dest)
    }

    /// A solution's implementation compiled into an archive.
    fn variant(&self, name: &str, overlay: &Files) -> Result<Variant, String> {
        let mut files = self.solution.clone();
        files.extend(overlay.iter().map(|(k, v)| (k.clone(), v.clone())));
        let sources = implementation(&files);
        let objects: Vec<String> = sources
            .iter()
            .map(|s| quote(&format!("{}.o", s.rsplit_once('.').map_or(*s, |x| x.0))))
            .collect();
        let sources: Vec<String> = sources.iter().map(|s| quote(s)).collect();
        let script = format!(
            "g++ {} -c {}\nar rcs {LIBRARY} {}\n",
            self.o.cxxflags,
            sources.join(" "),
            objects.join(" ")
        );
        let n = self.made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tag = format!("v{n}");
        let archive = self.make(&files, &script, LIBRARY, &format!("lib-{tag}.a"))?;
        Ok(Variant {
            name: name.to_string(),
            tag,
            files,
            archive,
        })
    }

    /// A test file compiled against `v`'s headers.
    fn object(&self, v: &Variant, test: (&str, &[u8]), tag: &str) -> Result<PathBuf, String> {
        let mut files: Files = v
            .files
            .iter()
            .filter(|(n, _)| !n.ends_with(".cpp"))
            .map(|(k, b)| (k.clone(), b.clone()))
            .collect();
        files.insert(test.0.to_string(), test.1.to_vec());
        let script = format!("g++ {} -c {} -o {OBJECT}\n", self.o.cxxflags, quote(test.0));
        self.make(&files, &script, OBJECT, &format!("{tag}.o"))
    }

    /// A test object linked with a variant's archive.
    fn link(&self, object: &Path, v: &Variant, tag: &str) -> Result<PathBuf, String> {
        let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
        let files = Files::from([
            (OBJECT.to_string(), read(object)?),
            (LIBRARY.to_string(), read(&v.archive)?),
        ]);
        let script = format!("g++ {} {OBJECT} {LIBRARY} -o {PROGRAM}\n", self.o.cxxflags);
        self.make(&files, &script, PROGRAM, &format!("{tag}-{}.exe", v.tag))
    }

    /// The reference tests, compiled against the solution, each passing on it.
    fn references(&self, dir: &Path, solution: &Variant) -> Result<Vec<(String, PathBuf)>, String> {
        let files = read_files(dir)?;
        let mut out = Vec::new();
        for (name, bytes) in files.iter().filter(|(n, _)| is_test_file(n)) {
            let tag = format!("reference-{}", out.len());
            let object = self
                .object(solution, (name, bytes), &tag)
                .map_err(|log| format!("{name} does not compile with the solution:\n{log}"))?;
            let exe = self
                .link(&object, solution, &tag)
                .map_err(|log| format!("{name} does not link with the solution:\n{log}"))?;
            let run = self.run(&exe, &[])?;
            if run.ending != Ending::Exited(0) {
                return Err(format!(
                    "{name} fails on the solution ({}): reference tests must pass on it",
                    ending(&run.ending, &self.o.limits)
                ));
            }
            out.push((name.clone(), object));
        }
        if out.is_empty() {
            return Err(format!("{}: no *_tests.cpp in it", dir.display()));
        }
        Ok(out)
    }

    /// Some reference test fails on `v` (it builds with them and is told
    /// apart from the solution).
    fn told_apart(&self, v: &Variant, refs: &[(String, PathBuf)]) -> bool {
        refs.iter().any(|(_, object)| {
            self.link(object, v, &format!("check-{}", v.tag))
                .ok()
                .and_then(|exe| self.run(&exe, &[]).ok())
                .is_some_and(|run| run.ending != Ending::Exited(0))
        })
    }

    /// Up to `n` generated bugs: source mutants of the solution's
    /// implementation, shuffled by `seed`, kept when they compile and the
    /// reference tests tell them apart, in that order.
    fn generate(
        &self,
        n: usize,
        seed: u64,
        refs: &[(String, PathBuf)],
        pool: &rayon::ThreadPool,
    ) -> Vec<Variant> {
        let mut candidates: Vec<crate::mutate::SourceMutant> = implementation(&self.solution)
            .into_iter()
            .flat_map(|f| {
                let text = String::from_utf8_lossy(&self.solution[f]).into_owned();
                crate::mutate::mutants(f, &text)
            })
            .collect();
        // Fisher-Yates with the Mersenne Twister: the same bugs for a seed.
        let mut rng = rand_mt::Mt64::new(seed);
        for i in (1..candidates.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            candidates.swap(i, j);
        }
        let mut kept = Vec::new();
        for chunk in candidates.chunks(self.o.jobs.max(1) * 2) {
            let tried: Vec<Option<((String, usize), Variant)>> = pool.install(|| {
                chunk
                    .par_iter()
                    .map(|m| {
                        let overlay = Files::from([(m.file.clone(), m.text.clone().into_bytes())]);
                        self.variant(&m.name, &overlay)
                            .ok()
                            .filter(|v| self.told_apart(v, refs))
                            .map(|v| ((m.file.clone(), m.at), v))
                    })
                    .collect()
            });
            kept.extend(tried.into_iter().flatten());
            if kept.len() >= n {
                break;
            }
        }
        kept.truncate(n);
        // Listed in source order, whichever the seed chose.
        kept.sort_by(|a, b| a.0.cmp(&b.0));
        kept.into_iter().map(|(_, v)| v).collect()
    }

    fn run(&self, exe: &Path, args: &[String]) -> Result<Run, String> {
        self.grader
            .run_program(exe, "./upcard-tests.exe", args, self.o.limits)
    }

    /// The test names the framework lists (`-n`).
    fn names(&self, exe: &Path) -> Result<Vec<String>, String> {
        let run = self.run(exe, &["-n".into()])?;
        if run.ending != Ending::Exited(0) {
            return Err(format!(
                "listing its tests (-n) failed: {}",
                ending(&run.ending, &self.o.limits)
            ));
        }
        Ok(String::from_utf8_lossy(&run.stdout)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect())
    }
}

/// What the builds leave: the implementation's archive, a test file's
/// object, and the program they link into.
const LIBRARY: &str = "upcard-impl.a";
const OBJECT: &str = "upcard-test.o";

fn ending(e: &Ending, limits: &Limits) -> String {
    match e {
        Ending::Exited(c) => format!("exit status {c}"),
        Ending::Signal(s) => format!("crashed ({})", upcard_grade::grade::signal_name(*s)),
        Ending::TimedOut => format!("timed out after {} s", limits.time.as_secs_f64()),
        Ending::OutOfMemory => "out of memory".into(),
        Ending::Truncated => "printed too much".into(),
        Ending::DiskFull => "filled its disk".into(),
        Ending::NotStarted(why) => format!("could not start: {why}"),
    }
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
    let grader = Grader::new(None, o.limits, o.sandboxing.clone()).map_err(Failure::input)?;
    for n in &grader.notes {
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

/// The reports asked for (`--report`): the HTML pages unit tests' own, the
/// platforms' through `grade`'s writer, one test a bug.
fn write_reports(o: &Options, report: &Report) -> Result<(), Failure> {
    // The HTML page speaks of tests and bugs: its own, not grading's.
    let (html, others): (Vec<_>, Vec<_>) = o
        .reports
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
            limits: o.limits,
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

/// Each bug compiled once; one that does not compile is the staff's to
/// fix, said in `notes` and left out.
fn compiled_bugs(
    g: &Grading,
    pool: &rayon::ThreadPool,
    bug_files: &[(String, Files)],
    notes: &mut Vec<String>,
) -> Vec<Variant> {
    let built: Vec<Result<Variant, String>> = pool.install(|| {
        bug_files
            .par_iter()
            .map(|(name, files)| g.variant(name, files))
            .collect()
    });
    let mut variants = Vec::new();
    for ((name, _), b) in bug_files.iter().zip(built) {
        match b {
            Ok(v) => variants.push(v),
            Err(log) => notes.push(format!(
                "note: the bug {name} does not compile, and is left out:\n{}",
                log.lines()
                    .filter(|l| l.contains("error"))
                    .take(3)
                    .collect::<Vec<_>>()
                    .join("\n")
            )),
        }
    }
    variants
}

/// The bugs some reference test catches: one none catches may be no bug
/// at all, and is suspect, not scored.
fn told_apart(
    g: &Grading,
    pool: &rayon::ThreadPool,
    variants: Vec<Variant>,
    refs: &[(String, PathBuf)],
    notes: &mut Vec<String>,
    suspect: &mut Vec<String>,
) -> Vec<Variant> {
    let apart: Vec<bool> =
        pool.install(|| variants.par_iter().map(|v| g.told_apart(v, refs)).collect());
    let mut kept = Vec::new();
    for (v, apart) in variants.into_iter().zip(apart) {
        if apart {
            kept.push(v);
        } else {
            notes.push(format!(
                "note: no reference test catches the bug {}: it is suspect, and not scored",
                v.name
            ));
            suspect.push(v.name);
        }
    }
    kept
}

/// A test file to grade: its student's place in the report, its work
/// tag, its name and bytes.
type Job = (usize, String, String, Vec<u8>);

/// Each student's row in the report (a row that says why, for a
/// submission that cannot be read or holds no test file), and the test
/// files to grade.
fn student_jobs(subs: &[(String, PathBuf)], report: &mut Report) -> Vec<Job> {
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

/// `--report html=PATH`: one submission's page at PATH, or with many a
/// folder of pages (one per student) and the class's `index.html`.
fn pages(report: &Report, path: Option<&Path>) -> Result<(), Failure> {
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

/// A submission's results as `grade`'s outcomes, for the platforms' reports.
fn outcomes(r: &Report, s: &Submission) -> Vec<upcard_grade::grade::Outcome> {
    use upcard_grade::grade::{Outcome, Verdict};
    let outcome = Outcome::new;
    let mut out = Vec::new();
    for bug in &r.bugs {
        let by = page::catching(s, bug);
        out.push(if by.is_empty() {
            outcome(
                format!("bug {bug}"),
                1.0,
                Verdict::Missed("not caught".into()),
                "no valid test of yours catches this bug\n".into(),
            )
        } else {
            outcome(
                format!("bug {bug}"),
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
fn table(r: &Report, out: &mut dyn Write) -> std::io::Result<()> {
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
            let caught = format!("{}/{}", f.caught.len(), r.bugs.len());
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
