//! `upcard unit-tests`: students' unit-test files graded against a correct
//! solution and buggy ones (docs/unit-tests.md).

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use upcard::Failure;
use upcard::sandbox::{Limits, Sandboxing};
use upcard::unit::{Options, run};

/// Grade students' unit tests (EECS 280 Card_tests.cpp, Player_tests.cpp): valid on a correct solution, bugs caught among buggy ones
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard unit-tests --solution staff/solution --bugs staff/bugs submissions/
  upcard unit-tests --solution staff/solution --bugs staff/bugs alice/ --json alice.json")]
pub struct Args {
    /// The correct solution's folder: its sources and headers, and the course's unit_test_framework.hpp
    #[arg(long, value_name = "DIR")]
    solution: PathBuf,
    /// A folder of buggy solutions: each subfolder is one bug (its name), holding the files that differ from the solution's
    #[arg(long, value_name = "DIR")]
    bugs: Vec<PathBuf>,
    /// The course's files (a term's starter files): their headers and unit_test_framework.hpp replace the solution's, so each test file compiles against the course's API
    #[arg(long, value_name = "DIR")]
    course_files: Option<PathBuf>,
    /// The compiler flags (default: the EECS 280 Makefile's)
    #[arg(long, value_name = "FLAGS", allow_hyphen_values = true)]
    cxxflags: Option<String>,
    /// Seconds each test may run (the spec: a suite in under 5 s)
    #[arg(long, default_value_t = 5)]
    timeout: u64,
    /// Time each test alone (a test that runs too long is invalid) instead of the whole suite too (a suite that does is not graded)
    #[arg(long)]
    per_test_time: bool,
    /// Seconds all of a test file's runs (every variant, every test) may take together; a file over it is not graded
    #[arg(long, value_name = "SECONDS", default_value_t = 120)]
    file_budget: u64,
    /// Seconds all of a submission's test files' runs may take together
    #[arg(long, value_name = "SECONDS", default_value_t = 240)]
    submission_budget: u64,
    /// The most tests a file may have (the spec: 50)
    #[arg(long, default_value_t = 50)]
    max_tests: usize,
    /// Memory limit in MiB for each build and test run
    #[arg(long, default_value_t = 2048)]
    memory_mb: u64,
    /// Run without the sandbox (only test files you trust)
    #[arg(long)]
    no_sandbox: bool,
    /// Write the report as JSON to this file
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
    /// Write the class as CSV: each student's bugs caught, then caught or missed per bug
    #[arg(long, value_name = "PATH")]
    csv: Option<PathBuf>,
    /// Grade only shard I of N of the (student × file) list, writing --json; `upcard report merge-unit-tests` combines the shards
    #[arg(long, value_name = "I/N", requires = "json", conflicts_with_all = ["csv", "report"])]
    shard: Option<upcard::grade::shard::Shard>,
    /// A platform's report: gradescope=PATH, prairielearn=PATH, junit=PATH, json=PATH or html=PATH (a point a bug caught; a folder with one per student for many)
    #[arg(long, value_name = "KIND=PATH")]
    report: Vec<upcard::grade::writer::ReportSpec>,
    /// The staff's own test files (*_tests.cpp): a bug they do not catch is suspect and not scored
    #[arg(long, value_name = "DIR")]
    reference_tests: Option<PathBuf>,
    /// Make N buggy solutions by mutating the solution's sources (kept when the reference tests tell them apart)
    #[arg(long, value_name = "N", default_value_t = 0)]
    generate: usize,
    /// Which mutants --generate makes (the same seed, the same bugs)
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Test files graded at once (default: one per core)
    #[arg(short = 'j', long)]
    jobs: Option<usize>,
    /// The test files graded, each against its own class's bugs (a Card bug through Card_tests.cpp); other *_test*.cpp files are listed as ignored
    #[arg(long, value_name = "FILE,…", value_delimiter = ',', default_values_t = upcard::unit::GRADED_TESTS.map(String::from), value_parser = test_file)]
    files: Vec<String>,
    /// A submission's folder (its test files however deep, as --build finds sources), or a folder of them
    tests: PathBuf,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        if self
            .report
            .iter()
            .any(|r| r.kind == upcard::grade::writer::ReportKind::Tap)
        {
            return Err(Failure::input(
                "--report tap: unit-tests writes gradescope, prairielearn, junit, json or html reports",
            ));
        }
        let cxxflags = match &self.cxxflags {
            Some(f) => upcard::deploy::init::shell_words(f)?,
            None => super::parts::course_cxxflags(None),
        };
        let sandboxing = Sandboxing::when(!self.no_sandbox).map_err(super::refused)?;
        let options = Options {
            files: self.files,
            csv: self.csv,
            shard: self.shard,
            students: None,
            solution: self.solution,
            bugs: self.bugs,
            course_files: match &self.course_files {
                Some(d) => super::course_files::headers(d)?,
                None => Vec::new(),
            },
            tests: self.tests,
            cxxflags,
            limits: Limits {
                time: Duration::from_secs(self.timeout.max(1)),
                memory: self.memory_mb << 20,
                ..Limits::default()
            },
            max_tests: self.max_tests,
            file_budget: Duration::from_secs(self.file_budget.max(1)),
            submission_budget: Duration::from_secs(self.submission_budget.max(1)),
            per_test_time: self.per_test_time,
            sandboxing,
            json: self.json,
            reports: self.report,
            reference: self.reference_tests,
            generate: self.generate,
            seed: self.seed,
            jobs: self
                .jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        };
        run(&options, &super::said::Stderr::default(), stdout).map(|_| ())
    }
}

/// A graded file's name: a plain `NAME_tests.cpp`.
fn test_file(s: &str) -> Result<String, String> {
    if s.ends_with("_tests.cpp") && s.len() > "_tests.cpp".len() && !s.contains('/') {
        Ok(s.to_string())
    } else {
        Err(format!(
            "{s:?}: a graded file is named CLASS_tests.cpp (Card_tests.cpp)"
        ))
    }
}
