//! `upcard grade`: student programs on the scenarios, with reports.

use crate::grade::event::{Event, Reporter};
use crate::grade::shard::Shard;
use crate::grade::writer::{ReportKind, ReportSpec, Reports, Student, Writer};
use crate::grade::{Grader, Outcome, Verdict, expected, find_program, invocation};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;
use upcard_rules::Failure;
use upcard_sandbox::{Limits, Sandboxing};
use upcard_scenario::scenario::RulesName;
use upcard_scenario::scenario::Scenario;
use upcard_scenario::scenario::runner::{apply_filter, drop_opt_in, load};

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
    pub rules: Option<upcard_scenario::scenario::RulesName>,
    pub list_skipped: bool,
    /// Runs of each scenario, to find nondeterministic output.
    pub repeat: u32,
    /// Each submission folder holds sources to build first (`--build`).
    pub build: bool,
    /// With `--build`, a second build with AddressSanitizer and UBSan, run
    /// on each scenario the first fails, for its report (`--sanitize`).
    pub sanitize: bool,
    pub seed: u32,
    /// Where the shrunk scenario of a divergence is written.
    pub out: PathBuf,
    /// Grade only this shard's share of the runs.
    pub shard: Option<Shard>,
    /// Name the mutants that reproduce each wrong transcript.
    pub diagnose: bool,
    /// How transcripts are compared (`--compare`); None: as the course's
    /// autograder compares. A scenario's own `expect.compare` wins.
    pub compare: Option<upcard_scenario::scenario::Compare>,
    /// With `--build`, the course's files each build sees in place of the
    /// student's (`--course-files`: its headers).
    pub course_files: Vec<(String, Vec<u8>)>,
    /// What upcard's ADT tests found in each student's classes, by
    /// submission name (`--diagnose` with `--course-files`).
    pub inside: std::collections::BTreeMap<String, super::inside::Inside>,
    /// The parts graded (`--parts`); the others' outcomes by student, made
    /// before grading (`super::others`), and the TA's points (`--points`).
    pub parts: Vec<super::points::Part>,
    pub others: super::others::Others,
    pub points: super::points::Points,
    /// With `--build`, programs another part built from the same sources,
    /// by submission name, used in place of a build of their own.
    pub prebuilt: std::collections::BTreeMap<String, super::build::Prebuilt>,
}

/// One program to grade: a name for tables and its path (or why there is none).
struct Program {
    name: String,
    /// Its submission's folder (what `--build` builds), or the program.
    dir: PathBuf,
    path: Result<PathBuf, String>,
    /// Built from sources (`--build`): the folder below the submission's
    /// root they were in, when not the root.
    sources: Option<String>,
    /// Built again with the sanitizers (`--sanitize`), when that built.
    sanitized: Option<PathBuf>,
}

/// The programs to grade: `exe`, or each subfolder's of a class (a folder
/// of `main_files` sources and no program says to add `--build`). With
/// `--build`, a folder is one submission or a class as [`folder::shape`]
/// reads it (a regrade points at one student's folder).
fn programs(exe: &Path, main_files: &[&str], build: bool) -> Result<(Vec<Program>, bool), Failure> {
    if !exe.is_dir() {
        let path = if exe.is_file() {
            Ok(exe.to_path_buf())
        } else {
            Err(format!("{}: no such program", exe.display()))
        };
        return Ok((
            vec![Program::at(exe.display().to_string(), exe, path)],
            false,
        ));
    }
    let subs = if build {
        match super::folder::shape(exe, main_files).map_err(Failure::input)? {
            super::folder::Shape::One => {
                let name = super::folder::own_name(exe);
                let waiting = Err("not built".to_string());
                return Ok((vec![Program::at(name, exe, waiting)], false));
            }
            super::folder::Shape::Class(folders) => folders,
        }
    } else {
        let mut subs: Vec<PathBuf> = std::fs::read_dir(exe)
            .map(|rd| {
                rd.filter_map(|e| e.ok())
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_dir() || t.is_symlink()))
                    .map(|e| e.path())
                    .collect()
            })
            .unwrap_or_default();
        subs.sort();
        subs
    };
    let list = subs
        .iter()
        .map(|d| {
            let name = d
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            let path = find_program(d).map_err(|why| sources_hint(d, main_files, why));
            Program::at(name, d, path)
        })
        .collect();
    Ok((list, true))
}

