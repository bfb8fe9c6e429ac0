//! `upcard autograder`: deploy upcard as a course's autograder.

use std::io::Write;
use std::path::PathBuf;

use upcard::Failure;
use upcard::grade::deploy;
use upcard::scenario::raw::RulesName;

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
        /// Where to write it (the folder to zip and upload)
        dir: PathBuf,
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
                dir,
            } => {
                let cxxflags = cxxflags.as_deref().map(shell_words).transpose()?;
                let rules = RulesName::from_name(&rules).expect("clap checked the name");
                let (mut all, bad) = super::run::load(&scenarios)?;
                if bad {
                    return Err(Failure::input(
                        "fix the scenarios above first: an autograder must not carry a broken one",
                    ));
                }
                // Only what a course program can run: one course, no upcard-only settings.
                all.retain(|s| s.rules() == rules);
                let course_total = all.len();
                let mut reasons = std::collections::BTreeMap::<String, usize>::new();
                all.retain(|s| match s.setup.invocation(None) {
                    Ok(_) => true,
                    Err(why) => {
                        *reasons.entry(why).or_default() += 1;
                        false
                    }
                });
                for (why, n) in &reasons {
                    eprintln!("upcard: left out {n} of {course_total} scenarios: {why}");
                }
                if all.is_empty() {
                    return Err(Failure::input(format!(
                        "no {} scenario a course program can run, so no autograder was written",
                        rules.dir()
                    )));
                }
                let me = std::env::current_exe()
                    .map_err(|e| Failure::input(format!("finding upcard itself: {e}")))?;
                let d = deploy::Deployment {
                    project: upcard::scenario::Project::current().map_err(Failure::input)?,
                    course: rules.course(),
                    scenarios: &all,
                    upcard: &me,
                    cxxflags,
                };
                let written = platform.write(&d, &dir).map_err(Failure::input)?;
                let what = platform.title();
                let _ = writeln!(
                    stdout,
                    "wrote {} {what} autograder for {} ({} scenarios, {} files) to {}; {}",
                    if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
                        "an"
                    } else {
                        "a"
                    },
                    rules.dir(),
                    all.len(),
                    written.len(),
                    dir.display(),
                    platform.next_step(),
                );
                Ok(())
            }
            Sub::BuildFailed { log, out, platform } => {
                use std::io::Read;
                // A build log is small; a bound keeps a flood from a
                // hostile submission's build from filling memory.
                let mut bytes = Vec::new();
                std::fs::File::open(&log)
                    .and_then(|f| f.take(16 << 20).read_to_end(&mut bytes))
                    .map_err(|e| Failure::input(format!("{}: {e}", log.display())))?;
                let text = String::from_utf8_lossy(&bytes);
                let results = if platform == "prairielearn" {
                    deploy::build_failed_prairielearn(&text)
                } else {
                    deploy::build_failed(&text)
                };
                upcard::scenario::write_atomic(&out, results.as_bytes())
                    .map_err(|e| Failure::input(format!("writing {}: {e}", out.display())))
            }
        }
    }
}

/// `--cxxflags` as shell words for a build script's array, each one quoted
/// whatever it holds.
pub fn shell_words(flags: &str) -> Result<String, Failure> {
    let words = shlex::split(flags)
        .ok_or_else(|| Failure::input(format!("--cxxflags {flags:?}: unbalanced quotes")))?;
    let quoted: Result<Vec<String>, _> = words
        .iter()
        .map(|w| shlex::try_quote(w).map(|q| q.into_owned()))
        .collect();
    Ok(quoted
        .map_err(|_| Failure::input("--cxxflags holds a NUL byte"))?
        .join(" "))
}
