//! Running the catalogue over a scenario suite: which mutants the suite
//! kills, and the mutation score per rule area.

use rayon::prelude::*;
use serde::Serialize;

use super::{Area, Entry, for_rules, play};
use upcard_scenario::scenario::diff::same;
use upcard_scenario::scenario::{Played, Scenario};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Killed,
    Survived,
    Equivalent,
}

/// One mutant of one rule set over the suite.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub entry: &'static Entry,
    pub rules: &'static str,
    pub status: Status,
    /// The first scenario (in path order) whose output the mutant changes.
    pub killed_by: Option<String>,
}

/// Every mutant of the rule sets the suite has scenarios for.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub outcomes: Vec<Outcome>,
}

/// Whether a mutant's run of `s` differs from the engine's: in the
/// transcript, under the scenario's comparison (what grading would see), or
/// in the exit status.
fn differs(s: &Scenario, base: &Played, mutant: &Played) -> bool {
    base.status != mutant.status || !same(&base.text(), &mutant.text(), s.expect.compare)
}

/// Runs every mutant of each rule set in `scenarios` (or only `rules`) over
/// that rule set's scenarios, in path order, stopping at the first that
/// kills it. `jobs` threads (0: one per core). The report lists mutants in
/// catalogue order, whatever the threads did first.
pub fn run(scenarios: &[Scenario], rules: Option<&str>, jobs: usize) -> Result<Report, String> {
    let mut suite: Vec<&Scenario> = scenarios
        .iter()
        .filter(|s| rules.is_none_or(|r| s.rules.course().name() == r))
        .collect();
    suite.sort_by(|a, b| a.path.cmp(&b.path));
    let mut courses: Vec<&'static str> = suite.iter().map(|s| s.rules.course().name()).collect();
    courses.sort_unstable();
    courses.dedup();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| format!("starting {jobs} threads: {e}"))?;
    let outcomes = pool.install(|| {
        let base: Vec<Played> = suite
            .par_iter()
            .map(|s| upcard_scenario::scenario::play(s))
            .collect();
        let work: Vec<(&'static str, &'static Entry)> = courses
            .iter()
            .flat_map(|&c| for_rules(c).map(move |e| (c, e)))
            .collect();
        work.par_iter()
            .map(|&(course, entry)| {
                if entry.equivalent_in(course).is_some() {
                    return Outcome {
                        entry,
                        rules: course,
                        status: Status::Equivalent,
                        killed_by: None,
                    };
                }
                let killer = suite
                    .iter()
                    .zip(&base)
                    .filter(|(s, _)| s.rules.course().name() == course)
                    .find(|(s, b)| differs(s, b, &play(s, entry.mutant)));
                Outcome {
                    entry,
                    rules: course,
                    status: if killer.is_some() {
                        Status::Killed
                    } else {
                        Status::Survived
                    },
                    killed_by: killer.map(|(s, _)| s.name.clone()),
                }
            })
            .collect()
    });
    Ok(Report { outcomes })
}

/// Killed over non-equivalent, as a percentage (100 when there are none).
fn score<'a>(outcomes: impl Iterator<Item = &'a Outcome>) -> (usize, usize, f64) {
    let (mut killed, mut counted) = (0, 0);
    for o in outcomes {
        match o.status {
            Status::Killed => {
                killed += 1;
                counted += 1;
            }
            Status::Survived => counted += 1,
            Status::Equivalent => {}
        }
    }
    let pct = if counted == 0 {
        100.0
    } else {
        100.0 * killed as f64 / counted as f64
    };
    (killed, counted, pct)
}

#[derive(Serialize)]
struct JsonMutant<'a> {
    name: &'a str,
    rules: &'a str,
    area: &'a str,
    status: Status,
    killed_by: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    equivalent: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    mutants: Vec<JsonMutant<'a>>,
    score: f64,
}

impl Report {
    /// The overall mutation score in percent.
    pub fn score(&self) -> f64 {
        score(self.outcomes.iter()).2
    }

    /// Scores per rule set and area, in a stable order.
    fn areas(&self) -> Vec<(&'static str, Area, usize, usize, f64)> {
        let mut keys: Vec<(&'static str, Area)> = self
            .outcomes
            .iter()
            .map(|o| (o.rules, o.entry.area))
            .collect();
        keys.sort();
        keys.dedup();
        keys.into_iter()
            .map(|(r, a)| {
                let (k, n, p) = score(
                    self.outcomes
                        .iter()
                        .filter(|o| o.rules == r && o.entry.area == a),
                );
                (r, a, k, n, p)
            })
            .collect()
    }

    pub fn text(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let width = self
            .outcomes
            .iter()
            .map(|o| o.entry.name.len())
            .max()
            .unwrap_or(0);
        let mut rules = None;
        for o in &self.outcomes {
            if rules != Some(o.rules) {
                if rules.is_some() {
                    s.push('\n');
                }
                let _ = writeln!(s, "{} mutants", o.rules);
                rules = Some(o.rules);
            }
            let detail = match (o.status, &o.killed_by, o.entry.equivalent_in(o.rules)) {
                (Status::Killed, Some(by), _) => format!("killed by {by}"),
                (Status::Equivalent, _, Some(why)) => format!("equivalent: {why}"),
                _ => format!("SURVIVED: {}", o.entry.what),
            };
            let _ = writeln!(s, "  {:width$}  {detail}", o.entry.name);
        }
        s.push_str("\nscore by area\n");
        for (r, a, k, n, p) in self.areas() {
            let _ = writeln!(s, "  {r:8} {:28} {k:>3}/{n:<3} {p:5.1}%", a.name());
        }
        let (k, n, p) = score(self.outcomes.iter());
        let _ = writeln!(
            s,
            "\nmutation score: {p:.1}% ({k} of {n} non-equivalent mutants killed)"
        );
        s
    }

    /// One Markdown table per rule set: mutant, area, what it changes, and
    /// the scenario that kills it (docs/mutants.md is this, for the library).
    pub fn markdown(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let mut rules = None;
        for o in &self.outcomes {
            if rules != Some(o.rules) {
                let _ = write!(
                    s,
                    "{}### {}\n\n| mutant | area | what it changes | killed by |\n|---|---|---|---|\n",
                    if rules.is_some() { "\n" } else { "" },
                    o.rules
                );
                rules = Some(o.rules);
            }
            let by = match (o.status, &o.killed_by, o.entry.equivalent_in(o.rules)) {
                (Status::Killed, Some(by), _) => format!("`{by}`"),
                (Status::Equivalent, _, Some(why)) => format!("equivalent: {why}"),
                _ => "**survives**".to_string(),
            };
            let _ = writeln!(
                s,
                "| `{}` | {} | {} | {} |",
                o.entry.name,
                o.entry.area.name(),
                o.entry.what.replace('|', "\\|"),
                by
            );
        }
        s
    }

    pub fn json(&self) -> String {
        let report = JsonReport {
            mutants: self
                .outcomes
                .iter()
                .map(|o| JsonMutant {
                    name: o.entry.name,
                    rules: o.rules,
                    area: o.entry.area.name(),
                    status: o.status,
                    killed_by: o.killed_by.as_deref(),
                    equivalent: o.entry.equivalent_in(o.rules),
                })
                .collect(),
            // killed / non-equivalent, as a fraction.
            score: (self.score() * 100.0).round() / 10_000.0,
        };
        let mut s = serde_json::to_string_pretty(&report).unwrap_or_default();
        s.push('\n');
        s
    }
}
