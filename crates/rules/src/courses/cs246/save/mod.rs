//! CS 246 save files as game states: checks, loading and writing, over the
//! file's tokens (`raw.rs`).

mod raw;

use super::POINTS_TO_WIN;
use std::fmt::Write as _;
use upcard_engine::mutants::Mutant;

use raw::{Located, RawSave, parse_save};
use upcard_engine::cards::{Card, Suit, short_list};
use upcard_engine::{Config, Phase, Seat, State, left_of, partner_of};
use upcard_parse::ParseError;

/// A checked save file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveFile {
    pub scores: [u32; 2],
    pub dealer: Seat,
    pub next: Seat,
    pub trump: Option<(Suit, Seat, bool)>,
    pub seed: i64,
    pub deck: [Card; 24],
    pub hands: [Vec<Card>; 4],
    pub taken: [Vec<Card>; 4],
    /// upcard's extension: where exactly the game is (absent in course files).
    pub ext: Option<Extension>,
}

/// What a save taken at any moment adds to the spec's format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extension {
    pub hand_no: u32,
    /// Shuffles drawn from the seed so far; the loader draws them again.
    pub shuffles: u64,
    pub phase: Phase,
    pub table: Vec<(Seat, Card)>,
    pub replaced: [bool; 4],
}

fn place(p: &str, seat: usize) -> String {
    format!("player {seat}'s {p}")
}

impl SaveFile {
    /// Parses and checks a save file: every card once in the deck, at most once
    /// in all hands and trick piles together, and counts a hand can have.
    pub fn parse(file: &str, text: &str) -> Result<SaveFile, ParseError> {
        let raw = parse_save(file, text)?;
        let err = |at: usize, m: String| ParseError::at(file, text, at, m);
        check(&raw, &err)?;
        let cards = |v: &Vec<Located<Card>>| v.iter().map(|c| c.value).collect::<Vec<_>>();
        Ok(SaveFile {
            scores: raw.scores,
            dealer: raw.dealer,
            next: raw.next,
            trump: raw.trump,
            seed: raw.seed,
            deck: cards(&raw.deck).try_into().expect("24 cards"),
            hands: std::array::from_fn(|p| cards(&raw.hands[p])),
            taken: std::array::from_fn(|p| cards(&raw.taken[p])),
            ext: raw.ext.as_ref().map(|e| Extension {
                hand_no: e.hand_no,
                shuffles: e.shuffles,
                phase: e.phase,
                table: e.table.iter().map(|(s, c)| (*s, c.value)).collect(),
                replaced: std::array::from_fn(|p| e.replaced.contains(&p)),
            }),
        })
    }

    /// The state of a CS 246 game at a step boundary, as a save file that
    /// continues it exactly: the deck is this hand's order and the shuffles
    /// drawn from `seed` so far.
    pub fn from_game(state: &State, seed: i64) -> SaveFile {
        let phase = state.phase;
        let next = match phase {
            Phase::Bidding { turn, .. } | Phase::Trick { turn, .. } => turn,
            Phase::Discard => state.dealer,
            _ => left_of(state.dealer),
        };
        SaveFile {
            scores: state.scores,
            dealer: state.dealer,
            next,
            trump: match (state.trump, state.maker) {
                (Some(t), Some(m)) => Some((t, m, state.alone)),
                _ => None,
            },
            seed,
            deck: *state.deck.cards(),
            hands: state.hands.each_ref().map(|h| h.to_vec()),
            taken: state.taken.each_ref().map(|h| h.to_vec()),
            ext: Some(Extension {
                hand_no: state.hand_no,
                shuffles: state.deck.shuffles(),
                phase,
                table: state.trick.to_vec(),
                replaced: state.replaced,
            }),
        }
    }

