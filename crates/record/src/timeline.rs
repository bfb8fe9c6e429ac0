//! A game played forward once, every move kept with the state after it, so
//! stepping back is free (the engine is deterministic; keeping the states
//! costs a few hundred small clones per game).

use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use upcard_engine::mutants::Switch;
use upcard_engine::{Event, EventSink, Phase, State};
use upcard_rules::agents::Game;
use upcard_rules::courses::Setup;
use upcard_rules::input::Tokens;
use upcard_rules::transcript::Transcript;

use crate::notation::point::Point;

/// Where a timeline's game comes from: a scenario's file, name and words,
/// and its setup with the Human answers, from which the game starts again
/// and a state is saved as the course's save file.
#[derive(Clone, Debug)]
pub struct Source {
    /// The scenario file.
    pub path: PathBuf,
    pub name: String,
    pub description: String,
    pub setup: Arc<dyn Setup>,
    /// Standard input for Human players.
    pub input: String,
}

impl Source {
    /// The game, not yet played, and its printer, under the rule mutant
    /// `switch` (the rules: `Switch::OFF`).
    pub fn start(&self, switch: Switch) -> (Game, Box<dyn Transcript>) {
        let input = Tokens::from_text(&self.input).shared();
        self.setup.start(&input, switch)
    }

    /// The course this game is played under.
    pub fn course(&self) -> &'static str {
        self.setup.course().name()
    }
}

/// A point as the user writes it: `hand:trick:play`, or a move number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Point(Point),
    Move(usize),
}

impl std::str::FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        let bad = || {
            format!(
                "{s:?} is not a point: write HAND:TRICK:PLAY (e.g. 0:2:3; trick 0 is making trump) or a move number"
            )
        };
        let parts: Vec<&str> = s.split(':').collect();
        match parts.as_slice() {
            [n] => n.parse().map(Target::Move).map_err(|_| bad()),
            [h, t, p] => Ok(Target::Point(Point {
                hand: h.parse().map_err(|_| bad())?,
                trick: t.parse().map_err(|_| bad())?,
                play: p.parse().map_err(|_| bad())?,
            })),
            _ => Err(bad()),
        }
    }
}

/// One move and what things looked like after it.
#[derive(Clone, Debug)]
pub struct Move {
    /// From 1.
    pub number: usize,
    pub point: Point,
    pub event: Event,
    /// Where `event` stands in [`Timeline::events`].
    pub event_index: usize,
    /// The strategy rule behind a computer's decision.
    pub why: Option<&'static str>,
    /// The state when the engine step that made this move ended (its deck
    /// included: a save taken here continues the game exactly).
    pub state: State,
    /// The state when that engine step began (what the player saw).
    pub before: State,
    /// Transcript bytes printed by this move's engine step (shown on its last move).
    pub printed: Range<usize>,
    /// Events up to the end of this move's engine step.
    pub events_end: usize,
}

/// A whole game, move by move.
pub struct Timeline {
    /// The game's source, from which it starts again.
    pub source: Source,
    /// The state before the first move.
    pub initial: State,
    /// The players' names, by seat.
    pub names: [String; 4],
    pub moves: Vec<Move>,
    pub events: Vec<Event>,
    pub transcript: Vec<u8>,
    /// Why the game stopped early, if it did.
    pub error: Option<String>,
    /// The game stopped because its record holds no more (a one-deal or
    /// partial record, all of it replayed), not because it cannot go on.
    pub record_ends: bool,
    /// Transcript bytes printed before the first event (EECS 280's command line).
    pub header_end: usize,
    /// For each event, the transcript's length once it was printed: the
    /// lines of `transcript[event_ends[i-1]..event_ends[i]]` are event i's.
    pub event_ends: Vec<usize>,
    /// Notes at moves (a record's annotations), shown with the move.
    pub notes: std::collections::BTreeMap<Point, Vec<String>>,
    /// By hand number, cards the source does not know: dealt so the game is
    /// whole, shown as `??`.
    pub unknown: std::collections::BTreeMap<u32, Vec<upcard_engine::cards::Card>>,
    /// The rules the source declares, when the game is played under others
    /// (an EGN record that goes on past its winning score is played to a
    /// higher one).
    pub declared: Option<upcard_engine::Config>,
    /// Alternative lines (an EGN record's analysis): each a game of its own
    /// that leaves this one at a move.
    pub lines: Vec<Line>,
}

/// An alternative line: its own timeline, leaving the game at move `at`
/// (an index into the game's moves), where the line's move `from` is made
/// instead.
pub struct Line {
    pub at: usize,
    pub from: usize,
    pub timeline: Timeline,
}

