//! `upcard grade`: student programs on the scenarios, with reports.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use super::run::{apply_filter, load};
use upcard::Failure;
use upcard::grade::report::{gradescope, json_report, junit, tap};
use upcard::grade::{
    Grader, Limits, Outcome, Sandboxing, Verdict, expected, find_program, invocation,
};
use upcard::scenario::raw::RulesName;
use upcard::scenario::{Scenario, write_atomic};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportKind {
    Gradescope,
    Junit,
    Json,
    Tap,
    Html,
}

/// The file ending of a report, when a directory holds one per student.
fn ext(kind: ReportKind) -> &'static str {
    match kind {
        ReportKind::Gradescope | ReportKind::Json => "json",
        ReportKind::Junit => "xml",
        ReportKind::Tap => "tap",
        ReportKind::Html => "html",
    }
}

/// Two reports (or a report and the CSV) that would write the same file:
/// refused before anything runs, so that neither is silently lost.
fn clashing_reports(o: &Options, many: bool) -> Result<(), Failure> {
    let mut seen: Vec<(PathBuf, String)> = Vec::new();
    let targets = o
        .reports
        .iter()
        .filter_map(|r| {
            let p = r.path.as_ref()?;
            let name = format!("{:?}", r.kind).to_lowercase();
            Some(if many {
                (p.join(format!("<student>.{}", ext(r.kind))), name)
            } else {
                (p.clone(), name)
            })
        })
        .chain(o.csv.iter().map(|c| (c.clone(), "csv".to_string())));
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
        let kind = match k {
            "gradescope" => ReportKind::Gradescope,
            "junit" => ReportKind::Junit,
            "json" => ReportKind::Json,
            "tap" => ReportKind::Tap,
            "html" => ReportKind::Html,
            _ => {
                return Err(format!(
                    "unknown report {k:?}: gradescope=PATH, junit=PATH, json=PATH, html=PATH or tap[=PATH]"
                ));
            }
        };
        if p.is_none() && kind != ReportKind::Tap {
            return Err(format!("--report {k} needs a path: {k}=PATH"));
        }
        Ok(ReportSpec { kind, path: p })
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub exe: PathBuf,
    pub paths: Vec<PathBuf>,
    pub filter: Option<String>,
    pub argv0: Option<String>,
    pub limits: Limits,
    /// Run programs in the sandbox (off only with --no-sandbox).
    pub sandbox: bool,
    pub reports: Vec<ReportSpec>,
    pub jobs: usize,
    pub csv: Option<PathBuf>,
    pub timings: bool,
    /// Differential testing: this many random games instead of the scenarios.
    pub random: Option<u32>,
    /// Which course's games `--random` plays.
    /// The course to grade (inferred from the scenarios when not given).
    pub rules: Option<upcard::scenario::raw::RulesName>,
    pub list_skipped: bool,
    /// Runs of each failing scenario, to find nondeterministic output.
    pub repeat: u32,
    pub seed: u32,
    /// Where the shrunk scenario of a divergence is written.
    pub out: PathBuf,
}

/// One program to grade: a name for tables and its path (or why there is none).
struct Program {
    name: String,
    path: Result<PathBuf, String>,
}

fn programs(exe: &Path) -> (Vec<Program>, bool) {
    if exe.is_dir() {
        let mut subs: Vec<PathBuf> = std::fs::read_dir(exe)
            .map(|rd| {
                rd.filter_map(|e| e.ok())
                    .map(|e| e.path())
                    .filter(|p| p.is_dir())
                    .collect()
            })
            .unwrap_or_default();
        subs.sort();
        let list = subs
            .iter()
            .map(|d| Program {
                name: d
                    .file_name()
                    .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
                path: find_program(d),
            })
            .collect();
        (list, true)
    } else {
        let path = if exe.is_file() {
            Ok(exe.to_path_buf())
        } else {
            Err(format!("{}: no such program", exe.display()))
        };
        (
            vec![Program {
                name: exe.display().to_string(),
                path,
            }],
            false,
        )
    }
}