    /// The format of spec section 3, one value group per line.
    pub fn write(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{} {}", self.scores[0], self.scores[1]);
        let _ = writeln!(s, "{} {}", self.dealer, self.next);
        match self.trump {
            None => s.push_str("?\n"),
            Some((t, maker, alone)) => {
                let _ = writeln!(
                    s,
                    "{}\n{} {}",
                    t.letter(),
                    maker,
                    if alone { 't' } else { 'f' }
                );
            }
        }
        let _ = writeln!(s, "{}", self.seed);
        let _ = writeln!(s, "{}", short_list(&self.deck));
        for p in 0..4 {
            for pile in [&self.hands[p], &self.taken[p]] {
                if pile.is_empty() {
                    s.push_str("0\n");
                } else {
                    let _ = writeln!(s, "{} {}", pile.len(), short_list(pile));
                }
            }
        }
        if let Some(e) = &self.ext {
            let _ = write!(
                s,
                "upcard hand {} shuffles {} phase ",
                e.hand_no, e.shuffles
            );
            let _ = match e.phase {
                Phase::StartHand => write!(s, "start"),
                Phase::Bidding {
                    round,
                    turn,
                    passes,
                } => write!(s, "bidding {round} {turn} {passes}"),
                Phase::Discard => write!(s, "discard"),
                // CS 246 has no defending alone; the parser refuses this phase.
                Phase::Defend { .. } => write!(s, "defend"),
                Phase::Trick { turn, turns } => write!(s, "trick {turn} {turns}"),
                Phase::HandOver => write!(s, "handover"),
                Phase::Over | Phase::Quit => write!(s, "over"),
            };
            let _ = write!(s, " table {}", e.table.len());
            for (seat, c) in &e.table {
                let _ = write!(s, " {seat} {}", c.short());
            }
            let replaced: Vec<Seat> = (0..4).filter(|&p| e.replaced[p]).collect();
            let _ = write!(s, " replaced {}", replaced.len());
            for p in replaced {
                let _ = write!(s, " {p}");
            }
            s.push('\n');
        }
        s
    }

    /// Cards in no hand and no trick pile, in deck order; the first is the top card.
    pub fn kitty(&self) -> Vec<Card> {
        self.deck
            .iter()
            .copied()
            .filter(|c| !self.hands.iter().chain(&self.taken).any(|h| h.contains(c)))
            .filter(|c| {
                !self
                    .ext
                    .as_ref()
                    .is_some_and(|e| e.table.iter().any(|(_, t)| t == c))
            })
            .collect()
    }

    /// The engine state this file describes (docs/cs246-rules.md, "Save
    /// files"), its deck continuing the seed's stream. The counts were
    /// checked when parsing; `take` only keeps a bad count from panicking.
    pub fn to_state(&self, config: Config) -> State {
        let shuffles = self.ext.as_ref().map_or(0, |e| e.shuffles);
        let deck = super::deck(self.seed, self.deck, shuffles);
        let mut s = State::new(config, deck);
        s.dealer = self.dealer;
        s.scores = self.scores;
        if config.switch.on(Mutant::SaveScoresSwapped) {
            s.scores.reverse();
        }
        s.hands = self
            .hands
            .each_ref()
            .map(|h| h.iter().copied().take(6).collect());
        s.taken = self
            .taken
            .each_ref()
            .map(|h| h.iter().copied().take(20).collect());
        s.kitty = self.kitty().into_iter().take(4).collect();
        s.upcard = s.kitty.first().copied();
        if let Some(e) = &self.ext {
            s.hand_no = e.hand_no;
            s.trick = e.table.iter().copied().take(4).collect();
            s.replaced = e.replaced;
        }
        let phase = match self.trump {
            // Mid round one, the passes so far are those from the dealer's left up to `next`.
            None if config.switch.on(Mutant::SaveTurnFromDealer) => Phase::Bidding {
                round: 1,
                turn: left_of(self.dealer),
                passes: 0,
            },
            None => Phase::Bidding {
                round: 1,
                turn: self.next,
                passes: ((self.next + 4 - left_of(self.dealer)) % 4) as u8,
            },
            Some((t, maker, alone)) => {
                s.trump = Some(t);
                s.maker = Some(maker);
                s.alone = alone;
                let per_trick = if alone { 3 } else { 4 };
                for p in 0..4 {
                    s.tricks[p] = (self.taken[p].len() / per_trick) as u8;
                }
                // A save file keeps the tricks' cards, not their order: the
                // makers' are counted as the first ones (CS 246 scores by count).
                s.makers_took = upcard_engine::first_tricks(s.team_tricks(maker % 2));
                if s.tricks_played() == 5 {
                    Phase::HandOver
                } else {
                    Phase::Trick {
                        turn: self.next,
                        turns: 0,
                    }
                }
            }
        };
        s.phase = self.ext.as_ref().map_or(phase, |e| e.phase);
        s
    }
}