impl Program {
    fn at(name: String, dir: &Path, path: Result<PathBuf, String>) -> Program {
        Program {
            name,
            dir: dir.to_path_buf(),
            path,
            sources: None,
            sanitized: None,
        }
    }
}

/// `--build`: each submission's folder built with the course's script in
/// the sandbox, in parallel; a build that fails is that student's "could
/// not run", with the compiler's words.
fn build_all(
    o: &Options,
    rules: RulesName,
    grader: &Grader,
    pool: &rayon::ThreadPool,
    out: &Path,
    progs: &mut [Program],
    said: &dyn Reporter,
) {
    let course = rules.course();
    let script = course.build_script(course.cxxflags());
    let sanitizing = format!("{} {}", course.cxxflags(), super::sanitize::FLAGS);
    let sanitizing = o.sanitize.then(|| course.build_script(&sanitizing));
    let program = course.program_file();
    pool.install(|| {
        progs.par_iter_mut().enumerate().for_each(|(i, p)| {
            let src = p.dir.clone();
            let dest = out.join(format!("{i}-{program}"));
            let reused = o
                .prebuilt
                .get(&p.name)
                .filter(|b| b.is_of(&src, course.main_files()));
            let built = match reused {
                Some(b) => Ok((b.path.clone(), b.below.clone())),
                None => grader
                    .build(&src, course.main_files(), &script, program, &dest)
                    .map(|below| (dest, below)),
            };
            match built {
                Ok((path, below)) => {
                    p.path = Ok(path);
                    p.sources = below;
                }
                Err(f) => p.path = Err(format!("the submission did not build:\n{}", f.log)),
            }
            let dir = p.sources.as_ref().map_or(src.clone(), |b| src.join(b));
            for c in super::headers::changes(&dir, &grader.course_files) {
                said.report(Event::Note(format!(
                    "{}: {} (the course's header was used)",
                    p.name,
                    c.describe()
                )));
            }
            // A sanitizer build that fails (no libasan here, say) only
            // leaves the reports without its words.
            if let (Ok(_), Some(script)) = (&p.path, &sanitizing) {
                let dest = out.join(format!("{i}-{program}-sanitized"));
                let built = grader.build(&src, course.main_files(), script, program, &dest);
                p.sanitized = built.is_ok().then_some(dest);
            }
        });
    });
}

/// Without `--build`, a submission folder of sources and no program says
/// what would grade it: sources where `--build` would find them.
fn sources_hint(dir: &Path, main_files: &[&str], why: String) -> String {
    let sources = !main_files.is_empty() && super::locate::sources(dir, main_files).is_ok();
    if sources {
        format!("{why}; these are sources: add --build to build them first")
    } else {
        why
    }
}

/// A class's folder names become report files and table rows: each must be
/// a plain file name (index and names that differ only in case get pages
/// of their own, `index-2`, `bob-2`). Refused before anything runs, naming
/// every bad one.
fn check_student_names(dir: &Path, progs: &[Program]) -> Result<(), Failure> {
    let bad: Vec<String> = progs
        .iter()
        .filter_map(|p| {
            upcard_parse::name::file_name_problem(&p.name)
                .map(|why| format!("  {:?}: {why}", p.name))
        })
        .collect();
    if bad.is_empty() {
        return Ok(());
    }
    Err(Failure::input(format!(
        "{}: these submission folders cannot name a student's reports; rename them:\n{}",
        dir.display(),
        bad.join("\n")
    )))
}

fn not_run(s: &Scenario, why: &str) -> Outcome {
    Outcome::of(s, Verdict::NotRun(why.to_string()))
}

