//! `upcard tournament DIR`: every bot in DIR (one program per subfolder)
//! and any built-in bots, in a round robin of duplicate matches (the
//! arena's: each deal played twice, the teams swapped), rated by
//! Bradley–Terry with intervals from the likelihood's curvature.
//!
//! A game in which one bot's program faulted (crashed, timed out, answered
//! unlawfully, …) is lost by that bot whatever the fallback bot then made
//! of it: a program that crashes every game ranks last. A game in which
//! both faulted is rated for neither. Results (not the decision times,
//! shown only with `--timings`) are the same for a seed whatever `-j`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::arena::{
    Deals, Entrant, FaultAt, JsonStrength, Match, Rules, count_kinds, is_zero, percentiles_ms,
    play_all, thinking,
};
use upcard_bots::{Bot, Strength};
use upcard_parse::escape::{html, printable, printable_line};
use upcard_seat::program_seat::{FaultKind, Launch};
use upcard_table::OnFault;

/// A tournament before it is played.
pub struct Tournament {
    pub entries: Vec<Entry>,
    pub rules: Rules,
    /// Games each pair plays (deals twice over).
    pub games: u32,
    /// Every pair gets the same deals.
    pub deals: Deals,
    pub jobs: usize,
    /// How hard the search bots think.
    pub strength: Strength,
    pub timeout: Duration,
    pub on_fault: OnFault,
    pub launch: Launch,
    /// Decision times in the reports (`--timings`: they differ run to run).
    pub timings: bool,
}

/// One bot of the tournament.
#[derive(Clone, Debug)]
pub struct Entry {
    /// A folder's name, or `bot:NAME` for a built-in.
    pub name: String,
    pub entrant: Entrant,
}

/// The bots of `dir` (each subfolder's program, in name order; hidden
/// folders skipped) and the built-in `bots`.
pub fn entries(dir: Option<&Path>, bots: &[Bot]) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    if let Some(dir) = dir {
        let listing = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut folders: Vec<PathBuf> = listing
            .flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
            .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
            .map(|e| e.path())
            .collect();
        folders.sort();
        for f in folders {
            let program = program_in(&f)?;
            let program =
                std::path::absolute(&program).map_err(|e| format!("{}: {e}", program.display()))?;
            let command = shlex::try_quote(&program.to_string_lossy())
                .map_err(|e| format!("{}: {e}", program.display()))?
                .into_owned();
            out.push(Entry {
                name: printable_line(&f.file_name().unwrap_or_default().to_string_lossy()),
                entrant: Entrant::Program(command),
            });
        }
    }
    for &b in bots {
        let name = format!("bot:{}", b.name());
        if out.iter().any(|e: &Entry| e.name == name) {
            return Err(format!("--bot {} is given twice", b.name()));
        }
        out.push(Entry {
            name,
            entrant: Entrant::Bot(b),
        });
    }
    if out.len() < 2 {
        return Err(format!(
            "a tournament needs two bots at least; found {} (a subfolder of DIR per program, or --bot NAME)",
            out.len()
        ));
    }
    Ok(out)
}