fn check(raw: &RawSave, err: &dyn Fn(usize, String) -> ParseError) -> Result<(), ParseError> {
    for (i, c) in raw.deck.iter().enumerate() {
        if let Some(j) = raw.deck[..i].iter().position(|d| d.value == c.value) {
            return Err(err(
                c.at,
                format!(
                    "{} is in the deck twice (cards {} and {})",
                    c.value.short(),
                    j + 1,
                    i + 1
                ),
            ));
        }
    }
    let mut seen: Vec<(Card, String)> = Vec::new();
    for p in 0..4 {
        for (what, pile) in [("hand", &raw.hands[p]), ("tricks", &raw.taken[p])] {
            for c in pile {
                let here = place(what, p);
                if let Some((_, there)) = seen.iter().find(|(d, _)| *d == c.value) {
                    return Err(err(
                        c.at,
                        format!("{} is in {there} and in {here}", c.value.short()),
                    ));
                }
                seen.push((c.value, here));
            }
        }
    }
    let table: Vec<(Seat, Located<Card>)> =
        raw.ext.as_ref().map_or(Vec::new(), |e| e.table.clone());
    for (seat, c) in &table {
        if let Some((_, there)) = seen.iter().find(|(d, _)| *d == c.value) {
            return Err(err(
                c.at,
                format!("{} is on the table and in {there}", c.value.short()),
            ));
        }
        seen.push((c.value, format!("the table (player {seat})")));
    }
    check_hands(raw, &table, err)?;
    check_ext(raw, err)
}