/// `--random N`: compares the program with the engine on random games.
fn random(o: &Options, n: u32, said: &dyn Reporter, stdout: &mut dyn Write) -> Result<(), Failure> {
    let rules = o.rules.unwrap_or(
        RulesName::from_name(upcard_rules::courses::program_names()[0]).expect("a course"),
    );
    if o.build && !o.exe.is_dir() || !o.build && !o.exe.exists() {
        return Err(Failure::input(format!(
            "--random needs a program, a class's folder of programs, or with --build a folder of \
             sources, and {} is none",
            o.exe.display()
        )));
    }
    let (mut progs, many) = programs(&o.exe, rules.course().main_files(), o.build)?;
    if many {
        check_student_names(&o.exe, &progs)?;
    }
    let Prepared {
        grader,
        pool,
        built: _built,
    } = prepare(o, rules, &mut progs, said)?;
    // Each student's games in parallel, said in the class's order.
    let results: Vec<Result<(String, bool), String>> = pool.install(|| {
        progs
            .par_iter()
            .map(|p| random_one(o, (rules, n), p, many, &grader))
            .collect()
    });
    let mut differed = false;
    for r in results {
        let (text, found) = r.map_err(Failure::input)?;
        differed |= found;
        let _ = stdout.write_all(text.as_bytes());
    }
    if differed {
        return Err(Failure::said(upcard_rules::FailureKind::Failed));
    }
    Ok(())
}

/// One program's random games: what is said of them, and whether one
/// differed (or the program could not run).
fn random_one(
    o: &Options,
    (rules, n): (RulesName, u32),
    p: &Program,
    many: bool,
    grader: &Grader,
) -> Result<(String, bool), String> {
    let who = if many {
        format!("{}: ", p.name)
    } else {
        String::new()
    };
    let exe = match &p.path {
        Ok(exe) => exe,
        Err(why) => return Ok((format!("{who}not run: {why}\n"), true)),
    };
    // A class's divergences each in the student's own folder.
    let out = if many {
        o.out.join(&p.name)
    } else {
        o.out.clone()
    };
    let (played, found) = super::random::search(exe, rules, n, o.seed, &out, grader, o.compare)?;
    let rerun = if o.build {
        format!("--exe {} --build", p.dir.display())
    } else {
        format!("--exe {}", exe.display())
    };
    let said = super::random::said(&found, (played, rules, o.seed), &o.limits, &rerun);
    Ok((format!("{who}{said}"), found.is_some()))
}

/// A shard writes its JSON reports and nothing else: any other report of
/// one shard would look like a whole grade. Checked before anything runs.
pub fn shard_reports(o: &Options, shard: Shard) -> Result<(), Failure> {
    let hint = "upcard report merge renders the others from all shards' JSON reports";
    if o.random.is_some() {
        return Err(Failure::input(
            "--shard splits scenario runs; --random has none",
        ));
    }
    if !o.parts.contains(&super::points::Part::System) {
        return Err(Failure::input(format!(
            "--shard {shard} splits scenario runs, and a grade without the system tests has \
             none: grade it in one run"
        )));
    }
    if let Some(r) = o.reports.iter().find(|r| r.kind != ReportKind::Json) {
        return Err(Failure::input(format!(
            "--shard {shard} writes only JSON reports, not {}: {hint}",
            r.kind.name()
        )));
    }
    if o.csv.is_some() {
        return Err(Failure::input(format!(
            "--shard {shard} writes only JSON reports, not --csv: {hint}"
        )));
    }
    if !o.reports.iter().any(|r| r.path.is_some()) {
        return Err(Failure::input(format!(
            "--shard {shard} needs --report json=PATH, which upcard report merge reads"
        )));
    }
    Ok(())
}

/// The grader, with the sandbox unless `--no-sandbox`; what the sandbox
/// cannot do here is said once on standard error.
fn new_grader(o: &Options, said: &dyn Reporter) -> Result<Grader, Failure> {
    let refused = |e: upcard_sandbox::Error| Failure::input(e.to_string());
    let sandboxing = Sandboxing::when(o.sandbox).map_err(refused)?;
    let mut grader = Grader::new(o.argv0.clone(), o.limits, sandboxing).map_err(refused)?;
    grader.diagnose = o.diagnose;
    grader.course_files = o.course_files.clone();
    for n in grader.notes() {
        said.report(Event::Note(n.clone()));
    }
    Ok(grader)
}

