//! What a match gives: the report, in words and as JSON.

use std::time::Duration;

use upcard_bots::Strength;
use upcard_rules::agents::MAX_HANDS;
use upcard_seat::program_seat::FaultKind;

use super::stats::count_kinds;
use super::{Deals, FaultAt};
use upcard_rules::Rules;

#[derive(Clone, Debug)]
pub struct TeamReport {
    pub bot: String,
    pub games_won: u32,
    pub win_rate: f64,
    pub ci95: [f64; 2],
    pub points_per_hand: f64,
    /// Decision times, median and 99th percentile (`--timings` only): a
    /// bot's choice, a program's round trip of a decide.
    pub decision_ms: Option<[f64; 2]>,
    /// Processes the team's program started, and their median start-up
    /// (spawn to first answer, not counted as a decision).
    pub startups: usize,
    pub startup_median_ms: f64,
    /// Every fault of the team's program, in game order.
    pub faults: Vec<FaultAt>,
}

impl TeamReport {
    /// Faults by kind, in the kinds' order, only kinds that occurred.
    pub fn fault_counts(&self) -> Vec<(FaultKind, usize)> {
        count_kinds(self.faults.iter().map(|f| f.kind))
    }
}

#[derive(Clone, Debug)]
pub struct Report {
    pub games: u32,
    /// Games a fault stopped (`--on-fault end`): no one won them.
    pub stopped: u32,
    /// Games still undecided after `MAX_HANDS` hands: no one won them.
    pub unfinished: u32,
    pub hands: u32,
    pub hands_per_second: f64,
    pub teams: [TeamReport; 2],
    /// The rules, house rules included.
    pub rules: Rules,
    pub deals: Deals,
    pub strength: Strength,
    pub seat_timeout: Duration,
    pub on_fault: String,
    pub command: String,
}

/// What the reports say of `--think-ms` (None without it).
pub fn thinking(strength: &Strength) -> Option<String> {
    strength.think.map(|t| {
        format!(
            "the search bots thinking about {} ms per decision (not replayable by seed)",
            t.as_millis()
        )
    })
}

/// The search bots' strength as both JSON reports give it (flattened in).
#[derive(serde::Serialize)]
pub struct JsonStrength {
    samples: usize,
    /// `--think-ms`, when given (decisions then depend on the machine).
    #[serde(skip_serializing_if = "Option::is_none")]
    think_ms: Option<u128>,
}

impl From<&Strength> for JsonStrength {
    fn from(s: &Strength) -> JsonStrength {
        JsonStrength {
            samples: s.samples,
            think_ms: s.think.map(|t| t.as_millis()),
        }
    }
}

/// The JSON report's shape (one definition: written from this type).
#[derive(serde::Serialize)]
struct JsonReport<'a> {
    upcard_version: &'static str,
    command: &'a str,
    rules: &'a str,
    house: std::collections::BTreeMap<String, String>,
    /// Absent for secret deals (the default).
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u32>,
    games: u32,
    #[serde(flatten)]
    strength: JsonStrength,
    seat_timeout_s: f64,
    on_fault: &'a str,
    stopped: u32,
    #[serde(skip_serializing_if = "is_zero")]
    unfinished: u32,
    hands: u32,
    hands_per_second: f64,
    teams: Vec<JsonTeam<'a>>,
}

#[derive(serde::Serialize)]
struct JsonTeam<'a> {
    bot: &'a str,
    games_won: u32,
    win_rate: f64,
    ci95: [f64; 2],
    points_per_hand: f64,
    /// Only with `--timings`.
    #[serde(skip_serializing_if = "Option::is_none")]
    decision_ms: Option<JsonTimes>,
    startups: usize,
    startup_median_ms: f64,
    fault_counts: std::collections::BTreeMap<&'static str, usize>,
    faults: Vec<JsonFault<'a>>,
}

#[derive(serde::Serialize)]
struct JsonTimes {
    median: f64,
    p99: f64,
}

/// A fault as the JSON reports write it (the arena's and the tournament's).
#[derive(serde::Serialize)]
pub(crate) struct JsonFault<'a> {
    game: u32,
    deal: u32,
    seat: usize,
    kind: &'static str,
    message: &'a str,
}

impl<'a> From<&'a FaultAt> for JsonFault<'a> {
    fn from(f: &'a FaultAt) -> Self {
        JsonFault {
            game: f.game,
            deal: f.deal,
            seat: f.seat,
            kind: f.kind.name(),
            message: &f.message,
        }
    }
}

impl Report {
    /// Whether any program faulted (the command's exit status says so).
    pub fn faulted(&self) -> bool {
        self.teams.iter().any(|t| !t.faults.is_empty())
    }