fn not_run(s: &Scenario, why: &str) -> Outcome {
    Outcome::of(s, Verdict::NotRun(why.to_string()))
}

fn render(
    kind: ReportKind,
    program: &str,
    outcomes: &[Outcome],
    o: &Options,
) -> (String, &'static str) {
    let body = match kind {
        ReportKind::Gradescope => gradescope(outcomes, &o.limits),
        ReportKind::Junit => junit(program, outcomes, &o.limits),
        ReportKind::Json => json_report(program, outcomes, &o.limits, o.timings),
        ReportKind::Tap => tap(outcomes, &o.limits),
        ReportKind::Html => upcard::grade::html::report(program, outcomes, &o.limits),
    };
    (body, ext(kind))
}

/// `--random N`: compares the program with the engine on random games.
fn random(o: &Options, n: u32, stdout: &mut dyn Write) -> Result<(), Failure> {
    let exe = match programs(&o.exe).0.into_iter().next() {
        Some(Program { path: Ok(p), .. }) if o.exe.is_file() => p,
        _ => {
            return Err(Failure::input(format!(
                "--random needs one program, and {} is not one",
                o.exe.display()
            )));
        }
    };
    let grader = new_grader(o)?;
    let random_rules = o
        .rules
        .unwrap_or(RulesName::from_name(upcard::courses::names()[0]).expect("a course"));
    let (played, found) =
        upcard::grade::random::search(&exe, random_rules, n, o.seed, &o.out, &grader)
            .map_err(Failure::input)?;
    let text = match &found {
        None => format!(
            "{played} random {} games (seed {}): the program agrees with the engine on all of them\n",
            random_rules.dir(),
            o.seed
        ),
        Some(f) => format!(
            "random game {} (seed {}) differs: {}\nshrunk {} times; the scenario is {} (golden beside it)\nrerun it: upcard grade --exe {} {}\n{}",
            f.game,
            o.seed,
            f.outcome.verdict.summary(&o.limits),
            f.shrunk_steps,
            f.scenario.display(),
            o.exe.display(),
            f.scenario.display(),
            f.outcome.detail
        ),
    };
    let _ = stdout.write_all(text.as_bytes());
    match found {
        None => Ok(()),
        Some(_) => Err(Failure::silent(1)),
    }
}

/// The grader, with the sandbox unless `--no-sandbox`; what the sandbox
/// cannot do here is said once on standard error.
fn new_grader(o: &Options) -> Result<Grader, Failure> {
    let sandboxing = if o.sandbox {
        let helper = std::env::current_exe().map_err(|e| {
            Failure::input(format!("cannot find upcard itself for the sandbox: {e}"))
        })?;
        Sandboxing::On { helper }
    } else {
        Sandboxing::Off
    };
    let grader = Grader::new(o.argv0.clone(), o.limits, sandboxing).map_err(Failure::input)?;
    for n in &grader.notes {
        eprintln!("upcard: note: {n}");
    }
    Ok(grader)
}

