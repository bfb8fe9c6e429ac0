//! `upcard arena`: two bots, one per team, over duplicate games. Each deal
//! (a seed) is played twice with the teams swapped, so the luck of the cards
//! cancels; games are independent, so they run in parallel and are reported
//! in deal order.

use std::time::{Duration, Instant};

use rand_mt::Mt;
use rayon::prelude::*;

use std::cell::RefCell;
use std::rc::Rc;
use upcard_engine::cards::{Card, all_cards};
use upcard_rules::agents::{
    Agent, Decision, EngineError, Game, MAX_HANDS, Observation, PlayerError,
};

use upcard_bots::{Bot, Strength};
use upcard_engine::{Action, Config, Deck, EventSink, Outcome, State};
use upcard_rules::courses::{cs246, eecs280, standard};
use upcard_seat::program_seat::{Connection, FaultKind, ProgramSeat, Shared};
use upcard_seat::protocol::Hello;
use upcard_table::OnFault;

/// The rules a match is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// The standard game, with its house rules in the config.
    Standard(Config),
    Eecs280,
    Cs246,
}

impl Rules {
    pub fn name(self) -> &'static str {
        match self {
            Rules::Standard(_) => "standard",
            Rules::Eecs280 => "eecs280",
            Rules::Cs246 => "cs246",
        }
    }

    /// The rules by name (`--rules`), the standard game with `house` rules.
    pub fn from_name(name: &str, house: &[String]) -> Result<Rules, String> {
        match name {
            "eecs280" | "cs246" if !house.is_empty() => {
                Err("house rules are the standard game's: give --rules standard".into())
            }
            "eecs280" => Ok(Rules::Eecs280),
            "cs246" => Ok(Rules::Cs246),
            "standard" => {
                let mut c = standard::config();
                for h in house {
                    standard::house::apply(&mut c, h)?;
                }
                standard::house::check(&c)?;
                Ok(Rules::Standard(c))
            }
            other => Err(format!(
                "there are no rules {other:?}: standard, eecs280 or cs246"
            )),
        }
    }

    /// Every house rule's value (the standard game's; none for the courses).
    pub fn house(self) -> std::collections::BTreeMap<String, String> {
        match self {
            Rules::Standard(c) => standard::house::values(&c),
            _ => Default::default(),
        }
    }

    /// The score that wins.
    pub fn points_to_win(self) -> u32 {
        self.state(0).config.points_to_win
    }

    /// A new game dealt from `cards`: a seed (the course's own shuffle, so
    /// a seed deals the same game again), or a secret key (ChaCha20, the
    /// same for every course: a deal no seat can compute).
    pub fn state_from(self, cards: standard::Cards) -> State {
        match cards {
            standard::Cards::Key(key) => {
                let mut state = self.state(0);
                state.deck = standard::keyed_deck(key);
                state
            }
            standard::Cards::Seed(s) | standard::Cards::Fixed(_, s) => self.state(s),
        }
    }

    /// A new game of deal `seed`.
    pub fn state(self, seed: u32) -> State {
        match self {
            Rules::Standard(c) => State::new(c, standard::deck(seed)),
            Rules::Eecs280 => {
                let mut rng = Mt::new(seed);
                let mut pack: Vec<Card> = all_cards().collect();
                for i in (1..pack.len()).rev() {
                    pack.swap(i, (rng.next_u32() as usize) % (i + 1));
                }
                let pack: [Card; 24] = pack.try_into().expect("24 cards");
                State::new(eecs280::config(10), eecs280::deck(pack, true))
            }
            Rules::Cs246 => State::new(
                cs246::config(&cs246::Options::default()),
                Deck::twister(i64::from(seed), cs246::initial_deck(), 0),
            ),
        }
    }
}

/// Who plays for a team: a bot, or a program speaking the seat protocol
/// (docs/seat-protocol.md), started for each seat of each game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    Bot(Bot),
    Program(String),
}

