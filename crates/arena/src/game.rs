//! One game of a match at its table: its seats (bots, programs, and the
//! programs that stay from game to game), its tally and record.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use upcard_bots::Seated;
use upcard_engine::{Action, Config, EventSink, Outcome};
use upcard_rules::agents::{Agent, Decision, EngineError, Game, PlayerError, Seen};
use upcard_rules::courses::standard;
use upcard_seat::program_seat::{Connection, ProgramSeat, Shared};
use upcard_seat::protocol::Hello;

use super::{Entrant, FaultAt, Match, Played};

/// A program at a seat of one game: its bot, its seat number, the deals
/// its process has played (this one included) and the seat itself.
type SeatedProgram = (usize, usize, Vec<u32>, Rc<RefCell<ProgramSeat>>);

/// Programs that stay (`"stay": true`), idle between games, by command,
/// each with the deals it has played: a program that stays never plays
/// both halves of a duplicate pair (the second time, the hands it held are
/// its opponents', and it would know them).
pub(super) type Pool = std::sync::Mutex<Vec<(String, Vec<u32>, Connection)>>;

/// Times each decision of the agent it wraps.
struct Timed {
    inner: Box<dyn Agent>,
    times: Rc<RefCell<Vec<Duration>>>,
}

impl Agent for Timed {
    fn choose(
        &mut self,
        obs: &Seen,
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
    // A tally reads only how hands end: unrecorded, no move is built.
    fn takes_moves(&self) -> bool {
        self.events.is_some()
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
        upcard_record::write::save_played(&path, Some(&title), &description, &names, config, events)
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
    pub(super) fn play(&self, g: u32, pool: &Pool) -> Result<Played, String> {
        // The deal's place in the match, and the number reports give it.
        let (index, deal) = (g / 2, self.deals.number(g / 2));
        let swapped = g % 2 == 1;
        // Only when timed: two shared lists a game were two allocations.
        let times: Option<[Rc<RefCell<Vec<Duration>>>; 2]> = self.timings.then(Default::default);
        let (state, seeds) = self.deals.deal(self.rules, index);
        let mut programs: Vec<SeatedProgram> = Vec::new();
        let agents: Vec<Seated> = (0..4)
            .map(|seat| {
                // Which bot sits here.
                let b = (seat % 2) ^ usize::from(swapped);
                let seed = seeds[seat];
                match (&self.bots[b], &times) {
                    (Entrant::Bot(bot), Some(times)) => Seated::Boxed(Box::new(Timed {
                        inner: bot.agent_with(seed, self.strength),
                        times: times[b].clone(),
                    })),
                    (Entrant::Bot(bot), None) => bot.seated(seed, self.strength),
                    (Entrant::Program(p), _) => {
                        let mut hello = Hello::new(
                            seat,
                            &standard::SEATS.map(String::from),
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
                        Seated::Boxed(Box::new(Shared(ps)))
                    }
                }
            })
            .collect();
        let config = state.config;
        // The seats' names borrowed: four strings a game were four
        // allocations and four frees.
        let mut game = Game::new(state, standard::SEATS, agents);
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
        let mut played = Played::default();
        played.winner = match outcome {
            Some(Outcome::Won { team, .. }) => Some(of_bot(team) as u8),
            Some(Outcome::Quit) | None => None,
        };
        played.unfinished = outcome.is_none();
        played.hands = tally.hands;
        for t in 0..2 {
            played.points[of_bot(t)] = tally.points[t];
        }
        for (b, t) in times.iter().flatten().enumerate() {
            let t = t.take();
            if !t.is_empty() {
                played.log_mut(b).times = t;
            }
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
            let kept = played.log_mut(b);
            kept.times.extend(log.decisions);
            kept.startups.extend(log.startups);
            if log.stderr.is_some() {
                kept.stderr = log.stderr;
            }
            kept.faults.extend(log.faults.into_iter().map(|f| FaultAt {
                game: g,
                deal,
                seat,
                kind: f.kind,
                message: f.message,
            }));
            if let (Some(mut conn), Entrant::Program(p)) = (ps.take_kept(), &self.bots[b]) {
                // Idle, it runs nothing: it cannot watch its deal's other half.
                conn.park();
                pool.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((p.clone(), seen, conn));
            }
        }
    }
}