/// Grades the class; what it has to say as it goes goes to `said`.
pub fn run(o: &Options, said: &dyn Reporter, stdout: &mut dyn Write) -> Result<(), Failure> {
    if let Some(shard) = o.shard {
        shard_reports(o, shard)?;
    }
    if let Some(n) = o.random {
        return random(o, n, said, stdout);
    }
    if !o.parts.contains(&super::points::Part::System) {
        let alone = super::others::Alone {
            exe: &o.exe,
            parts: &o.parts,
            others: &o.others,
            points: &o.points,
        };
        let reports = Reports {
            specs: &o.reports,
            csv: o.csv.as_deref(),
            limits: o.limits,
            timings: o.timings,
            many: true,
            shard: None,
        };
        return super::others::run(&alone, reports, said, stdout);
    }
    let (mut scenarios, mut grader_trouble) = load(&o.paths, &mut |e| {
        said.report(Event::Unusable(e.to_string()))
    })?;
    apply_filter(&mut scenarios, o.filter.as_deref())?;
    let rules = course(o, &scenarios)?;
    scenarios.retain(|s| s.rules() == rules);
    let compare = super::compare::grading(rules, o.compare);
    for s in &mut scenarios {
        super::compare::apply(s, compare);
    }
    let opt_in = drop_opt_in(&mut scenarios, o.filter.as_deref());
    if !opt_in.is_empty() {
        said.report(Event::OptIn(opt_in));
    }
    if scenarios.is_empty() {
        return Err(Failure::input(format!(
            "no {} scenario to grade with",
            rules.dir()
        )));
    }
    let cases = cases(o, rules, scenarios, said, &mut grader_trouble)?;
    if o.build && !o.exe.is_dir() {
        return Err(Failure::input(format!(
            "--build takes a submission's folder of sources, or a class's folder of them, and \
             {} is not a folder",
            o.exe.display()
        )));
    }
    let (mut progs, many) = programs(&o.exe, rules.course().main_files(), o.build)?;
    if many {
        check_student_names(&o.exe, &progs)?;
    }
    let reports = Reports {
        specs: &o.reports,
        csv: o.csv.as_deref(),
        limits: o.limits,
        timings: o.timings,
        many,
        shard: o.shard.map(|shard| super::shard::Sharded {
            shard,
            cases: cases.len(),
            points: (o.points != super::points::Points::default()).then(|| o.points.clone()),
        }),
    };
    reports.check_clashes()?;
    let Prepared {
        grader,
        pool,
        built: _built,
    } = prepare(o, rules, &mut progs, said)?;
    let work = Work {
        grader: &grader,
        pool: &pool,
        cases: &cases,
        progs: &progs,
    };
    grade_all(o, &work, said, reports)?.finish(stdout, said, grader_trouble)
}

/// What every grading (of scenarios or of random games) runs with: the
/// grader, its threads, and the folder of the programs built from sources
/// (kept until the grading ends).
struct Prepared {
    grader: Grader,
    pool: rayon::ThreadPool,
    built: tempfile::TempDir,
}

/// The grader and its threads, and with `--build` every submission built.
fn prepare(
    o: &Options,
    rules: RulesName,
    progs: &mut [Program],
    said: &dyn Reporter,
) -> Result<Prepared, Failure> {
    let grader = new_grader(o, said)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.max(1))
        .build()
        .map_err(|e| Failure::input(format!("cannot start worker threads: {e}")))?;
    let built = tempfile::tempdir()
        .map_err(|e| Failure::input(format!("cannot make a folder for the builds: {e}")))?;
    if o.build {
        build_all(o, rules, &grader, &pool, built.path(), progs, said);
    }
    Ok(Prepared {
        grader,
        pool,
        built,
    })
}

/// What the runs are: the grader, its threads, the cases and the programs.
#[derive(Clone, Copy)]
struct Work<'w> {
    grader: &'w Grader,
    pool: &'w rayon::ThreadPool,
    cases: &'w [Case],
    progs: &'w [Program],
}

/// A scenario to grade with, its golden transcript and exit status.
type Case = (Scenario, (String, u8));

