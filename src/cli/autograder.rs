//! `upcard autograder`: deploy upcard as a course's autograder.

use std::io::Write;
use std::path::PathBuf;

use upcard::Failure;
use upcard::deploy::{self, init};

/// Set up upcard as an autograder (docs/deploying.md)
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard autograder init --platform gradescope --rules eecs280 gradescope/
  upcard autograder init --platform prairielearn --rules cs246 course/questions/euchre/
  upcard autograder init --platform gradescope --rules eecs280 --cxxflags '-std=c++17 -O2' gradescope/")]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Write a ready-to-upload autograder for one course into DIR
    #[command(after_help = "Examples:
  upcard autograder init --platform gradescope --rules eecs280 gradescope/
  upcard autograder init --platform autograder-io --rules cs246 agio/
  upcard autograder init --platform github-classroom --rules eecs280 --scenarios scenarios/eecs280 template/")]
    Init {
        #[arg(long, value_enum)]
        platform: deploy::Platform,
        #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(upcard::courses::program_names()))]
        rules: String,
        /// Scenario files or directories, relative to the project (default: scenarios/)
        #[arg(long = "scenarios", value_name = "PATH")]
        scenarios: Vec<PathBuf>,
        /// The compiler flags build.sh uses (default: the course Makefile's)
        #[arg(long, value_name = "FLAGS", allow_hyphen_values = true)]
        cxxflags: Option<String>,
        /// Grade the students' unit tests too (autograder.io, GitHub Classroom: the unit-tests part): a folder with solution/, and bugs/ and reference/ (docs/unit-tests.md)
        #[arg(long, value_name = "DIR")]
        unit_tests: Option<PathBuf>,
        /// The course's files (a term's starter files): their headers go in the autograder and replace each submission's in its build, as the course compiles students' .cpp files
        #[arg(long, value_name = "DIR")]
        course_files: Option<PathBuf>,
        /// How the autograder compares transcripts (upcard grade --compare; default: as the course's autograder does)
        #[arg(long, value_name = "HOW", value_parser = |s: &str| super::grade::compare(s).map(|_| s.to_string()))]
        compare: Option<String>,
        /// The parts the autograder grades besides the game: public, adt and style from the submission's sources (public and adt need --course-files), unit-tests with --unit-tests (upcard grade --parts; docs/parts.md)
        #[arg(
            long,
            value_name = "PARTS",
            value_delimiter = ',',
            conflicts_with = "checkpoint"
        )]
        parts: Option<Vec<upcard::grade::points::Part>>,
        /// A checkpoint autograder: no euchre.cpp, no game; the course's public tests and upcard's (and the unit tests with --unit-tests)
        #[arg(long, requires = "course_files")]
        checkpoint: bool,
        /// The TA's points file (upcard grade --points), carried in the autograder
        #[arg(long, value_name = "FILE")]
        points: Option<PathBuf>,
        /// Where to write it (the folder to zip and upload)
        dir: PathBuf,
    },
    /// Join results files into one (run_autograder and run.sh use it for the unit tests)
    Combine {
        /// The results' format
        #[arg(long, default_value = "gradescope", value_parser = ["gradescope", "prairielearn"])]
        platform: String,
        /// The results files, in order
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// Where the joined results go (it may be one of the inputs)
        #[arg(long)]
        out: PathBuf,
    },
    /// Say one test of a grade's JSON report, exiting 0 when it passed (autograder.io's and GitHub Classroom's test of a part runs it)
    #[command(after_help = "Examples:
  upcard autograder verdict upcard-parts.json --part adt 'Card: Card_less(a, b, trump)'")]
    Verdict {
        /// The JSON report (upcard grade --report json=FILE)
        report: PathBuf,
        /// The test's part: system, public, adt, unit-tests, style
        #[arg(long, default_value = "system", value_parser = ["system", "public", "adt", "unit-tests", "style"])]
        part: String,
        /// The test's name, as the report names it
        name: String,
    },
    /// Write the results of a submission that did not build (run_autograder and run.sh use it)
    BuildFailed {
        /// The build's output
        log: PathBuf,
        /// The results' format
        #[arg(long, default_value = "gradescope", value_parser = ["gradescope", "prairielearn"])]
        platform: String,
        /// Where results.json goes
        #[arg(long)]
        out: PathBuf,
    },
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        match self.command {
            Sub::Init {
                platform,
                rules,
                scenarios,
                cxxflags,
                unit_tests,
                course_files,
                compare,
                parts,
                checkpoint,
                points,
                dir,
            } => {
                // A platform that runs a command a test grades the unit
                // tests as a part: the game and them, unless told otherwise.
                let parts = match (&parts, &unit_tests) {
                    (None, Some(_)) if platform.runs_a_command_a_test() && !checkpoint => {
                        Some(vec![
                            upcard::grade::points::Part::System,
                            upcard::grade::points::Part::UnitTests,
                        ])
                    }
                    _ => parts,
                };
                let stage = super::parts::stage(
                    parts.as_deref(),
                    checkpoint,
                    (course_files.as_deref(), unit_tests.as_deref()),
                    points.as_deref(),
                )?;
                // No scenarios named and none here: the bundled library's.
                let bundled = if scenarios.is_empty() {
                    upcard::library::unless_here().map_err(Failure::input)?
                } else {
                    None
                };
                let scenarios = match &bundled {
                    Some(root) => vec![root.join("scenarios")],
                    None => scenarios,
                };
                let plan = stage.as_ref().map(|stage| {
                    let given = super::plan::Given {
                        stage,
                        course_files: course_files.as_deref(),
                        unit: unit_tests.as_deref(),
                    };
                    move |all: &[upcard::scenario::Scenario]| super::plan::planned(&given, all)
                });
                let req = init::Request {
                    platform,
                    rules: &rules,
                    library: init::Library {
                        paths: &scenarios,
                        project: bundled.as_deref(),
                    },
                    cxxflags: cxxflags.as_deref(),
                    unit: unit_tests.as_deref(),
                    course_files: match &course_files {
                        Some(d) => super::course_files::headers(d)?,
                        None => Vec::new(),
                    },
                    compare: compare.as_deref().filter(|c| *c != "course"),
                    parts: stage.clone(),
                    plan: plan.as_ref().map(|p| p as &init::Plan),
                    dir: &dir,
                };
                init::init(&req, stdout, &mut |n| eprintln!("upcard: {n}"))
            }
            Sub::Combine {
                platform,
                inputs,
                out,
            } => init::combine(&platform, &inputs, &out),
            Sub::Verdict { report, part, name } => {
                super::verdict::verdict(&report, &part, &name, stdout)
            }
            Sub::BuildFailed { log, out, platform } => init::build_failed(&log, &platform, &out),
        }
    }
}