/// Every hand and pile is the size the declared trump says: before it, five
/// cards and no tricks; after, hands alike (a card on `table` counted with
/// its player's), tricks whole, none for a player sitting out.
fn check_hands(
    raw: &RawSave,
    table: &[(Seat, Located<Card>)],
    err: &dyn Fn(usize, String) -> ParseError,
) -> Result<(), ParseError> {
    let on_table = |p: Seat| usize::from(table.iter().any(|(s, _)| *s == p));
    let at_end = raw.taken[3]
        .last()
        .or(raw.hands[3].last())
        .map_or(0, |c| c.at);
    match raw.trump {
        None => {
            for p in 0..4 {
                if raw.hands[p].len() != 5 || !raw.taken[p].is_empty() {
                    return Err(err(
                        raw.hands[p].first().map_or(at_end, |c| c.at),
                        format!(
                            "trump is not declared (?), so player {p} must hold 5 cards and no tricks"
                        ),
                    ));
                }
            }
        }
        Some((_, maker, alone)) => {
            let out = alone.then(|| partner_of(maker));
            let per_trick = if alone { 3 } else { 4 };
            let active: Vec<Seat> = (0..4).filter(|&p| Some(p) != out).collect();
            // A card on the table came from its player's hand.
            let held = raw.hands[active[0]].len() + on_table(active[0]);
            for &p in &active {
                if raw.hands[p].len() + on_table(p) != held {
                    return Err(err(
                        raw.hands[p].first().map_or(at_end, |c| c.at),
                        format!(
                            "player {p} holds {} cards but player {} holds {held}; between tricks every playing hand is the same size",
                            raw.hands[p].len(),
                            active[0]
                        ),
                    ));
                }
                if !raw.taken[p].len().is_multiple_of(per_trick) {
                    return Err(err(
                        raw.taken[p].first().map_or(at_end, |c| c.at),
                        format!(
                            "player {p}'s tricks hold {} cards, not a multiple of {per_trick}",
                            raw.taken[p].len()
                        ),
                    ));
                }
            }
            if let Some(o) = out
                && !raw.taken[o].is_empty()
            {
                return Err(err(
                    raw.taken[o][0].at,
                    format!("player {o} sits out (its partner went alone) but has taken tricks"),
                ));
            }
            let pile_cards: usize = raw.taken.iter().map(Vec::len).sum();
            if pile_cards != (5 - held) * per_trick {
                return Err(err(
                    at_end,
                    format!(
                        "{} cards in tricks do not fit hands of {held} cards ({} tricks of {per_trick} played)",
                        pile_cards,
                        5 - held
                    ),
                ));
            }
            // (upcard's own saves may stop just before a sitting-out player is skipped.)
            if Some(raw.next) == out && raw.ext.is_none() {
                return Err(err(
                    0,
                    format!(
                        "the next player, {}, sits out: its partner went alone",
                        raw.next
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The extension line's phase agrees with trump, the hands and the table.
fn check_phase(
    raw: &RawSave,
    e: &raw::RawExt,
    refuse: &dyn Fn(String) -> Result<(), ParseError>,
) -> Result<(), ParseError> {
    let taken: usize = raw.taken.iter().map(Vec::len).sum();
    let table_seats: Vec<Seat> = e.table.iter().map(|(s, _)| *s).collect();
    match (e.phase, raw.trump) {
        (Phase::Bidding { .. }, Some(_)) => refuse("trump is already declared".into()),
        (Phase::Bidding { turn, passes, .. }, None) => {
            let next = (raw.dealer + 1 + usize::from(passes)) % 4;
            if turn == next {
                Ok(())
            } else {
                refuse(format!(
                    "after {passes} passes from the dealer's left, player {next} bids, not player {turn}"
                ))
            }
        }
        (Phase::Discard | Phase::Trick { .. } | Phase::HandOver, None) => {
            refuse("trump is not declared (?)".into())
        }
        (Phase::Discard, Some((t, maker, _))) => {
            let top = raw.deck.iter().map(|c| c.value).find(|c| {
                !raw.hands
                    .iter()
                    .chain(&raw.taken)
                    .any(|h| h.iter().any(|d| d.value == *c))
            });
            if taken > 0 {
                refuse("tricks are taken before the dealer discards".into())
            } else if top.map(|c| c.suit()) != Some(t) {
                refuse(format!(
                    "the dealer discards only when the top card's suit is ordered up, and player {maker} declared {}",
                    t.letter()
                ))
            } else {
                Ok(())
            }
        }
        (Phase::Trick { turn, turns }, Some((_, maker, alone))) => {
            let out = alone.then(|| partner_of(maker));
            // The seats that took their turn this trick, leaving out one sitting out.
            let played: Vec<Seat> = (0..usize::from(turns))
                .map(|i| (turn + 4 - usize::from(turns) + i) % 4)
                .filter(|&s| Some(s) != out)
                .collect();
            if table_seats != played {
                return refuse(format!(
                    "{turns} turns before player {turn} put cards from players {played:?} on the table, not {table_seats:?}"
                ));
            }
            if raw.hands[turn].is_empty() && Some(turn) != out {
                return refuse(format!("player {turn} is to play but holds no card"));
            }
            Ok(())
        }
        (Phase::HandOver, Some((_, _, alone))) => {
            let per_trick = if alone { 3 } else { 4 };
            if taken == 5 * per_trick {
                Ok(())
            } else {
                refuse(format!(
                    "the hand is over only after 5 tricks; the piles hold {}",
                    taken / per_trick
                ))
            }
        }
        (Phase::StartHand | Phase::Over | Phase::Quit, _) => Ok(()),
        (Phase::Defend { .. }, _) => refuse("CS 246 has no defending alone".into()),
    }
}

/// Hands past this are not a game anyone played; a bound on the shuffles to redo.
const MAX_HANDS: u32 = 100_000;

/// upcard's extension line must describe a moment the engine can be at:
/// its phase agrees with trump, the table and the hands, and its counts are
/// bounded (the loader redraws `shuffles` × 23 numbers).
fn check_ext(raw: &RawSave, err: &dyn Fn(usize, String) -> ParseError) -> Result<(), ParseError> {
    // A game to 10 ends when a team reaches it: a save at or past it has
    // no game left to play (spec 3; the course program would play on).
    if let Some(s) = raw.scores.iter().find(|&&s| s >= POINTS_TO_WIN) {
        return Err(err(
            0,
            format!("a score of {s} ends a game to {POINTS_TO_WIN}: there is no game left to load"),
        ));
    }
    let Some(e) = &raw.ext else {
        return Ok(());
    };
    let at = e.at;
    if e.hand_no > MAX_HANDS {
        return Err(err(
            at,
            format!("hand {} is past any game (at most {MAX_HANDS})", e.hand_no),
        ));
    }
    if e.shuffles > u64::from(e.hand_no) + 1 {
        return Err(err(
            at,
            format!(
                "{} shuffles, but by hand {} the deck has been shuffled at most {} times",
                e.shuffles,
                e.hand_no,
                u64::from(e.hand_no) + 1
            ),
        ));
    }
    let phase_name = match e.phase {
        Phase::StartHand => "start",
        Phase::Bidding { .. } => "bidding",
        Phase::Discard => "discard",
        Phase::Defend { .. } => "defend",
        Phase::Trick { .. } => "trick",
        Phase::HandOver => "handover",
        Phase::Over | Phase::Quit => "over",
    };
    let refuse = |why: String| Err(err(at, format!("phase {phase_name}: {why}")));
    if !e.table.is_empty() && !matches!(e.phase, Phase::Trick { .. }) {
        return refuse(format!(
            "{} cards on the table between tricks",
            e.table.len()
        ));
    }
    check_phase(raw, e, &refuse)
}

/// Reads and checks a save file from disk.
pub fn load(path: &str) -> Result<SaveFile, String> {
    use upcard_parse::file::{MAX_INPUT, ReadError, read_text};
    let text = read_text(std::path::Path::new(path), MAX_INPUT).map_err(|e| match e {
        ReadError::NotText(e) => e.to_string(),
        e => format!("{path}: {e}"),
    })?;
    SaveFile::parse(path, &text).map_err(|e| e.to_string())
}