/// One course per run: the one asked for, or the one all scenarios share.
fn course(o: &Options, scenarios: &[Scenario]) -> Result<RulesName, Failure> {
    Ok(match o.rules {
        Some(r) => r,
        None => {
            // The courses present, in the table's order.
            let courses: Vec<RulesName> = upcard_rules::courses::program_names()
                .into_iter()
                .filter_map(RulesName::from_name)
                .filter(|r| scenarios.iter().any(|s| s.rules() == *r))
                .collect();
            match courses.as_slice() {
                [one] => *one,
                [] => RulesName::from_name(upcard_rules::courses::program_names()[0])
                    .expect("a course"),
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
    })
}

/// The scenarios a course program can run, each with its golden and exit
/// status; the others said (skipped, or a golden missing: `grader_trouble`).
fn cases(
    o: &Options,
    rules: RulesName,
    scenarios: Vec<Scenario>,
    said: &dyn Reporter,
    grader_trouble: &mut bool,
) -> Result<Vec<Case>, Failure> {
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
                said.report(Event::Unusable(e.to_string()));
                *grader_trouble = true;
            }
        }
    }
    if o.list_skipped {
        for (path, why) in &skipped {
            said.report(Event::Skipped {
                path: path.clone(),
                why: why.clone(),
            });
        }
    } else if !skipped.is_empty() {
        said.report(Event::SkippedCount(skipped.len()));
    }
    if cases.is_empty() && !*grader_trouble {
        // Nothing graded is not a pass.
        let why = skipped
            .first()
            .map_or(String::new(), |(_, why)| format!(" (the first: {why})"));
        return Err(Failure::input(format!(
            "none of the {} {} scenarios can be run by a course program{why}; \
             a scenario with `human: true` and the course's own options can",
            skipped.len(),
            rules.dir()
        )));
    }
    Ok(cases)
}

/// Every program on every case (this shard's share), one student at a
/// time, its scenarios in parallel: its reports are written as soon as it
/// is done.
fn grade_all<'a>(
    o: &Options,
    work: &Work,
    said: &dyn Reporter,
    reports: Reports<'a>,
) -> Result<Writer<'a>, Failure> {
    let Work {
        grader,
        pool,
        cases,
        progs,
    } = *work;
    // Run k of the (student × scenario) list is the shard's when it takes k.
    let mine = |student: usize, case: usize| {
        o.shard
            .is_none_or(|s| s.takes(student * cases.len() + case))
    };
    let total = (0..progs.len())
        .flat_map(|p| (0..cases.len()).map(move |c| (p, c)))
        .filter(|&(p, c)| mine(p, c))
        .count();
    said.report(Event::RunsStarted(total));
    // One student at a time (its scenarios in parallel): its reports are
    // written as soon as it is done.
    let mut writer = Writer::new(reports);
    for (p, prog) in progs.iter().enumerate() {
        let mut outs: Vec<Outcome> = pool.install(|| {
            cases
                .par_iter()
                .enumerate()
                .filter(|(c, _)| mine(p, *c))
                .map(|(c, (s, (want, want_exit)))| {
                    let mut out = match &prog.path {
                        Ok(exe) => grader
                            .grade_repeated(exe, s, (want, *want_exit), o.repeat)
                            .unwrap_or_else(|e| not_run(s, &e)),
                        // With --build, every program was built: the build's
                        // log is said once, at the head of each report.
                        Err(_) if o.build => Outcome::of(s, Verdict::BuildFailed),
                        Err(e) => not_run(s, e),
                    };
                    out.case = c;
                    if let Some(exe) = &prog.sanitized {
                        super::sanitize::add(grader, exe, s, &mut out);
                    }
                    if let Some(inside) = o.inside.get(&prog.name) {
                        super::inside::add(inside, &mut out);
                    }
                    said.report(Event::RunDone);
                    out
                })
                .collect()
        });
        // A shard has part of a student's scenarios: no pattern in those.
        if o.diagnose && o.shard.is_none() {
            super::pattern::mark(cases, &mut outs);
        }
        match o.shard {
            None => super::others::join((&o.others, &o.points), &prog.name, cases.len(), &mut outs),
            // A shard's students' other parts, as graded: the merge applies
            // the points to the whole run (a part's total is the run's).
            Some(s) if s.takes_student(&prog.name) => {
                super::others::append(&o.others, &prog.name, cases.len(), &mut outs);
            }
            Some(_) => {}
        }
        writer.student(
            &Student {
                name: &prog.name,
                error: prog.path.as_ref().err().map(String::as_str),
                sources: prog.sources.as_deref(),
            },
            outs,
        );
    }
    said.report(Event::RunsDone);
    Ok(writer)
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