    pub fn json(&self) -> String {
        let r3 = |x: f64| (x * 1000.0).round() / 1000.0;
        let teams = self
            .teams
            .iter()
            .map(|t| JsonTeam {
                bot: &t.bot,
                games_won: t.games_won,
                win_rate: r3(t.win_rate),
                ci95: [r3(t.ci95[0]), r3(t.ci95[1])],
                points_per_hand: r3(t.points_per_hand),
                decision_ms: t.decision_ms.map(|[median, p99]| JsonTimes {
                    median: r3(median),
                    p99: r3(p99),
                }),
                startups: t.startups,
                startup_median_ms: r3(t.startup_median_ms),
                fault_counts: t
                    .fault_counts()
                    .into_iter()
                    .map(|(k, n)| (k.name(), n))
                    .collect(),
                faults: t.faults.iter().map(JsonFault::from).collect(),
            })
            .collect();
        let v = JsonReport {
            upcard_version: env!("CARGO_PKG_VERSION"),
            command: &self.command,
            rules: self.rules.name(),
            house: self.rules.house(),
            seed: self.deals.seed(),
            games: self.games,
            strength: (&self.strength).into(),
            seat_timeout_s: self.seat_timeout.as_secs_f64(),
            on_fault: &self.on_fault,
            stopped: self.stopped,
            unfinished: self.unfinished,
            hands: self.hands,
            hands_per_second: self.hands_per_second.round(),
            teams,
        };
        serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
    }

    /// Team `i`'s faults: how many of each kind, what became of the games,
    /// and the first ten (none: nothing).
    fn faults_text(&self, i: usize, t: &TeamReport) -> String {
        if t.faults.is_empty() {
            return String::new();
        }
        let mut s = String::new();
        let counts: Vec<String> = t
            .fault_counts()
            .iter()
            .map(|(k, n)| format!("{n} {}", k.name()))
            .collect();
        let then = if self.on_fault == "end" {
            "each stopped its game".to_string()
        } else {
            format!("{} played on for it", self.on_fault)
        };
        s.push_str(&format!(
            "team {i} FAULTS: {} ({}); {then}\n",
            t.faults.len(),
            counts.join(", ")
        ));
        for f in t.faults.iter().take(10) {
            s.push_str(&format!(
                "  game {}, deal {}, seat {}: {}: {}\n",
                f.game,
                f.deal,
                f.seat,
                f.kind.name(),
                upcard_parse::escape::printable_line(&f.message)
            ));
        }
        if t.faults.len() > 10 {
            s.push_str(&format!("  … and {} more\n", t.faults.len() - 10));
        }
        s
    }

    pub fn text(&self) -> String {
        let n = |k: u32, what: &str| format!("{k} {what}{}", if k == 1 { "" } else { "s" });
        let mut s = format!(
            "{} vs {}: {} ({}, each played both ways) under the {} rules, {}\n",
            self.teams[0].bot,
            self.teams[1].bot,
            n(self.games, "game"),
            n(self.games.div_ceil(2), "deal"),
            self.rules.name(),
            self.deals.words()
        );
        if let Some(think) = thinking(&self.strength) {
            s.push_str(&think);
            s.push('\n');
        }
        let changed = self.rules.house_changed();
        if !changed.is_empty() {
            s.push_str(&format!("house rules: {}\n", changed.join(", ")));
        }
        for (i, t) in self.teams.iter().enumerate() {
            s.push_str(&format!(
                "team {i} {:<9} {:>6} games won ({:.1}%, 95% CI {:.1}–{:.1}%), {:.3} points per hand{}\n",
                t.bot,
                t.games_won,
                t.win_rate * 100.0,
                t.ci95[0] * 100.0,
                t.ci95[1] * 100.0,
                t.points_per_hand,
                t.decision_ms.map_or(String::new(), |[m, p]| format!(
                    ", decisions {m:.3} ms median, {p:.3} ms p99"
                ))
            ));
            if t.startups > 0 {
                s.push_str(&format!(
                    "team {i} started its program {} times, {:.3} ms median to its first answer\n",
                    t.startups, t.startup_median_ms
                ));
            }
            s.push_str(&self.faults_text(i, t));
        }
        if self.stopped > 0 {
            s.push_str(&format!(
                "{} games stopped at a fault (--on-fault end): no one won them\n",
                self.stopped
            ));
        }
        if self.unfinished > 0 {
            s.push_str(&unfinished_line(self.unfinished));
        }
        s.push_str(&format!(
            "{} hands, {:.0} hands per second\n",
            self.hands, self.hands_per_second
        ));
        s
    }
}

/// For `skip_serializing_if`: a count left out of a JSON report when 0.
pub(crate) fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// What the reports say of games still undecided after `MAX_HANDS` hands.
pub(crate) fn unfinished_line(n: u32) -> String {
    format!(
        "{n} game{} unfinished: still undecided after {} hands (every hand passed out, with no \
         stick-the-dealer, or no team reached the points): won by neither, a fault of neither\n",
        if n == 1 { "" } else { "s" },
        MAX_HANDS
    )
}
