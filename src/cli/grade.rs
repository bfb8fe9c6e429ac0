//! `upcard grade`: student programs on the scenarios, with reports.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;
use upcard::Failure;
use upcard::grade::class::{Options, run, seconds};
use upcard::grade::shard::Shard;
use upcard::grade::writer::ReportSpec;
use upcard::sandbox::Limits;
use upcard::scenario::RulesName;

/// Run a student program (or a directory of submissions) on the scenarios and grade it
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard grade --exe ./euchre.exe scenarios/eecs280
  upcard grade --exe submissions/ --rules cs246 --report html=report --csv class.csv
  upcard grade --exe sources/ --build --rules eecs280 --csv class.csv
  upcard grade --exe ./euchre.exe --random 200 --seed 7")]
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
    /// Memory limit in MiB: all of a run's processes together where the sandbox has a control group, else each process's address space (0 for none)
    #[arg(long, default_value_t = 1024)]
    memory_mb: u64,
    /// What a run may write in MiB: its directory, /tmp and /dev/shm together, in memory, never on the grader's disk (sandbox with namespaces; 0: half the machine's memory)
    #[arg(long, default_value_t = 256)]
    disk_mb: u64,
    /// Processes a run may have at once (in the sandbox)
    #[arg(long, default_value_t = 64)]
    max_processes: u32,
    /// Run programs without the sandbox (only programs you trust)
    #[arg(long)]
    no_sandbox: bool,
    /// A report to write: gradescope=PATH, prairielearn=PATH, junit=PATH, json=PATH, html=PATH, tap[=PATH] (repeatable)
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
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(upcard::courses::program_names()))]
    rules: Option<String>,
    /// List the scenarios skipped because a course program cannot run them
    #[arg(long)]
    list_skipped: bool,
    /// Run each scenario N times, each time in an environment of another size, and report output that changes between runs (a program that passes once and fails once is marked flaky)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    repeat: u32,
    /// What --repeat now does: kept for scripts that name it
    #[arg(long, requires = "repeat", hide = true)]
    repeat_all: bool,
    /// --exe DIR holds each submission's sources: build each with the course's build script in the sandbox, then grade it (a failed build is that student's verdict, with the compiler's output)
    #[arg(long)]
    build: bool,
    /// With --build, build each submission a second time with -fsanitize=address,undefined and run it on each scenario the first build fails: the sanitizers' report (error, function, file and line) leads that scenario's diagnosis
    #[arg(long, requires = "build")]
    sanitize: bool,
    /// The random games' seed
    #[arg(long, default_value_t = 0)]
    seed: u32,
    /// Where --random writes the shrunk scenario of a divergence (scenarios/ and golden/ inside)
    #[arg(long, default_value = "divergence")]
    out: PathBuf,
    /// Grade only shard I of N of the (student × scenario) runs, writing --report json=PATH; `upcard report merge` combines the shards
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// For each wrong transcript, name the rule mutants (docs/mutants.md) that reproduce it
    #[arg(long)]
    diagnose: bool,
    /// The course's files (a term's starter files): with --build their headers replace each student's, as the course compiles students' .cpp files (a student header that differs is said); they grade the public and adt parts; with --diagnose, a wrong function behind a wrong decision leads its diagnosis
    #[arg(long, value_name = "DIR")]
    course_files: Option<PathBuf>,
    /// The parts graded, joined by commas: system (the game on the scenarios), public (the course's public tests), adt (upcard's tests of each function), unit-tests (the student's unit tests against buggy solutions), style (make style's OCLint rules and the spec's restrictions). Default: system, with --build and --course-files public and adt, with --unit-solution unit-tests
    #[arg(
        long,
        value_name = "PARTS",
        value_delimiter = ',',
        conflicts_with = "checkpoint"
    )]
    parts: Option<Vec<upcard::grade::points::Part>>,
    /// Grade the checkpoint (no euchre.cpp): --parts public,adt (and unit-tests with --unit-solution), upcard's adt tests worth no points unless --points gives them some
    #[arg(long)]
    checkpoint: bool,
    /// The TA's points file (TOML): a table per part with each, total, visibility and tests (docs/parts.md)
    #[arg(long, value_name = "FILE")]
    points: Option<PathBuf>,
    /// The unit-tests part's correct solution (as upcard unit-tests --solution)
    #[arg(long, value_name = "DIR")]
    unit_solution: Option<PathBuf>,
    /// The unit-tests part's buggy solutions, a subfolder a bug (as upcard unit-tests --bugs)
    #[arg(long, value_name = "DIR", requires = "unit_solution")]
    unit_bugs: Vec<PathBuf>,
    /// The unit-tests part's reference tests: a bug they do not catch is not scored (as upcard unit-tests --reference-tests)
    #[arg(long, value_name = "DIR", requires = "unit_solution")]
    unit_reference: Option<PathBuf>,
    /// How a transcript is compared with its golden: course (as the course's autograder: diff -B for EECS 280, byte for byte for CS 246), exact, or any of ignore-blank-lines, ignore-space-change, ignore-all-space, ignore-case joined by commas (diff's -B -b -w -i). A scenario's own expect.compare wins; a pass that is not byte for byte says so
    #[arg(long, value_name = "HOW", default_value = "course", value_parser = compare)]
    compare: Asked,
}

