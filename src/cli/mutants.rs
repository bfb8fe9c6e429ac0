//! `upcard mutants`: how many catalogued student bugs a scenario suite
//! catches, per mutant and per rule area.

use std::io::Write;

use upcard::Failure;
use upcard::mutants::run;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
    /// Tables for documentation (docs/mutants.md)
    Markdown,
}

/// Run every rule mutant over the scenarios: killed or survived, and the mutation score
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard mutants
  upcard mutants scenarios/eecs280 --min-score 100
  upcard mutants --rules cs246 --format json
  upcard mutants --filter human

A mutant is killed by the first scenario (in path order) whose transcript or
exit status it changes. The catalogue is in docs/mutants.md.")]
pub struct Args {
    #[command(flatten)]
    scenarios: super::run::Selection,
    /// Only this rule set's scenarios and mutants
    #[arg(long, value_name = "R", value_parser = clap::builder::PossibleValuesParser::new(upcard::courses::program_names()))]
    rules: Option<String>,
    /// Threads (default: one per core)
    #[arg(short = 'j', long, default_value_t = 0)]
    jobs: usize,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Exit 1 when the score (percent of non-equivalent mutants killed) is below P
    #[arg(long, value_name = "P", value_parser = percent)]
    min_score: Option<f64>,
}

fn percent(s: &str) -> Result<f64, String> {
    let p: f64 = s
        .trim_end_matches('%')
        .parse()
        .map_err(|_| format!("not a percentage: {s:?}"))?;
    if (0.0..=100.0).contains(&p) {
        Ok(p)
    } else {
        Err(format!("{p} is not between 0 and 100"))
    }
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let (mut scenarios, bad) =
            upcard::scenario::runner::load(&self.scenarios.paths, &mut super::said::unreadable)?;
        if bad {
            return Err(Failure::input(
                "fix the scenarios above first: a mutant run needs every scenario to load",
            ));
        }
        upcard::scenario::runner::apply_filter(&mut scenarios, self.scenarios.filter.as_deref())?;
        let report = run(&scenarios, self.rules.as_deref(), self.jobs).map_err(Failure::input)?;
        if report.outcomes.is_empty() {
            return Err(Failure::input(
                "no scenarios of a rule set with mutants (eecs280, cs246)",
            ));
        }
        let text = match self.format {
            Format::Text => report.text(),
            Format::Json => report.json(),
            Format::Markdown => report.markdown(),
        };
        super::exit::write_out(stdout, text.as_bytes())?;
        match self.min_score {
            Some(min) if report.score() < min => Err(Failure::failed(format!(
                "mutation score {:.1}% is below --min-score {min}%",
                report.score()
            ))),
            _ => Ok(()),
        }
    }
}