/// A bot folder's program: its one executable file, or of several the one
/// named `bot` or `bot.*`.
pub fn program_in(folder: &Path) -> Result<PathBuf, String> {
    use std::os::unix::fs::PermissionsExt;
    let listing = std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let mut found: Vec<PathBuf> = listing
        .flatten()
        .filter(|e| {
            e.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
        .map(|e| e.path())
        .collect();
    found.sort();
    let named_bot = |p: &&PathBuf| p.file_stem().is_some_and(|s| s == "bot");
    match found.len() {
        0 => Err(format!(
            "{}: no executable file (a bot's folder holds its program, marked executable)",
            folder.display()
        )),
        1 => Ok(found.remove(0)),
        _ => match found.iter().filter(named_bot).count() {
            1 => Ok(found.iter().find(named_bot).cloned().unwrap_or_default()),
            _ => Err(format!(
                "{}: {} executable files ({}): name the bot's program bot or bot.EXT",
                folder.display(),
                found.len(),
                found
                    .iter()
                    .map(|p| p.file_name().unwrap_or_default().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        },
    }
}

/// One pair's match: its two entries' indices.
type Pair = (usize, usize);

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
    fn times_ms(&self) -> [f64; 2] {
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

impl Tournament {
    /// A duplicate match for each pair, one game at a time per match (the
    /// tournament's jobs run games of all matches side by side).
    fn matches(&self, pairs: &[Pair]) -> Vec<Match> {
        pairs
            .iter()
            .map(|&(i, j)| Match {
                bots: [
                    self.entries[i].entrant.clone(),
                    self.entries[j].entrant.clone(),
                ],
                games: self.games,
                deals: self.deals,
                rules: self.rules,
                jobs: 1,
                strength: self.strength,
                timeout: self.timeout,
                on_fault: self.on_fault,
                command: String::new(),
                record: None,
                timings: self.timings,
                launch: self.launch.clone(),
            })
            .collect()
    }

    pub fn run(&self) -> Result<Report, String> {
        let n = self.entries.len();
        let pairs: Vec<Pair> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        let matches = self.matches(&pairs);
        let tasks: Vec<(&Match, u32)> = matches
            .iter()
            .flat_map(|m| (0..self.games).map(move |g| (m, g)))
            .collect();
        let played = play_all(&tasks, self.jobs)?;
        let unfinished = played.iter().filter(|g| g.unfinished).count() as u32;
        let mut standings: Vec<Standing> = self
            .entries
            .iter()
            .map(|e| Standing {
                name: e.name.clone(),
                ..Standing::default()
            })
            .collect();
        // wins[i][j]: games i won against j, rated.
        let mut wins = vec![vec![0u32; n]; n];
        // Each pair's games, in task order.
        let pair_of_game = pairs
            .iter()
            .flat_map(|&p| std::iter::repeat_n(p, self.games as usize));
        for ((i, j), game) in pair_of_game.zip(played) {
            count(&mut standings, &mut wins, [i, j], &game);
        }
        let ratings = bradley_terry(&wins);
        let ci = intervals(&wins, &ratings);
        for (k, s) in standings.iter_mut().enumerate() {
            s.rating = ratings[k];
            s.ci95 = ci[k];
        }
        // Best first; a tie (to the rounding shown) by name.
        standings.sort_by(|a, b| {
            let r = |s: &Standing| (s.rating * 10.0).round() as i64;
            r(b).cmp(&r(a)).then_with(|| a.name.cmp(&b.name))
        });
        Ok(Report {
            standings,
            bots: n,
            games_per_pair: self.games,
            games: self.games * pairs.len() as u32,
            rules: self.rules,
            deals: self.deals,
            strength: self.strength,
            on_fault: self.on_fault.spec(),
            seat_timeout: self.timeout,
            timings: self.timings,
            unfinished,
        })
    }
}

/// One game between `who[0]` and `who[1]` counted in their standings and
/// the rated wins; a faulting side forfeits.
fn count(
    standings: &mut [Standing],
    wins: &mut [Vec<u32>],
    who: [usize; 2],
    game: &crate::arena::Played,
) {
    let faulted = game.faults.each_ref().map(|f| !f.is_empty());
    let winner = match faulted {
        [true, false] => Some(1),
        [false, true] => Some(0),
        [true, true] => None,
        [false, false] => game.winner,
    };
    if let Some(w) = winner {
        wins[who[w]][who[1 - w]] += 1;
        standings[who[w]].won += 1;
    }
    for b in 0..2 {
        let vs = standings[who[1 - b]].name.clone();
        let s = &mut standings[who[b]];
        s.games += 1;
        s.hands += game.hands;
        s.points += game.points[b];
        s.forfeited += u32::from(faulted[b] && !faulted[1 - b]);
        s.faults
            .extend(game.faults[b].iter().map(|f| (vs.clone(), f.clone())));
        if game.stderr[b].is_some() {
            s.stderr.clone_from(&game.stderr[b]);
        }
        s.times.extend(game.times[b].iter().copied());
    }
}

/// Bradley–Terry strengths from `wins[i][j]` (games i won against j) by
/// the MM algorithm (Hunter 2004), on the Elo scale with mean 1500. Each
/// pair that played gets half a win each way besides, so that a bot that
/// never wins (or never loses) still has a finite rating.
pub fn bradley_terry(wins: &[Vec<u32>]) -> Vec<f64> {
    let n = wins.len();
    let w = |i: usize, j: usize| -> f64 {
        let played = wins[i][j] + wins[j][i];
        if i == j || played == 0 {
            0.0
        } else {
            f64::from(wins[i][j]) + 0.5
        }
    };
    let mut p = vec![1.0f64; n];
    for _ in 0..5000 {
        let mut next = vec![0.0f64; n];
        for i in 0..n {
            let won: f64 = (0..n).map(|j| w(i, j)).sum();
            let denom: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| (w(i, j) + w(j, i)) / (p[i] + p[j]))
                .sum();
            next[i] = if denom > 0.0 { won / denom } else { p[i] };
        }
        // Geometric mean 1: the scale is fixed by the mean rating.
        let mean = next.iter().map(|x| x.ln()).sum::<f64>() / n as f64;
        next.iter_mut().for_each(|x| *x /= mean.exp());
        let change = p
            .iter()
            .zip(&next)
            .map(|(a, b)| (a - b).abs() / a)
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-10 {
            break;
        }
    }
    p.iter().map(|x| 1500.0 + 400.0 * x.log10()).collect()
}

/// 95% intervals of each rating, from the curvature of the likelihood
/// (the Fisher information of the fitted model, with the same half wins
/// each way): rating ± 1.96 standard errors. The ratings are fixed only up
/// to their mean, so the covariance is the pseudo-inverse of the
/// information matrix, whose rows sum to zero: (I + J/n)⁻¹ − J/n.
pub fn intervals(wins: &[Vec<u32>], ratings: &[f64]) -> Vec<[f64; 2]> {
    let n = wins.len();
    let p: Vec<f64> = ratings
        .iter()
        .map(|r| 10f64.powf((r - 1500.0) / 400.0))
        .collect();
    // The information matrix plus J/n.
    let mut m = vec![vec![1.0 / n as f64; n]; n];
    for i in 0..n {
        for j in 0..n {
            let games = wins[i][j] + wins[j][i];
            if i == j || games == 0 {
                continue;
            }
            let pi = p[i] / (p[i] + p[j]);
            let info = (f64::from(games) + 1.0) * pi * (1.0 - pi);
            m[i][i] += info;
            m[i][j] -= info;
        }
    }
    let Some(inv) = invert(m) else {
        return vec![[f64::NEG_INFINITY, f64::INFINITY]; n];
    };
    // Standard errors of ln p, then on the Elo scale.
    let scale = 400.0 / std::f64::consts::LN_10;
    (0..n)
        .map(|i| {
            let var = (inv[i][i] - 1.0 / n as f64).max(0.0);
            let half = 1.959_964 * scale * var.sqrt();
            [ratings[i] - half, ratings[i] + half]
        })
        .collect()
}

/// The inverse of a small matrix by Gauss–Jordan elimination with partial
/// pivoting; None when it is singular (a bot that played no one).
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for c in 0..n {
        let pivot = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[pivot][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, pivot);
        inv.swap(c, pivot);
        let d = a[c][c];
        for j in 0..n {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..n {
            if r != c {
                let f = a[r][c];
                for j in 0..n {
                    a[r][j] -= f * a[c][j];
                    inv[r][j] -= f * inv[c][j];
                }
            }
        }
    }
    Some(inv)
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
    fault: crate::arena::JsonFault<'a>,
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

    fn win_rate(s: &Standing) -> f64 {
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

    fn heading(&self) -> String {
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

    fn fault_line(&self, s: &Standing) -> String {
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
    fn fault_lines(s: &Standing) -> Vec<String> {
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
            out.push_str(&crate::arena::unfinished_line(self.unfinished));
        }
        out
    }

    /// A page of its own: the leaderboard, then each faulting bot's faults.
    pub fn html(&self) -> String {
        let mut rows = String::new();
        for (k, s) in self.standings.iter().enumerate() {
            let times = if self.timings {
                let [m, p] = s.times_ms();
                format!("<td>{m:.3}</td><td>{p:.3}</td>")
            } else {
                String::new()
            };
            rows.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{:.0}</td><td>{:.0}–{:.0}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.3}</td><td>{}</td>{times}</tr>\n",
                k + 1,
                html(&s.name),
                s.rating,
                s.ci95[0],
                s.ci95[1],
                s.games,
                s.won,
                Self::win_rate(s) * 100.0,
                s.points_per_hand(),
                s.faults.len()
            ));
        }
        let mut faults = String::new();
        for s in self.standings.iter().filter(|s| !s.faults.is_empty()) {
            faults.push_str(&format!(
                "<section><h2>{}</h2><p>{}</p><ul>\n",
                html(&s.name),
                html(&self.fault_line(s))
            ));
            for l in Self::fault_lines(s) {
                faults.push_str(&format!("<li>{}</li>\n", html(&l)));
            }
            faults.push_str("</ul>\n");
            if let Some(e) = &s.stderr {
                faults.push_str(&format!(
                    "<p>Its standard error, last lines:</p><pre>{}</pre>\n",
                    html(&printable(e))
                ));
            }
            faults.push_str("</section>\n");
        }
        let head_times = if self.timings {
            "<th>decision ms (median)</th><th>p99</th>"
        } else {
            ""
        };
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>upcard tournament</title>\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><style>{STYLE}</style></head><body>\n\
             <h1>upcard tournament</h1>\n<p>{}</p>\n<table id=\"standings\"><thead><tr><th>rank</th><th>bot</th><th>rating</th><th>95% CI</th>\
             <th>games</th><th>won</th><th>win %</th><th>points per hand</th><th>faults</th>{head_times}</tr></thead><tbody>\n{rows}</tbody></table>\n\
             <p class=\"how\">Ratings: Bradley–Terry on the Elo scale (mean 1500), 95% intervals from the likelihood's curvature. A game in which one bot's program faulted counts as lost by it.</p>\n{faults}</body></html>\n",
            html(&self.heading()),
        )
    }
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5em;max-width:60em}\
table{border-collapse:collapse}th,td{padding:.3em .7em;border-bottom:1px solid #ddd;text-align:right}\
th:nth-child(2),td:nth-child(2){text-align:left}pre{background:#f6f6f6;padding:.7em;overflow-x:auto}\
.how{color:#555;font-size:.9em}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_order_the_bots_by_their_wins_and_stay_finite() {
        // 0 beats 1 beats 2; 2 never wins.
        let wins = vec![vec![0, 8, 10], vec![2, 0, 9], vec![0, 1, 0]];
        let r = bradley_terry(&wins);
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        assert!(r.iter().all(|x| x.is_finite()));
        // Mean 1500 (geometric mean 1 of the strengths).
        assert!((r.iter().sum::<f64>() / 3.0 - 1500.0).abs() < 1e-6);
        // Equal records, equal ratings.
        let even = vec![vec![0, 5], vec![5, 0]];
        assert_eq!(
            bradley_terry(&even).into_iter().map(r1).collect::<Vec<_>>(),
            vec![1500.0, 1500.0]
        );
    }

    #[test]
    fn intervals_bracket_the_rating_and_narrow_with_more_games() {
        let few = vec![vec![0, 3], vec![1, 0]];
        let many = vec![vec![0, 300], vec![100, 0]];
        let width = |w: &Vec<Vec<u32>>| {
            let r = bradley_terry(w);
            let ci = intervals(w, &r);
            for k in 0..2 {
                assert!(ci[k][0] < r[k] && r[k] < ci[k][1], "{ci:?} {r:?}");
            }
            ci[0][1] - ci[0][0]
        };
        assert!(width(&many) * 5.0 < width(&few));
        // Two bots, 300–100: ln(3) apart, each with a standard error of
        // sqrt(1 / (4 · 401 · p(1-p))) in ln p (half the difference's).
        let r = bradley_terry(&many);
        let ci = intervals(&many, &r);
        let p = 300.5f64 / 401.0;
        let se = (1.0 / (4.0 * 401.0 * p * (1.0 - p))).sqrt() * 400.0 / std::f64::consts::LN_10;
        assert!(((ci[0][1] - r[0]) - 1.959_964 * se).abs() < 1e-6, "{ci:?}");
    }

    #[test]
    fn a_folder_names_its_program() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let exe = |name: &str| {
            let p = d.path().join(name);
            std::fs::write(&p, "#!/bin/sh\n").unwrap();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        };
        std::fs::write(d.path().join("README"), "").unwrap();
        assert!(program_in(d.path()).unwrap_err().ends_with(
            ": no executable file (a bot's folder holds its program, marked executable)"
        ));
        exe("run.sh");
        assert_eq!(program_in(d.path()).unwrap(), d.path().join("run.sh"));
        exe("helper");
        assert!(program_in(d.path()).unwrap_err().ends_with(
            ": 2 executable files (helper, run.sh): name the bot's program bot or bot.EXT"
        ));
        exe("bot.py");
        assert_eq!(program_in(d.path()).unwrap(), d.path().join("bot.py"));
    }
}