impl Entrant {
    /// `exec:PROGRAM` or a bot's name.
    pub fn parse(s: &str) -> Result<Entrant, String> {
        match s.strip_prefix("exec:") {
            Some(p) if !p.is_empty() => {
                upcard_seat::program_seat::command_words(p)?;
                Ok(Entrant::Program(p.to_string()))
            }
            _ => Bot::find(s).map(Entrant::Bot).ok_or_else(|| {
                format!(
                    "there is no bot {s:?}; the bots are {} (or exec:PROGRAM)",
                    Bot::ALL.map(|b| b.name()).join(", ")
                )
            }),
        }
    }

    pub fn name(&self) -> String {
        match self {
            Entrant::Bot(b) => b.name().to_string(),
            Entrant::Program(p) => format!("exec:{p}"),
        }
    }
}

/// Where a match's deals come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deals {
    /// `--seed S`: deal d is the course's shuffle of seed S + d, the same
    /// games again anywhere (tests, replays).
    Seed(u32),
    /// The default: deal d from a key derived from a secret of 256 random
    /// bits made for the match: no seat, program or bot can compute a hand
    /// it does not see.
    Secret([u8; 32]),
}

impl Deals {
    /// `--seed S`, or without one a new secret from the system.
    pub fn from_seed(seed: Option<u32>) -> Result<Deals, String> {
        Ok(match seed {
            Some(s) => Deals::Seed(s),
            None => Deals::Secret(standard::fresh_key()?),
        })
    }

    /// The state of deal `d`.
    fn state(self, rules: Rules, d: u32) -> State {
        match self {
            Deals::Seed(s) => rules.state(s.wrapping_add(d)),
            Deals::Secret(k) => rules.state_from(standard::Cards::Key(upcard_engine::derive_key(
                k,
                u64::from(d),
            ))),
        }
    }

    /// The seed of the bots' own choices at `seat` in deal `d`.
    fn bot_seed(self, d: u32, seat: usize) -> u32 {
        let base = match self {
            Deals::Seed(s) => s.wrapping_add(d),
            // From the deal's key's stream 1, not its cards' stream.
            Deals::Secret(k) => {
                let b = upcard_engine::derive_key(upcard_engine::derive_key(k, u64::from(d)), 1);
                u32::from_le_bytes([b[0], b[1], b[2], b[3]])
            }
        };
        base.wrapping_mul(0x9E37_79B9).wrapping_add(seat as u32)
    }

    /// Deal `d` as the reports number it: its seed under `--seed` (the
    /// number that deals it again), else its place in the match.
    fn number(self, d: u32) -> u32 {
        match self {
            Deals::Seed(s) => s.wrapping_add(d),
            Deals::Secret(_) => d,
        }
    }

    /// The seed, when one was given.
    pub fn seed(self) -> Option<u32> {
        match self {
            Deals::Seed(s) => Some(s),
            Deals::Secret(_) => None,
        }
    }