pub fn run(o: &Options, stdout: &mut dyn Write) -> Result<(), Failure> {
    // Programs run in process groups of their own, which Ctrl-C does not reach.
    if let Err(e) = upcard::grade::live::stop_everything_on_signals() {
        eprintln!("upcard: warning: Ctrl-C will not stop running programs: {e}");
    }
    if let Some(n) = o.random {
        return random(o, n, stdout);
    }
    let (mut scenarios, mut grader_trouble) = load(&o.paths)?;
    apply_filter(&mut scenarios, o.filter.as_deref())?;
    // One course per run: the one asked for, or the one all scenarios share.
    let rules = match o.rules {
        Some(r) => r,
        None => {
            // The courses present, in the table's order.
            let courses: Vec<RulesName> = upcard::courses::names()
                .into_iter()
                .filter_map(RulesName::from_name)
                .filter(|r| scenarios.iter().any(|s| s.rules() == *r))
                .collect();
            match courses.as_slice() {
                [one] => *one,
                [] => RulesName::from_name(upcard::courses::names()[0]).expect("a course"),
                _ => {
                    let count =
                        |r: &RulesName| scenarios.iter().filter(|s| s.rules() == *r).count();
                    let counts: Vec<String> = courses
                        .iter()
                        .map(|r| format!("{} {}", count(r), r.dir()))
                        .collect();
                    let say: Vec<String> = courses
                        .iter()
                        .map(|r| format!("--rules {}", r.dir()))
                        .collect();
                    let how_many = match courses.len() {
                        2 => "both".to_string(),
                        n => n.to_string(),
                    };
                    return Err(Failure::input(format!(
                        "these scenarios are of {how_many} courses ({}), and a program is one \
                         course's: say {}",
                        counts.join(", "),
                        say.join(" or ")
                    )));
                }
            }
        }
    };
    scenarios.retain(|s| s.rules() == rules);
    if scenarios.is_empty() {
        return Err(Failure::input(format!(
            "no {} scenario to grade with",
            rules.dir()
        )));
    }
    // Scenarios a student program cannot run, and goldens that are missing.
    let mut cases = Vec::new();
    let mut skipped = Vec::new();
    for s in scenarios {
        if let Err(why) = invocation(&s, o.argv0.as_deref()) {
            skipped.push((s.path.clone(), why));
            continue;
        }
        match expected(&s) {
            Ok(want) => cases.push((s, want)),
            Err(e) => {
                eprintln!("upcard: {e}");
                grader_trouble = true;
            }
        }
    }
    if o.list_skipped {
        for (path, why) in &skipped {
            eprintln!("upcard: skipped {}: {why}", path.display());
        }
    } else if !skipped.is_empty() {
        eprintln!(
            "upcard: skipped {} scenario{} that use{} upcard-only settings; --list-skipped shows them",
            skipped.len(),
            if skipped.len() == 1 { "" } else { "s" },
            if skipped.len() == 1 { "s" } else { "" }
        );
    }
    let (progs, many) = programs(&o.exe);
    clashing_reports(o, many)?;
    let grader = new_grader(o)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.max(1))
        .build()
        .map_err(|e| Failure::input(format!("cannot start worker threads: {e}")))?;
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new((progs.len() * cases.len()) as u64);
        b.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} runs {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b
    } else {
        ProgressBar::hidden()
    };
    // One student at a time (its scenarios in parallel): its reports are
    // written as soon as it is done, and with many students only its verdicts
    // are kept, so memory is bounded by one student's output, not the class's.
    let mut per_student: Vec<Vec<Outcome>> = Vec::with_capacity(progs.len());
    let mut to_stdout: Vec<Vec<String>> = vec![Vec::new(); o.reports.len()];
    let mut report_error: Option<Failure> = None;
    for prog in &progs {
        let outs: Vec<Outcome> = pool.install(|| {
            cases
                .par_iter()
                .map(|(s, (want, want_exit))| {
                    let out = match &prog.path {
                        Ok(exe) => grader
                            .grade_repeated(exe, s, (want, *want_exit), o.repeat)
                            .unwrap_or_else(|e| not_run(s, &e)),
                        Err(e) => not_run(s, e),
                    };
                    bar.inc(1);
                    out
                })
                .collect()
        });
        for (spec, stdout_bodies) in o.reports.iter().zip(&mut to_stdout) {
            let (body, ext) = render(spec.kind, &prog.name, &outs, o);
            match &spec.path {
                None => stdout_bodies.push(body),
                Some(p) => {
                    let target = if many {
                        p.join(format!("{}.{ext}", prog.name))
                    } else {
                        p.clone()
                    };
                    if let Err(e) = write_atomic(&target, body.as_bytes()) {
                        report_error.get_or_insert(Failure::input(format!(
                            "writing {}: {e}",
                            target.display()
                        )));
                    }
                }
            }
        }
        per_student.push(if many {
            outs.into_iter().map(verdict_only).collect()
        } else {
            outs
        });
    }
    bar.finish_and_clear();
    let per: Vec<&[Outcome]> = per_student.iter().map(Vec::as_slice).collect();
    let results: Vec<&Outcome> = per_student.iter().flatten().collect();
    let mut text = String::new();
    let mut any_fail = false;
    let mut any_not_run = false;
    for (prog, outs) in progs.iter().zip(&per) {
        if let Err(e) = &prog.path {
            any_not_run = true;
            // The message names the program's path already.
            if many {
                text.push_str(&format!("{}: {e}\n", prog.name));
            } else {
                text.push_str(&format!("{e}\n"));
            }
        }
        if !many {
            for out in outs.iter() {
                text.push_str(&match &out.verdict {
                    Verdict::Pass => format!("PASS {}\n", out.name),
                    v => format!(
                        "{} {} ({})\n",
                        if v.passed() { "PASS" } else { "FAIL" },
                        out.name,
                        v.summary(&o.limits)
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
        }
        for out in outs.iter() {
            match out.verdict {
                Verdict::NotRun(_) => any_not_run = true,
                ref v if !v.passed() => any_fail = true,
                _ => {}
            }
        }
    }
    let passed = results.iter().filter(|x| x.verdict.passed()).count();
    if many {
        text.push_str(&table(&progs, &per, false));
    }
    text.push_str(&format!(
        "\n{passed} passed, {} failed\n",
        results.len() - passed
    ));
    let _ = stdout.write_all(text.as_bytes());
    for bodies in &to_stdout {
        for body in bodies {
            let _ = stdout.write_all(body.as_bytes());
        }
    }
    if let Some(f) = report_error {
        return Err(f);
    }
    // With many students, an HTML report's folder also gets the class's table.
    for spec in o
        .reports
        .iter()
        .filter(|r| r.kind == ReportKind::Html && many)
    {
        if let Some(dir) = &spec.path {
            let page = upcard::grade::html::index(&counts(&progs, &per), &COLUMNS);
            let target = dir.join("index.html");
            write_atomic(&target, page.as_bytes())
                .map_err(|e| Failure::input(format!("writing {}: {e}", target.display())))?;
        }
    }
    if let Some(csv) = &o.csv {
        write_atomic(csv, table(&progs, &per, true).as_bytes())
            .map_err(|e| Failure::input(format!("writing {}: {e}", csv.display())))?;
    }
    // With many submissions, one that cannot run is that student's failure
    // (a row of the table), not the grader's; with one program it is a usage error.
    if many && any_not_run {
        any_fail = true;
        any_not_run = false;
    }
    if grader_trouble || any_not_run {
        Err(Failure::silent(2))
    } else if any_fail {
        Err(Failure::silent(1))
    } else {
        Ok(())
    }
}

/// An outcome with only what the table needs: its verdict and names.
fn verdict_only(o: Outcome) -> Outcome {
    Outcome {
        detail: String::new(),
        stdout: String::new(),
        stderr: String::new(),
        context: None,
        ..o
    }
}

const COLUMNS: [&str; 8] = [
    "pass",
    "fail",
    "crash",
    "timeout",
    "exit",
    "truncated",
    "memory",
    "not-run",
];

/// Students × verdict counts, as aligned text or CSV.
/// Each student's name and its count of each verdict (COLUMNS).
fn counts(progs: &[Program], per: &[&[Outcome]]) -> Vec<(String, Vec<usize>)> {
    progs
        .iter()
        .zip(per)
        .map(|(p, outs)| {
            let counts = COLUMNS
                .iter()
                .map(|c| outs.iter().filter(|o| o.verdict.word() == *c).count())
                .collect();
            (p.name.clone(), counts)
        })
        .collect()
}

fn table(progs: &[Program], per: &[&[Outcome]], csv: bool) -> String {
    let rows = counts(progs, per);
    let mut s = String::new();
    if csv {
        s.push_str(&format!("student,{}\n", COLUMNS.join(",")));
        for (name, counts) in rows {
            let quoted = if name.contains([',', '"', '\n']) {
                format!("\"{}\"", name.replace('"', "\"\""))
            } else {
                name
            };
            let nums: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
            s.push_str(&format!("{quoted},{}\n", nums.join(",")));
        }
        return s;
    }
    let w = rows
        .iter()
        .map(|(n, _)| n.chars().count())
        .chain(["student".len()])
        .max()
        .unwrap_or(7);
    s.push_str(&format!("\n{:<w$}", "student"));
    for c in COLUMNS {
        s.push_str(&format!("  {c:>9}"));
    }
    s.push('\n');
    for (name, counts) in rows {
        s.push_str(&format!("{name:<w$}"));
        for c in counts {
            s.push_str(&format!("  {c:>9}"));
        }
        s.push('\n');
    }
    s
}

/// Seconds as a duration, for the command line.
pub fn seconds(s: &str) -> Result<Duration, String> {
    let v: f64 = s
        .parse()
        .map_err(|_| format!("{s:?} is not a number of seconds"))?;
    if !(v > 0.0 && v.is_finite()) {
        return Err(format!(
            "the time limit must be more than 0 seconds, not {s}"
        ));
    }
    Ok(Duration::from_secs_f64(v))
}

/// Run a student program (or a directory of submissions) on the scenarios and grade it
#[derive(clap::Args)]
pub struct Args {
    /// The program, or a directory with one submission per subdirectory
    #[arg(long)]
    exe: PathBuf,
    #[command(flatten)]
    scenarios: super::run::Selection,
    /// argv[0] to run the program as (default ./euchre.exe for EECS 280, ./euchre for CS 246)
    #[arg(long)]
    argv0: Option<String>,
    /// Seconds each run may take before its process group is killed
    #[arg(long, default_value = "10", value_parser = seconds)]
    timeout: Duration,
    /// Bytes of output kept per run; more stops the run and marks it truncated
    #[arg(long, default_value_t = 1 << 20)]
    max_output: usize,
    /// Memory limit in MiB: each process's address space, and in the sandbox all of a run's processes together (0 for none)
    #[arg(long, default_value_t = 1024)]
    memory_mb: u64,
    /// Processes a run may have at once (in the sandbox)
    #[arg(long, default_value_t = 64)]
    max_processes: u32,
    /// Run programs without the sandbox (only programs you trust)
    #[arg(long)]
    no_sandbox: bool,
    /// A report to write: gradescope=PATH, junit=PATH, json=PATH, html=PATH, tap[=PATH] (repeatable)
    #[arg(long = "report", value_name = "KIND=PATH")]
    reports: Vec<ReportSpec>,
    /// Runs at once (default: the number of cores)
    #[arg(short = 'j', long)]
    jobs: Option<usize>,
    /// Also write the students × verdicts table as CSV
    #[arg(long, value_name = "PATH")]
    csv: Option<PathBuf>,
    /// Include run times in the JSON report (they differ from run to run)
    #[arg(long)]
    timings: bool,
    /// Differential testing: compare the program with the engine on N random games
    #[arg(long, value_name = "N")]
    random: Option<u32>,
    /// The course to grade: its scenarios only (default: the course of the scenarios given; for --random, eecs280)
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(upcard::courses::names()))]
    rules: Option<String>,
    /// List the scenarios skipped because a course program cannot run them
    #[arg(long)]
    list_skipped: bool,
    /// Run each failing scenario up to N times and report output that changes between runs
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    repeat: u32,
    /// The random games' seed
    #[arg(long, default_value_t = 0)]
    seed: u32,
    /// Where --random writes the shrunk scenario of a divergence (scenarios/ and golden/ inside)
    #[arg(long, default_value = "divergence")]
    out: PathBuf,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let o = Options {
            exe: self.exe,
            paths: self.scenarios.paths,
            filter: self.scenarios.filter,
            argv0: self.argv0,
            limits: Limits {
                time: self.timeout,
                output: self.max_output,
                memory: self.memory_mb * 1024 * 1024,
                processes: self.max_processes,
            },
            sandbox: !self.no_sandbox,
            reports: self.reports,
            jobs: self
                .jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())),
            csv: self.csv,
            timings: self.timings,
            random: self.random,
            rules: self.rules.as_deref().and_then(RulesName::from_name),
            list_skipped: self.list_skipped,
            repeat: self.repeat,
            seed: self.seed,
            out: self.out,
        };
        run(&o, stdout)
    }
}
