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