impl Timeline {
    /// Whether `card` is one the source does not know, in hand `hand`.
    pub fn is_unknown(&self, hand: u32, card: upcard_engine::cards::Card) -> bool {
        self.unknown.get(&hand).is_some_and(|u| u.contains(&card))
    }

    /// What printed byte `offset` of the transcript: None for what was printed
    /// before any event, else the event's index.
    pub fn event_at(&self, offset: usize) -> Option<usize> {
        if offset < self.header_end {
            return None;
        }
        self.event_ends.iter().position(|&end| end > offset)
    }

    /// The move that is event `i` (Ok), or else the first move after it (Err).
    pub fn move_of_event(&self, i: usize) -> Result<usize, Option<usize>> {
        match self.moves.iter().position(|m| m.event_index >= i) {
            Some(k) if self.moves[k].event_index == i => Ok(k),
            next => Err(next),
        }
    }
}

/// A move of a replay, a step it shows: hands' and games' endings are
/// moves here, unlike the engine's [`Event::is_move`] (what a tally skips).
fn is_move(e: &Event) -> bool {
    matches!(
        e,
        Event::Passed { .. }
            | Event::Ordered { .. }
            | Event::Discarded { .. }
            | Event::Nullified { .. }
            | Event::Led { .. }
            | Event::Played { .. }
            | Event::Renege { .. }
            | Event::RageQuit { .. }
            | Event::TrickTaken { .. }
            | Event::HandOver { .. }
            | Event::GameOver { .. }
            | Event::Quit { .. }
    )
}

fn is_decision(e: &Event) -> bool {
    matches!(
        e,
        Event::Passed { .. }
            | Event::Ordered { .. }
            | Event::Discarded { .. }
            | Event::Led { .. }
            | Event::Played { .. }
    )
}

/// Each event of an engine step, and the transcript's length once the
/// printer has printed it.
struct StepEvents<'a> {
    printer: &'a mut dyn Transcript,
    events: Vec<Event>,
    ends: Vec<usize>,
}

impl EventSink for StepEvents<'_> {
    fn event(&mut self, e: &Event) {
        self.printer.event(e);
        self.events.push(e.clone());
        self.ends.push(self.printer.bytes().len());
    }
    fn flush(&mut self) {
        self.printer.flush();
    }
}

/// The state `before` a step with just its card `event` made: the card on
/// the table, out of its hand, and the trick complete (its taking is the
/// step's next move). Other events leave `before` as it was.
fn after_card(before: &State, event: &Event) -> State {
    let mut s = before.clone();
    if let Event::Led { seat, card } | Event::Played { seat, card } = *event
        && let Some(at) = s.hands[seat].find(&card)
    {
        s.hands[seat].remove(at);
        s.trick.push((seat, card));
        if let Phase::Trick { .. } = s.phase {
            s.phase = Phase::Trick {
                turn: seat,
                turns: 4,
            };
        }
    }
    s
}

/// Where a timeline starts: a new hand, or the middle of a save file's.
fn start_point(initial: &State) -> Point {
    Point {
        hand: initial.hand_no,
        trick: initial.tricks_played() + u8::from(!initial.trick.is_empty()),
        // Moves already made in this trick, or in making trump when a save
        // file starts mid-bidding (its passes are moves not replayed here).
        play: match initial.phase {
            Phase::Bidding { round, passes, .. } => passes + 4 * (round - 1),
            _ => initial.trick.len() as u8,
        },
    }
}

/// Where the game stands as its events go by, and the strategy rule
/// behind the decision to come.
struct Cursor {
    point: Point,
    why: Option<&'static str>,
}

impl Cursor {
    /// Follows event `e`: a move gets its place and, a decision, its rule.
    fn follow(&mut self, e: &Event) -> Option<(Point, Option<&'static str>)> {
        match e {
            Event::HandStart { hand, .. } => {
                self.point = Point {
                    hand: *hand,
                    trick: 0,
                    play: 0,
                }
            }
            Event::Led { .. } => {
                self.point.trick += 1;
                self.point.play = 0;
            }
            Event::Why { rule, .. } => self.why = Some(*rule),
            _ => {}
        }
        if !is_move(e) {
            return None;
        }
        self.point.play += 1;
        let why = if is_decision(e) {
            self.why.take()
        } else {
            None
        };
        Some((self.point, why))
    }
}

/// What one step of the game printed and emitted, for placing its moves.
struct Shown<'a> {
    /// The index of the step's first event in the timeline's.
    base: usize,
    /// The timeline's events after the step.
    events_end: usize,
    /// Where the printed text stood after each of the step's events.
    ends: &'a [usize],
    /// Where it stood after the step.
    printed_end: usize,
}

