//! `upcard report merge`: the JSON reports of a sharded grading run (or of
//! one whole run) rendered into every report one unsharded run writes.

use std::io::Write;
use std::path::PathBuf;

use upcard::Failure;
use upcard::grade::merge::{MergeOptions, merge};
use upcard::grade::writer::ReportSpec;

/// Work with the reports of `upcard grade`
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard report merge --out merged part1 part2 part3
  upcard report merge --report gradescope=results.json shard1.json shard2.json")]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Merge(Merge),
    MergeUnitTests(MergeUnitTests),
}

/// Combine the JSON reports of `upcard unit-tests --shard I/N` runs into the table and reports one unsharded run gives
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard unit-tests --solution s --bugs b subs/ --shard 1/2 --json part1.json   (likewise 2/2)
  upcard report merge-unit-tests --json class.json --csv class.csv part1.json part2.json")]
struct MergeUnitTests {
    /// The shards' JSON reports
    #[arg(required = true, value_name = "PART")]
    parts: Vec<PathBuf>,
    /// Write the merged report as JSON
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
    /// Write the class as CSV, as unit-tests --csv does
    #[arg(long, value_name = "PATH")]
    csv: Option<PathBuf>,
    /// A report to write, as in upcard unit-tests (repeatable)
    #[arg(long = "report", value_name = "KIND=PATH")]
    reports: Vec<ReportSpec>,
}

impl MergeUnitTests {
    fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        use upcard::parse::file::{MAX_INPUT, read_text};
        let mut parts = Vec::new();
        for p in &self.parts {
            let text = read_text(p, MAX_INPUT)
                .map_err(|e| Failure::input(format!("{}: {e}", p.display())))?;
            let report: upcard::unit::Report = serde_json::from_str(&text).map_err(|e| {
                Failure::input(format!(
                    "{}:{}:{}: not a unit-tests report: {e}",
                    p.display(),
                    e.line(),
                    e.column()
                ))
            })?;
            parts.push((p.display().to_string(), report));
        }
        let merged = upcard::unit::merge::merge(parts).map_err(Failure::input)?;
        let outputs = upcard::unit::Outputs {
            json: self.json,
            csv: self.csv,
            reports: self.reports,
            limits: upcard::sandbox::Limits::default(),
        };
        outputs.write(&merged, stdout)
    }
}

/// Combine the JSON reports of `upcard grade --shard I/N` runs into the reports and summary one unsharded run gives
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard grade --exe subs/ --shard 1/3 --report json=part1   (likewise 2/3 and 3/3)
  upcard report merge --out reports part1 part2 part3
  upcard report merge --report gradescope=gs --csv class.csv part1 part2 part3")]
struct Merge {
    /// The shards' JSON reports: one file each for one program, or one folder of STUDENT.json each for a class
    #[arg(required = true, value_name = "PART")]
    parts: Vec<PathBuf>,
    /// Write every report under DIR: gradescope/, prairielearn/, junit/, json/, tap/, html/ and students.csv for a class; results.json, prairielearn.json, junit.xml, report.json, report.tap, report.html and students.csv for one program
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// A report to write, as in upcard grade (repeatable)
    #[arg(long = "report", value_name = "KIND=PATH")]
    reports: Vec<ReportSpec>,
    /// Also write the students × verdicts table as CSV
    #[arg(long, value_name = "PATH")]
    csv: Option<PathBuf>,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        match self.command {
            Command::MergeUnitTests(m) => m.execute(stdout),
            Command::Merge(m) => merge(
                &MergeOptions {
                    parts: m.parts,
                    out: m.out,
                    reports: m.reports,
                    csv: m.csv,
                },
                &super::said::Stderr::default(),
                stdout,
            ),
        }
    }
}