    /// How the reports name them: `seed 3`, or `secret deals`.
    pub fn words(self) -> String {
        match self {
            Deals::Seed(s) => format!("seed {s}"),
            Deals::Secret(_) => "secret deals".into(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Match {
    /// The two teams' players: `bots[0]` is team 0's, `bots[1]` team 1's.
    pub bots: [Entrant; 2],
    pub games: u32,
    pub deals: Deals,
    pub rules: Rules,
    pub jobs: usize,
    /// How hard the search bots think.
    pub strength: Strength,
    /// How long a program may take to answer.
    pub timeout: Duration,
    /// What plays on when a program faults (`end` stops that game).
    pub on_fault: OnFault,
    /// The command line that ran the match, for the JSON report.
    pub command: String,
    /// A folder to write each game to, as a Euchre Game Notation record.
    pub record: Option<std::path::PathBuf>,
    /// Clock each decision and report the times (`--timings`). Off, a
    /// bot's decisions are not timed at all: the clock was a third of a
    /// random match's time.
    pub timings: bool,
    /// How programs are started (in the sandbox unless `--no-sandbox`).
    pub launch: upcard_seat::program_seat::Launch,
}

/// One fault of a team's program, where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultAt {
    pub game: u32,
    pub deal: u32,
    pub seat: usize,
    pub kind: FaultKind,
    pub message: String,
}

/// One game's result, from the bots' point of view.
#[derive(Clone, Debug, Default)]
pub(crate) struct Played {
    /// Which bot's team won (None: a fault stopped the game, `--on-fault
    /// end`, or it was unfinished).
    pub winner: Option<usize>,
    /// Still undecided after `MAX_HANDS` hands: won by neither.
    pub unfinished: bool,
    pub hands: u32,
    /// Points each bot's team scored.
    pub points: [u32; 2],
    /// Each bot's decision times (a program's: the round trip of a decide).
    pub times: [Vec<Duration>; 2],
    /// Each program's start-up times (spawn to its first answer).
    pub startups: [Vec<Duration>; 2],
    pub faults: [Vec<FaultAt>; 2],
    /// The end of each program's standard error after its last fault.
    pub stderr: [Option<String>; 2],
}

/// A program at a seat of one game: its bot, its seat number, the deals
/// its process has played (this one included) and the seat itself.
type SeatedProgram = (usize, usize, Vec<u32>, Rc<RefCell<ProgramSeat>>);

/// Programs that stay (`"stay": true`), idle between games, by command,
/// each with the deals it has played: a program that stays never plays
/// both halves of a duplicate pair (the second time, the hands it held are
/// its opponents', and it would know them).
type Pool = std::sync::Mutex<Vec<(String, Vec<u32>, Connection)>>;

/// Times each decision of the agent it wraps.
struct Timed {
    inner: Box<dyn Agent>,
    times: std::rc::Rc<std::cell::RefCell<Vec<Duration>>>,
}

impl Agent for Timed {
    fn choose(
        &mut self,
        obs: &Observation,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let start = Instant::now();
        let d = self.inner.choose(obs, legal, notes);
        self.times.borrow_mut().push(start.elapsed());
        d
    }
}

/// Counts hands and each team's points as the game goes.
#[derive(Default)]
struct Tally {
    hands: u32,
    points: [u32; 2],
}

impl EventSink for Tally {
    fn event(&mut self, e: &upcard_engine::Event) {
        if let upcard_engine::Event::HandOver { winner, points, .. } = e {
            self.hands += 1;
            self.points[*winner] += points;
        }
    }
    fn quiet(&self) -> bool {
        true
    }
}

/// A tally, and every event when the game is recorded.
struct Recording {
    tally: Tally,
    events: Option<Vec<upcard_engine::Event>>,
}

impl EventSink for Recording {
    fn event(&mut self, e: &upcard_engine::Event) {
        self.tally.event(e);
        if let Some(v) = &mut self.events {
            v.push(e.clone());
        }
    }
    fn quiet(&self) -> bool {
        self.events.is_none()
    }
    // A record holds the moves, not the bots' reasons: no event per decision.
    fn takes_why(&self) -> bool {
        false
    }
}

impl Match {
    /// Writes game `g` (its `events`) to the record folder.
    fn write_record(
        &self,
        dir: &std::path::Path,
        g: u32,
        deal: u32,
        swapped: bool,
        config: &Config,
        events: &[upcard_engine::Event],
    ) -> Result<(), String> {
        let names: [String; 4] = std::array::from_fn(|seat| {
            let b = (seat % 2) ^ usize::from(swapped);
            format!("{} ({})", self.bots[b].name(), standard::SEATS[seat])
        });
        let path = dir.join(format!("game-{g:06}.egn"));
        let title = format!("upcard arena game {g} (deal {deal})");
        let description = format!(
            "{} against {}, {} rules, {}",
            self.bots[0].name(),
            self.bots[1].name(),
            self.rules.name(),
            self.deals.words()
        );
        upcard_replay::egn::write::save_played(
            &path,
            Some(&title),
            &description,
            &names,
            config,
            events,
        )
        .map_err(|e| format!("game {g}: --record: {e}"))
    }

    /// A seat for a program in deal `deal`: one that stayed from an
    /// earlier game if there is one that has not played this deal, greeted
    /// again, else started now; with the deals its process has played.
    fn program_seat(
        &self,
        command: &str,
        label: String,
        hello: &Hello,
        seed: u32,
        deal: u32,
        pool: &Pool,
    ) -> (ProgramSeat, Vec<u32>) {
        let (fallback, fallback_name) = self.on_fault.agent(seed);
        let idle = {
            let mut p = pool.lock().unwrap_or_else(|e| e.into_inner());
            p.iter()
                .position(|(c, seen, _)| c == command && !seen.contains(&deal))
                .map(|i| p.swap_remove(i))
        };
        if let Some((_, seen, conn)) = idle
            && let Some(conn) = conn.reuse(label.clone())
        {
            let seat = ProgramSeat::new(conn, hello, self.timeout, fallback, fallback_name);
            return (seat, seen);
        }
        let seat = ProgramSeat::start(
            command,
            &self.launch,
            label,
            hello,
            self.timeout,
            fallback,
            fallback_name,
        );
        (seat, Vec::new())
    }

    /// Game `g`: deal `g / 2`, the first bot at seats 0 and 2 when `g` is
    /// even and at 1 and 3 when it is odd.
    fn play(&self, g: u32, pool: &Pool) -> Result<Played, String> {
        // The deal's place in the match, and the number reports give it.
        let (index, deal) = (g / 2, self.deals.number(g / 2));
        let swapped = g % 2 == 1;
        let times: [std::rc::Rc<std::cell::RefCell<Vec<Duration>>>; 2] = Default::default();
        let names = standard::SEATS.map(String::from);
        let state = self.deals.state(self.rules, index);
        let mut programs: Vec<SeatedProgram> = Vec::new();
        let agents: Vec<Box<dyn Agent>> = (0..4)
            .map(|seat| {
                // Which bot sits here.
                let b = (seat % 2) ^ usize::from(swapped);
                let seed = self.deals.bot_seed(index, seat);
                match &self.bots[b] {
                    Entrant::Bot(bot) if self.timings => Box::new(Timed {
                        inner: bot.agent_with(seed, self.strength),
                        times: times[b].clone(),
                    }) as Box<dyn Agent>,
                    Entrant::Bot(bot) => bot.agent_with(seed, self.strength),
                    Entrant::Program(p) => {
                        let mut hello = Hello::new(
                            seat,
                            &names,
                            self.rules.name(),
                            state.config.points_to_win,
                            self.rules.house(),
                        );
                        hello.game = g;
                        let label = format!("game {g}, deal {deal}, seat {seat} (exec:{p})");
                        let (ps, mut seen) = self.program_seat(p, label, &hello, seed, deal, pool);
                        seen.push(deal);
                        let ps = Rc::new(RefCell::new(ps));
                        programs.push((b, seat, seen, ps.clone()));
                        Box::new(Shared(ps))
                    }
                }
            })
            .collect();
        let config = state.config;
        let mut game = Game::new(state, names, agents);
        let mut sink = Recording {
            tally: Tally::default(),
            events: self.record.as_ref().map(|_| Vec::new()),
        };
        // A game still undecided after MAX_HANDS hands (every hand passed
        // out, with no stick-the-dealer) is unfinished: won by neither, and
        // the match goes on.
        let outcome = match game.run(&mut sink) {
            Ok(o) => Some(o),
            Err(EngineError::TooLong { .. }) => None,
            Err(e) => return Err(format!("game {g}: {e}")),
        };
        drop(game);
        if let (Some(dir), Some(events)) = (&self.record, &sink.events) {
            self.write_record(dir, g, deal, swapped, &config, events)?;
        }
        let tally = sink.tally;
        let of_bot = |t: usize| t ^ usize::from(swapped);
        let mut played = Played {
            winner: match outcome {
                Some(Outcome::Won { team, .. }) => Some(of_bot(team)),
                Some(Outcome::Quit) | None => None,
            },
            unfinished: outcome.is_none(),
            hands: tally.hands,
            ..Played::default()
        };
        for t in 0..2 {
            played.points[of_bot(t)] = tally.points[t];
        }
        for (b, t) in times.iter().enumerate() {
            played.times[b] = t.take();
        }
        self.collect_programs(programs, g, deal, pool, &mut played);
        Ok(played)
    }

    /// What the programs of game `g` did (their times, start-ups, faults
    /// and standard error) into `played`; those that stay go back to the pool.
    fn collect_programs(
        &self,
        programs: Vec<SeatedProgram>,
        g: u32,
        deal: u32,
        pool: &Pool,
        played: &mut Played,
    ) {
        for (b, seat, seen, ps) in programs {
            let mut ps = ps.borrow_mut();
            let log = ps.log();
            played.times[b].extend(log.decisions);
            played.startups[b].extend(log.startups);
            if log.stderr.is_some() {
                played.stderr[b] = log.stderr;
            }
            played.faults[b].extend(log.faults.into_iter().map(|f| FaultAt {
                game: g,
                deal,
                seat,
                kind: f.kind,
                message: f.message,
            }));
            if let (Some(conn), Entrant::Program(p)) = (ps.take_kept(), &self.bots[b]) {
                pool.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((p.clone(), seen, conn));
            }
        }
    }

    pub fn run(&self) -> Result<Report, String> {
        if let Some(dir) = &self.record {
            std::fs::create_dir_all(dir).map_err(|e| format!("--record {}: {e}", dir.display()))?;
        }
        let start = Instant::now();
        let tasks: Vec<(&Match, u32)> = (0..self.games).map(|g| (self, g)).collect();
        let games = play_all(&tasks, self.jobs);
        let elapsed = start.elapsed();
        let games = games?;
        let hands: u32 = games.iter().map(|g| g.hands).sum();
        let teams = [0, 1].map(|b| {
            let won = games.iter().filter(|g| g.winner == Some(b)).count() as u32;
            let mut startups: Vec<Duration> = games
                .iter()
                .flat_map(|g| g.startups[b].iter().copied())
                .collect();
            TeamReport {
                bot: self.bots[b].name(),
                games_won: won,
                win_rate: f64::from(won) / f64::from(self.games.max(1)),
                ci95: wilson(won, self.games),
                points_per_hand: f64::from(games.iter().map(|g| g.points[b]).sum::<u32>())
                    / f64::from(hands.max(1)),
                decision_ms: self.timings.then(|| {
                    let mut times: Vec<Duration> = games
                        .iter()
                        .flat_map(|g| g.times[b].iter().copied())
                        .collect();
                    percentiles_ms(&mut times)
                }),
                startups: startups.len(),
                startup_median_ms: percentile_ms(&mut startups, 0.5),
                faults: games.iter().flat_map(|g| g.faults[b].clone()).collect(),
            }
        });
        Ok(Report {
            games: self.games,
            stopped: games
                .iter()
                .filter(|g| g.winner.is_none() && !g.unfinished)
                .count() as u32,
            unfinished: games.iter().filter(|g| g.unfinished).count() as u32,
            hands,
            hands_per_second: f64::from(hands) / elapsed.as_secs_f64().max(1e-9),
            teams,
            rules: self.rules,
            deals: self.deals,
            strength: self.strength,
            seat_timeout: self.timeout,
            on_fault: self.on_fault.spec(),
            command: self.command.clone(),
        })
    }
}

/// Plays each `(match, game)` of `tasks`, `jobs` at once, and returns the
/// results in task order (so they do not depend on `jobs`). Programs that
/// stay are handed from game to game of one command; when every game is
/// played their input closes and each has the grace period to exit.
pub(crate) fn play_all(tasks: &[(&Match, u32)], jobs: usize) -> Result<Vec<Played>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let idle = Pool::default();
    let games: Result<Vec<Played>, String> =
        pool.install(|| tasks.par_iter().map(|&(m, g)| m.play(g, &idle)).collect());
    let left: Vec<(String, Vec<u32>, Connection)> =
        std::mem::take(&mut *idle.lock().unwrap_or_else(|e| e.into_inner()));
    pool.install(|| left.into_par_iter().for_each(|(_, _, c)| c.close()));
    games
}

/// The `q` quantile (0.5: the median) of `times`, in milliseconds: the
/// time at its rank, found by selection (linear), not by sorting them all.
/// Reorders `times`.
pub(crate) fn percentile_ms(times: &mut [Duration], q: f64) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    let rank = ((times.len() as f64 - 1.0) * q).round() as usize;
    times.select_nth_unstable(rank).1.as_secs_f64() * 1000.0
}

/// The median and the 99th percentile of `times`, in milliseconds.
pub(crate) fn percentiles_ms(times: &mut [Duration]) -> [f64; 2] {
    [0.5, 0.99].map(|q| percentile_ms(times, q))
}

/// How many of `kinds` are of each kind, in `FaultKind::ALL`'s order, the
/// kinds that did not occur left out.
pub(crate) fn count_kinds(
    kinds: impl Iterator<Item = FaultKind> + Clone,
) -> Vec<(FaultKind, usize)> {
    FaultKind::ALL
        .iter()
        .map(|&k| (k, kinds.clone().filter(|f| *f == k).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// The Wilson score interval for `k` successes in `n` trials, at 95%.
pub fn wilson(k: u32, n: u32) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let (k, n, z) = (f64::from(k), f64::from(n), 1.959_964);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

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
        let changed: Vec<String> = match self.rules {
            Rules::Standard(c) => standard::house::changed(&c)
                .iter()
                .map(|(r, v)| format!("{}={v}", r.name()))
                .collect(),
            _ => Vec::new(),
        };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        let [lo, hi] = wilson(60, 100);
        assert!(
            (lo - 0.502).abs() < 0.001 && (hi - 0.691).abs() < 0.001,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
    }

    #[test]
    fn duplicate_games_swap_the_seats_and_the_same_seed_gives_the_same_games() {
        let m = Match {
            bots: [Entrant::Bot(Bot::Simple), Entrant::Bot(Bot::Computer)],
            games: 6,
            deals: Deals::Seed(9),
            rules: Rules::Standard(standard::config()),
            jobs: 2,
            strength: Strength {
                samples: 4,
                think: None,
            },
            timeout: Duration::from_secs(5),
            on_fault: OnFault::Bot(Bot::Computer),
            command: String::new(),
            record: None,
            timings: false,
            launch: upcard_seat::program_seat::Launch::TRUSTED,
        };
        let a = m.run().unwrap();
        let b = Match {
            jobs: 1,
            ..m.clone()
        }
        .run()
        .unwrap();
        assert_eq!(a.teams[0].games_won, b.teams[0].games_won);
        assert_eq!(a.hands, b.hands);
        assert_eq!(a.teams[0].games_won + a.teams[1].games_won, 6);
        // The same bot on both sides of every deal wins exactly half.
        let mirror = Match {
            bots: [Entrant::Bot(Bot::Simple), Entrant::Bot(Bot::Simple)],
            ..m
        }
        .run()
        .unwrap();
        assert_eq!(mirror.teams[0].games_won, 3);
    }
}
