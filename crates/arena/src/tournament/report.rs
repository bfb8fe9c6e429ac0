//! What a tournament gives: each bot's standing, and the report in words
//! and as JSON.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::{Deals, FaultAt, JsonStrength, count_kinds, is_zero, percentiles_ms, thinking};
use upcard_bots::Strength;
use upcard_parse::escape::printable_line;
use upcard_rules::Rules;
use upcard_seat::program_seat::FaultKind;

/// What one bot did over the tournament.
#[derive(Clone, Debug, Default)]
pub struct Standing {
    pub name: String,
    /// Bradley–Terry rating on the Elo scale (mean 1500) and its 95% interval.
    pub rating: f64,
    pub ci95: [f64; 2],
    pub games: u32,
    pub won: u32,
    /// Games lost because its program faulted.
    pub forfeited: u32,
    pub hands: u32,
    pub points: u32,
    pub faults: Vec<(String, FaultAt)>,
    /// The end of its program's standard error after its last fault.
    pub stderr: Option<String>,
    pub times: Vec<Duration>,
}

impl Standing {
    pub fn points_per_hand(&self) -> f64 {
        f64::from(self.points) / f64::from(self.hands.max(1))
    }

    fn fault_counts(&self) -> Vec<(FaultKind, usize)> {
        count_kinds(self.faults.iter().map(|(_, f)| f.kind))
    }

    /// Median and 99th percentile of its decision times, in ms.
    pub(super) fn times_ms(&self) -> [f64; 2] {
        percentiles_ms(&mut self.times.clone())
    }
}

/// The tournament's outcome: standings best first.
pub struct Report {
    pub standings: Vec<Standing>,
    pub bots: usize,
    pub games_per_pair: u32,
    pub games: u32,
    pub rules: Rules,
    pub deals: Deals,
    pub strength: Strength,
    pub on_fault: String,
    pub seat_timeout: Duration,
    /// Decision times in the reports (`--timings`).
    pub timings: bool,
    /// Games still undecided after the hand limit: won by neither.
    pub unfinished: u32,
}

/// The JSON report's shape (one definition: written from this type).
#[derive(serde::Serialize)]
struct JsonReport<'a> {
    upcard_version: &'static str,
    rules: &'a str,
    house: BTreeMap<String, String>,
    /// Absent for secret deals (the default).
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u32>,
    bots: usize,
    games_per_pair: u32,
    games: u32,
    #[serde(flatten)]
    strength: JsonStrength,
    seat_timeout_s: f64,
    on_fault: &'a str,
    #[serde(skip_serializing_if = "is_zero")]
    unfinished: u32,
    standings: Vec<JsonStanding<'a>>,
}

#[derive(serde::Serialize)]
struct JsonStanding<'a> {
    rank: usize,
    bot: &'a str,
    rating: f64,
    ci95: [f64; 2],
    games: u32,
    won: u32,
    win_rate: f64,
    forfeited: u32,
    points_per_hand: f64,
    fault_counts: BTreeMap<&'static str, usize>,
    faults: Vec<JsonFault<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decision_ms: Option<[f64; 2]>,
}

#[derive(serde::Serialize)]
struct JsonFault<'a> {
    against: &'a str,
    #[serde(flatten)]
    fault: crate::JsonFault<'a>,
}

fn r1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn r3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// At most this many faults are listed per bot (all are counted).
const FAULTS_LISTED: usize = 5;

impl Report {
    /// Whether any program faulted (the command's exit status says so).
    pub fn faulted(&self) -> bool {
        self.standings.iter().any(|s| !s.faults.is_empty())
    }

    pub(super) fn win_rate(s: &Standing) -> f64 {
        f64::from(s.won) / f64::from(s.games.max(1))
    }

