//! `upcard adt`: a class's Card, Pack and Player graded from inside, on the
//! course's own public tests (docs/adt.md).

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use upcard::Failure;
use upcard::FailureKind;
use upcard::adt::{Options, Parts, run};
use upcard::sandbox::{Limits, Sandboxing};

/// Grade a class's Card, Pack and Player on the course's public tests, each TEST alone in the sandbox (the checkpoint needs no euchre.cpp)
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard adt --course-files starter-files/ submissions/
  upcard adt --course-files starter-files/ alice/ --json alice.json")]
pub struct Args {
    /// The course's files: its headers, unit_test_framework, *_public_tests.cpp and pack.in (a term's starter files)
    #[arg(long, value_name = "DIR")]
    course_files: PathBuf,
    /// The compiler flags (default: the EECS 280 Makefile's)
    #[arg(long, value_name = "FLAGS", allow_hyphen_values = true)]
    cxxflags: Option<String>,
    /// Seconds each test may run
    #[arg(long, default_value_t = 10)]
    timeout: u64,
    /// Memory limit in MiB for each build and test run
    #[arg(long, default_value_t = 2048)]
    memory_mb: u64,
    /// Run without the sandbox (only classes you trust)
    #[arg(long)]
    no_sandbox: bool,
    /// Write the report as JSON to this file
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
    /// Test files built and run at once (default: one per core)
    #[arg(short = 'j', long)]
    jobs: Option<usize>,
    /// The parts graded: public (the course's public tests), engine (upcard's tests of each function, derived from its engine)
    #[arg(
        long,
        value_name = "PARTS",
        value_delimiter = ',',
        default_value = "public,engine"
    )]
    parts: Vec<Part>,
    /// A student's submission (Card.cpp somewhere in it), or a folder of them
    submissions: PathBuf,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Part {
    Public,
    Engine,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let cxxflags = match &self.cxxflags {
            Some(f) => upcard::deploy::init::shell_words(f)?,
            None => super::parts::course_cxxflags(None),
        };
        let options = Options {
            course_files: self.course_files,
            submissions: self.submissions,
            cxxflags,
            limits: Limits {
                time: Duration::from_secs(self.timeout.max(1)),
                memory: self.memory_mb << 20,
                ..Limits::default()
            },
            sandboxing: Sandboxing::when(!self.no_sandbox).map_err(super::refused)?,
            jobs: self
                .jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            json: self.json,
            parts: Parts {
                public: self.parts.contains(&Part::Public),
                engine: self.parts.contains(&Part::Engine),
            },
            students: None,
            game: None,
        };
        let note = |n: &str| eprintln!("upcard: note: {n}");
        let report = run(&options, &note, stdout).map_err(|e| Failure::input(e.to_string()))?;
        if report.all_passed() {
            Ok(())
        } else {
            Err(Failure::said(FailureKind::Failed))
        }
    }
}