impl Shown<'_> {
    /// Gives the step's moves their printed text and events: each its own
    /// lines, the last also those of the steps with no move before it.
    fn place(&self, moves: &mut [Move], shown_until: &mut usize) {
        let count = moves.len();
        for (j, m) in moves.iter_mut().enumerate() {
            m.events_end = self.events_end;
            if j + 1 < count {
                // A step can hold several moves (the trick's last card, then
                // its taking): each shows what it printed, and a card played
                // shows on the table before the trick is taken.
                let upto = self.ends[m.event_index - self.base];
                m.printed = *shown_until..upto;
                *shown_until = upto;
                m.state = after_card(&m.before, &m.event);
            } else {
                // A step's lines (and those of steps with no move, like
                // dealing) are shown with the last move they led up to.
                m.printed = *shown_until..self.printed_end;
                *shown_until = self.printed_end;
            }
        }
    }
}

/// Plays the game of `source` to its end, keeping every move.
pub fn record(source: Source) -> Timeline {
    let (mut game, mut printer) = source.start(Switch::OFF);
    let initial = game.state.clone();
    let header_end = printer.bytes().len();
    let mut event_ends = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    let mut events = Vec::new();
    let mut cursor = Cursor {
        point: start_point(&initial),
        why: None,
    };
    let mut shown_until = 0;
    let error = loop {
        // A game that would not end stops, as `play` stops it.
        let limit = upcard_rules::agents::MAX_HANDS;
        if game.state.hand_no.saturating_sub(initial.hand_no) >= limit {
            break Some(upcard_rules::agents::EngineError::TooLong { hands: limit }.to_string());
        }
        let before = printer.bytes().len();
        let state_before = game.state.clone();
        let mut step = StepEvents {
            printer: &mut *printer,
            events: Vec::new(),
            ends: Vec::new(),
        };
        let r = game.step(&mut step);
        let StepEvents {
            events: step_events,
            ends,
            ..
        } = step;
        event_ends.extend(ends.iter().copied());
        let printed = before..printer.bytes().len();
        let first_new = moves.len();
        for (k, e) in step_events.iter().enumerate() {
            let Some((point, why)) = cursor.follow(e) else {
                continue;
            };
            moves.push(Move {
                number: moves.len() + 1,
                point,
                event: e.clone(),
                event_index: events.len() + k,
                why,
                state: game.state.clone(),
                before: state_before.clone(),
                printed: printed.end..printed.end,
                events_end: 0,
            });
        }
        let base = events.len();
        events.extend(step_events);
        let shown = Shown {
            base,
            events_end: events.len(),
            ends: &ends,
            printed_end: printed.end,
        };
        shown.place(&mut moves[first_new..], &mut shown_until);
        match r {
            Ok(true) => {}
            Ok(false) => break None,
            Err(e) => break Some(e.to_string()),
        }
    };
    Timeline {
        names: game.names.clone().map(String::from),
        source,
        initial,
        moves,
        events,
        transcript: printer.finish(),
        header_end,
        event_ends,
        error,
        record_ends: false,
        notes: Default::default(),
        unknown: Default::default(),
        declared: None,
        lines: Vec::new(),
    }
}

impl Timeline {
    /// The index of the move at `target`.
    pub fn find(&self, target: Target) -> Result<usize, String> {
        let found = match target {
            Target::Move(n) => (1..=self.moves.len()).contains(&n).then(|| n - 1),
            Target::Point(p) => self.moves.iter().position(|m| m.point == p),
        };
        found.ok_or_else(|| match (self.moves.first(), self.moves.last()) {
            (Some(a), Some(b)) => format!(
                "no move at {} in this game: moves run from 1 ({}) to {} ({})",
                match target {
                    Target::Move(n) => n.to_string(),
                    Target::Point(p) => p.to_string(),
                },
                a.point,
                self.moves.len(),
                b.point
            ),
            _ => "this game has no moves".to_string(),
        })
    }

    /// The state after move `i` as the course's save file (CS 246, with
    /// upcard's extension line), which continues the game exactly.
    ///
    /// A move that shares its step with the next (a trick's last card, then
    /// its taking) is saved with the whole step made: a save file has no
    /// place for a full trick, and the game continues from the step's end.
    pub fn save_at(&self, i: usize) -> Result<String, String> {
        let m = &self.moves[i];
        let state = &self.moves[i..]
            .iter()
            .take_while(|x| x.events_end == m.events_end)
            .last()
            .unwrap_or(m)
            .state;
        if state.phase == Phase::Quit {
            return Err(format!(
                "move {} ends the program (q); there is nothing to continue",
                m.number
            ));
        }
        self.source.setup.save(state)
    }
}