/// `--compare`: None for the course's way.
#[derive(Clone, Copy)]
pub struct Asked(Option<upcard::scenario::Compare>);

/// `--compare`'s value: `course`, or the flags a scenario's `compare:` takes.
pub fn compare(s: &str) -> Result<Asked, String> {
    use upcard::scenario::raw::CompareFlag;
    if s == "course" {
        return Ok(Asked(None));
    }
    let flags = s
        .split(',')
        .map(|f| match f.trim() {
            "exact" => Ok(CompareFlag::Exact),
            "ignore-blank-lines" => Ok(CompareFlag::IgnoreBlankLines),
            "ignore-space-change" => Ok(CompareFlag::IgnoreSpaceChange),
            "ignore-all-space" => Ok(CompareFlag::IgnoreAllSpace),
            "ignore-case" => Ok(CompareFlag::IgnoreCase),
            other => Err(format!(
                "{other:?} is not a comparison: course, exact, or ignore-blank-lines, \
                 ignore-space-change, ignore-all-space, ignore-case joined by commas"
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    upcard::scenario::Compare::from_flags(&flags).map(|c| Asked(Some(c)))
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let mut o = Options {
            exe: self.exe,
            paths: self.scenarios.library()?,
            filter: self.scenarios.filter,
            argv0: self.argv0,
            limits: Limits {
                time: self.timeout,
                output: self.max_output,
                memory: self.memory_mb * 1024 * 1024,
                processes: self.max_processes,
                disk: self.disk_mb * 1024 * 1024,
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
            build: self.build,
            sanitize: self.sanitize,
            seed: self.seed,
            out: self.out,
            shard: self.shard,
            diagnose: self.diagnose,
            compare: self.compare.0,
            course_files: match &self.course_files {
                Some(d) => super::course_files::headers(d)?,
                None => Vec::new(),
            },
            inside: std::collections::BTreeMap::new(),
            prebuilt: std::collections::BTreeMap::new(),
            parts: Vec::new(),
            others: Default::default(),
            points: match &self.points {
                Some(p) => upcard::grade::points::Points::read(p).map_err(Failure::input)?,
                None => Default::default(),
            },
        };
        let given = super::parts::Asked {
            course_files: self.course_files.as_deref(),
            solution: self.unit_solution.as_deref(),
            bugs: &self.unit_bugs,
            reference: self.unit_reference.as_deref(),
        };
        super::parts::settle(&mut o, self.parts.as_deref(), self.checkpoint, &given)?;
        if let Some(shard) = o.shard {
            upcard::grade::class::shard_reports(&o, shard)?;
        }
        let said = super::said::Stderr::default();
        // The games the ADT build links from its objects, kept until the grading ends.
        let mut games = None;
        if o.random.is_none() {
            if o.build && o.parts.contains(&upcard::grade::points::Part::System) {
                games = Some(tempfile::tempdir().map_err(|e| {
                    Failure::input(format!("cannot make a folder for the builds: {e}"))
                })?);
            }
            let (others, inside) =
                super::parts::grade(&o, &given, games.as_ref().map(|d| d.path()), &said)?;
            o.others = others;
            if let Some(r) = &inside {
                o.prebuilt = super::parts::prebuilt(r);
            }
            if let (Some(r), true) = (&inside, self.diagnose) {
                o.inside = super::course_files::inside(r);
            }
        }
        // Programs run in process groups of their own, which Ctrl-C does not reach.
        if let Err(e) = super::signals::stop_everything_on_signals() {
            eprintln!("upcard: warning: Ctrl-C will not stop running programs: {e}");
        }
        run(&o, &said, stdout)
    }
}