    pub fn json(&self) -> String {
        let standings = self
            .standings
            .iter()
            .enumerate()
            .map(|(k, s)| JsonStanding {
                rank: k + 1,
                bot: &s.name,
                rating: r1(s.rating),
                ci95: s.ci95.map(r1),
                games: s.games,
                won: s.won,
                win_rate: r3(Self::win_rate(s)),
                forfeited: s.forfeited,
                points_per_hand: r3(s.points_per_hand()),
                fault_counts: s
                    .fault_counts()
                    .into_iter()
                    .map(|(k, n)| (k.name(), n))
                    .collect(),
                faults: s
                    .faults
                    .iter()
                    .take(FAULTS_LISTED)
                    .map(|(vs, f)| JsonFault {
                        against: vs,
                        fault: f.into(),
                    })
                    .collect(),
                stderr: s.stderr.as_deref(),
                decision_ms: self.timings.then(|| s.times_ms().map(r3)),
            })
            .collect();
        let v = JsonReport {
            upcard_version: env!("CARGO_PKG_VERSION"),
            rules: self.rules.name(),
            house: self.rules.house(),
            seed: self.deals.seed(),
            bots: self.bots,
            games_per_pair: self.games_per_pair,
            games: self.games,
            strength: (&self.strength).into(),
            seat_timeout_s: self.seat_timeout.as_secs_f64(),
            on_fault: &self.on_fault,
            unfinished: self.unfinished,
            standings,
        };
        serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
    }

    pub(super) fn heading(&self) -> String {
        format!(
            "{} bots, a round robin of duplicate matches: {} games a pair ({} deal{}, each played both ways), {} games in all, {} rules, {}",
            self.bots,
            self.games_per_pair,
            self.games_per_pair.div_ceil(2),
            if self.games_per_pair > 2 { "s" } else { "" },
            self.games,
            self.rules.name(),
            self.deals.words()
        ) + &thinking(&self.strength).map_or(String::new(), |t| format!(", {t}"))
    }

    pub(super) fn fault_line(&self, s: &Standing) -> String {
        let counts: Vec<String> = s
            .fault_counts()
            .iter()
            .map(|(k, n)| format!("{n} {}", k.name()))
            .collect();
        format!(
            "{} faults ({}); {} games lost for them ({} played on)",
            s.faults.len(),
            counts.join(", "),
            s.forfeited,
            self.on_fault
        )
    }

    /// The first faults of `s`, one line each, and a line for the rest.
    pub(super) fn fault_lines(s: &Standing) -> Vec<String> {
        let mut lines: Vec<String> = s
            .faults
            .iter()
            .take(FAULTS_LISTED)
            .map(|(vs, f)| {
                format!(
                    "against {vs}, game {}, deal {}, seat {}: {}: {}",
                    f.game,
                    f.deal,
                    f.seat,
                    f.kind.name(),
                    printable_line(&f.message)
                )
            })
            .collect();
        if s.faults.len() > FAULTS_LISTED {
            lines.push(format!("… and {} more", s.faults.len() - FAULTS_LISTED));
        }
        lines
    }

    pub fn text(&self) -> String {
        let mut out = format!("upcard tournament: {}\n", self.heading());
        let width = self
            .standings
            .iter()
            .map(|s| s.name.chars().count())
            .max()
            .unwrap_or(3)
            .max(3);
        out.push_str(&format!(
            "rank  {:<width$}  rating  95% CI       games    won   win%  pts/hand  faults{}\n",
            "bot",
            if self.timings {
                "  decision ms (median, p99)"
            } else {
                ""
            }
        ));
        for (k, s) in self.standings.iter().enumerate() {
            out.push_str(&format!(
                "{:>4}  {:<width$}  {:>6.0}  {:>4.0}–{:<4.0}  {:>6} {:>6} {:>5.1}%  {:>8.3}  {:>6}",
                k + 1,
                s.name,
                s.rating,
                s.ci95[0],
                s.ci95[1],
                s.games,
                s.won,
                Self::win_rate(s) * 100.0,
                s.points_per_hand(),
                s.faults.len()
            ));
            if self.timings {
                let [m, p] = s.times_ms();
                out.push_str(&format!("  {m:.3}, {p:.3}"));
            }
            out.push('\n');
        }
        for s in self.standings.iter().filter(|s| !s.faults.is_empty()) {
            out.push_str(&format!("\n{}: {}\n", s.name, self.fault_line(s)));
            for l in Self::fault_lines(s) {
                out.push_str(&format!("  {l}\n"));
            }
            if let Some(e) = &s.stderr {
                out.push_str("  its standard error, last lines:\n");
                for l in e.lines() {
                    out.push_str(&format!("  | {l}\n"));
                }
            }
        }
        if self.unfinished > 0 {
            out.push('\n');
            out.push_str(&crate::unfinished_line(self.unfinished));
        }
        out
    }
}
