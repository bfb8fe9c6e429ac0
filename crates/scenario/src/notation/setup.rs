//! A record as the standard game it describes: its rule set as house rules,
//! each deal's cards put back in a deck, and every call, discard and card as
//! the scripted decisions of the four seats (docs/egn.md). A scenario plays
//! it (`record:`); `upcard_replay::egn` replays it as a timeline.
//!
//! A record lists the cards of each trick in the order they fell, not who
//! played them; the engine itself says whose turn each card is (one
//! definition of the lead and of the trick's winner), in a first pass in
//! which every hand holds only the card about to be played. The hands so
//! found are dealt, cards the record does not know are made up from the rest
//! of the deck (never a suit a player showed out of), and a second pass
//! plays the deal with all the rules: a card that does not follow suit, or a
//! call the rules forbid, is reported with its deal, trick and seat.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::point::Point;
use super::{Deal, DealEntry, Phase, Record, Ruleset};
use upcard_engine::cards::{Card, Suit, all_cards};
use upcard_engine::{
    Action, Config, Deck, FollowRule, Hand, NullSink, Phase as Step, Seat, State, deal,
};
use upcard_parse::escape::{printable, printable_line};
use upcard_rules::agents::{Game, Kind, Scripted};
use upcard_rules::courses::standard::house::HouseRule;
use upcard_rules::courses::standard::transcript::StandardPrinter;
use upcard_rules::courses::{Course, Invocation, Setup};
use upcard_rules::input::SharedTokens;
use upcard_rules::transcript::Transcript;

/// How upcard's own notes begin (its findings, beside the record's
/// annotations): they are not written back into a record.
pub const OWN_NOTE: &str = "upcard: ";

/// The standard game a record describes.
#[derive(Debug)]
pub struct EgnSetup {
    config: Config,
    names: [String; 4],
    orders: Vec<[Card; 24]>,
    scores: [u32; 2],
    first_hand: u32,
    scripts: [Vec<Action>; 4],
}

impl Setup for EgnSetup {
    fn course(&self) -> &'static dyn Course {
        &upcard_rules::courses::standard::Standard
    }

    fn names(&self) -> [String; 4] {
        self.names.clone()
    }

    fn start(&self, _input: &SharedTokens) -> (Game, Box<dyn Transcript>) {
        let mut state = State::new(self.config, Deck::recorded(self.orders.clone()));
        state.scores = self.scores;
        state.hand_no = self.first_hand;
        let agents = (0..4)
            .map(|s| -> Box<dyn upcard_rules::agents::Agent> {
                Box::new(Scripted::new(
                    self.names[s].clone(),
                    self.scripts[s].iter().copied(),
                ))
            })
            .collect();
        let printer = StandardPrinter::new(Vec::new(), self.names.clone());
        (
            Game::new(state, self.names.clone(), agents),
            Box::new(printer),
        )
    }

    fn invocation(&self, _argv0: Option<&str>) -> Result<Invocation, String> {
        Err("a recorded game has no course program to grade".into())
    }
}

/// The notation's ruleset fields that are not house rules of upcard's, with
/// their standard value and the rule a record with another value plays.
/// A field becomes a house rule's by its row in the registry
/// (`house::HouseRule::row`), which takes it off this list.
fn not_played() -> [(&'static str, serde_json::Value, &'static str); 9] {
    let no = serde_json::Value::Bool(false);
    [
        ("min_rank", 9.into(), "a deck with cards below the nine"),
        ("num_players", 4.into(), "a game of other than four players"),
        (
            "farmers",
            no.clone(),
            "a hand of three or more nines and tens may be declared (upcard's farmers-hand needs all five)",
        ),
        ("partners_best", no.clone(), "call for best"),
        ("go_under", no.clone(), "going under"),
        ("joker", no.clone(), "the joker"),
        ("allow_no_trump", no.clone(), "no trump"),
        ("fast_break", no.clone(), "fast break"),
        ("four_trick_tokens", no, "four-trick tokens"),
    ]
}

/// The engine's configuration for a record's rule set, or the field and
/// value upcard does not play. Each house rule reads its own field (its
/// row in the registry); the notation's other fields must have their
/// standard values.
pub fn config(rules: &Ruleset) -> Result<Config, String> {
    let mut c = upcard_rules::courses::standard::config();
    let fields = match serde_json::to_value(rules) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    };
    let shown = |field: &str| fields.get(field).map_or("none".into(), |v| v.to_string());
    let refuse = |field: &str, why: &str| {
        format!(
            "ruleset.{field} is {}: {why}, which upcard does not play",
            shown(field)
        )
    };
    let rows: Vec<_> = HouseRule::ALL.iter().map(|&r| (r, r.row().egn)).collect();
    for (rule, egn) in &rows {
        let Some(egn) = egn else { continue };
        match (egn.read)(&fields) {
            Ok(Some(value)) => rule
                .set(&mut c, &value)
                .map_err(|e| format!("ruleset.{} is {value}: {e}", egn.field))?,
            Ok(None) => {}
            Err(why) => return Err(refuse(egn.field, why)),
        }
    }
    let claimed = |field: &str| {
        rows.iter()
            .filter_map(|(_, e)| e.as_ref())
            .any(|e| e.field == field)
    };
    for (field, standard, why) in not_played() {
        if !claimed(field) && fields.get(field).is_some_and(|v| *v != standard) {
            return Err(refuse(field, why));
        }
    }
    // The rules together, as every table's.
    upcard_rules::courses::standard::house::check(&c).map_err(|e| format!("ruleset: {e}"))?;
    Ok(c)
}

/// A card as the notation writes it (`Ad`, `9c`, `Tc`); None for one the
/// record does not know (`Xx`).
fn card(s: &str) -> Result<Option<Card>, String> {
    if let [r, suit] = s.as_bytes()
        && (*r == b'X' || *suit == b'x')
    {
        return Ok(None);
    }
    Card::parse_short(s)
        .map(Some)
        .ok_or_else(|| format!("card {s:?} is not one of the 24 cards upcard plays (nine to ace)"))
}

/// The players' names: four, different, none empty (a seat's number where
/// the record gives none), and printable (a record is anyone's file: what a
/// terminal would interpret is shown escaped, as everywhere upcard prints
/// text it did not write).
fn names(record: &Record) -> [String; 4] {
    let mut out: [String; 4] = std::array::from_fn(|i| format!("Player {i}"));
    for (i, p) in record.metadata.players.iter().take(4).enumerate() {
        let n = p.name().trim();
        if !n.is_empty() {
            out[i] = printable_line(n);
        }
    }
    for i in 1..4 {
        if out[..i].contains(&out[i]) {
            out[i] = format!("{} (seat {i})", out[i]);
        }
    }
    out
}

/// Moves the engine on to the next decision, the next deal or the end.
fn settle(st: &mut State) {
    while st.to_move().is_none() && !st.is_over() && st.phase != Step::StartHand {
        if !st.advance(&mut NullSink) {
            break;
        }
    }
}

/// Deals the hand a state at the start of one is about to deal.
fn deal_hand(st: &mut State) {
    if st.phase == Step::StartHand {
        st.advance(&mut NullSink);
    }
    settle(st);
}

/// A decision of a deal, before the cards it needs are known.
#[derive(Clone, Copy, Debug)]
enum Planned {
    Do(Action),
    /// The dealer's discard when the record does not name it.
    UnknownDiscard,
}

/// Where in the record a decision stands, for messages and annotations.
#[derive(Clone, Copy, Debug)]
enum At {
    Call(usize),
    Discard,
    Defend,
    /// Trick from 0, card within it from 0.
    Card(usize, usize),
}

/// What one deal turned out to be.
#[derive(Default)]
struct DealPlan {
    plan: Vec<(Seat, Planned, At)>,
    /// Cards each seat played, in order.
    played: [Vec<Card>; 4],
    /// Suits each seat showed it had none of (trump's left bower counted as trump).
    void: [BTreeSet<Suit>; 4],
    trump: Option<Suit>,
    picked_up: bool,
    complete: bool,
}

impl DealPlan {
    /// The dealer picks up, holding only the upcard and the card it
    /// discards (any other card when the record does not name it): the
    /// discard to make, or None when it was made unknown.
    fn pick_up(
        &mut self,
        m: &mut State,
        seat: Seat,
        upcard: Card,
        discard: Option<Card>,
    ) -> Option<(Planned, At)> {
        self.picked_up = true;
        let held = discard.unwrap_or_else(|| all_cards().find(|&c| c != upcard).unwrap_or(upcard));
        let mut h = Hand::new();
        h.push(upcard);
        if held != upcard {
            h.push(held);
        }
        m.hands[seat] = h;
        match discard {
            Some(c) => Some((Planned::Do(Action::Discard(c)), At::Discard)),
            None => {
                m.apply(Action::Discard(held), &mut NullSink).ok();
                self.plan.push((seat, Planned::UnknownDiscard, At::Discard));
                None
            }
        }
    }

    /// `name` at `seat` takes the planned action in `m`, or why it cannot.
    fn take(
        &mut self,
        m: &mut State,
        seat: Seat,
        (action, at): (Planned, At),
        name: &str,
    ) -> Result<(), String> {
        let Planned::Do(a) = action else {
            unreachable!("only discards are planned unknown")
        };
        // Asked again: a card's hand was set just now.
        if !m.legal_actions().contains(&a) {
            return Err(refused(m, a, name));
        }
        if m.apply(a, &mut NullSink).is_err() {
            return Err(format!("{name} cannot {a} here"));
        }
        if self.trump.is_none() {
            self.trump = m.trump;
        }
        self.plan.push((seat, action, at));
        Ok(())
    }

    /// `seat` plays `c` in `m`, holding only it: a card off the suit led
    /// shows the seat has none of that suit.
    fn note_play(&mut self, m: &mut State, seat: Seat, c: Card) {
        if let Some(trump) = m.trump
            && let Some(&(_, lead)) = m.trick.first()
        {
            let led = Card::led_suit(lead, trump);
            if c.effective_suit(trump) != led {
                self.void[seat].insert(led);
            }
        }
        let mut h = Hand::new();
        h.push(c);
        m.hands[seat] = h;
        self.played[seat].push(c);
    }
}

fn describe_at(k: usize, at: At) -> String {
    match at {
        At::Call(i) => format!("deal {k}, call {}", i + 1),
        At::Discard => format!("deal {k}, the discard"),
        At::Defend => format!("deal {k}, defending alone"),
        At::Card(t, j) => format!("deal {k}, trick {}, card {}", t + 1, j + 1),
    }
}

/// A record's call in `round` as the engine's action (`alone` from the
/// bidding's `isAlone`), or why it is not one.
fn call_action(
    call: &str,
    round: u8,
    upcard: Card,
    alone: bool,
    name: &str,
) -> Result<Action, String> {
    Ok(match (call, round) {
        ("Pass", _) => Action::Pass,
        ("Order" | "PickUp" | "Alone" | "Call", 1) => Action::Order {
            suit: upcard.suit(),
            alone,
        },
        (s @ ("s" | "h" | "d" | "c"), 2) => Action::Order {
            suit: Suit::from_letter(s.chars().next().unwrap_or('s')).unwrap_or(Suit::Spades),
            alone,
        },
        (other, _) => {
            return Err(format!(
                "{name} calls {other:?}, not a call of round {round} (Pass, {})",
                if round == 1 { "Order" } else { "s, h, d or c" }
            ));
        }
    })
}

/// What the first pass knows when a card is played: the deal's tricks, the
/// cards played so far (by trick), the upcard and whether it was picked up.
struct Known<'a> {
    tricks: &'a [Vec<String>],
    seen: &'a BTreeMap<Card, usize>,
    upcard: Card,
    picked_up: bool,
    names: &'a [String; 4],
}

impl Known<'_> {
    /// The record's card `text`, card `j` of trick `t`, played by `seat` in
    /// `m`: known to the record and lawful to play (`check`).
    fn card(&self, m: &State, seat: Seat, text: &str, t: usize, j: usize) -> Result<Card, String> {
        let c = card(text)?.ok_or_else(|| {
            format!(
                "{} plays a card the record does not know ({text}); upcard replays plays it knows",
                self.names[seat]
            )
        })?;
        self.check(m, seat, c, t, j)?;
        Ok(c)
    }

    /// Card `c`, the record's card `j` of trick `t`, may be played by `seat`
    /// in `m`: its trick is the size the hand's tricks are, it was not
    /// played before, and the upcard only by the dealer who picked it up.
    fn check(&self, m: &State, seat: Seat, c: Card, t: usize, j: usize) -> Result<(), String> {
        let name = &self.names[seat];
        if m.tricks_played() as usize != t || m.trick.len() != j {
            // This trick is too long (the engine has taken it), or
            // the one before was too short.
            let bad = if m.tricks_played() as usize > t {
                t
            } else {
                t.saturating_sub(1)
            };
            let size = 4 - (0..4).filter(|&s| m.sits_out(s)).count();
            return Err(format!(
                "trick {} has {} cards, but a trick of this hand has {size}",
                bad + 1,
                self.tricks[bad].len(),
            ));
        }
        if let Some(&before) = self.seen.get(&c) {
            return Err(format!(
                "{name} plays {}, which was already played in trick {}",
                c.short(),
                before + 1
            ));
        }
        if c == self.upcard && (!self.picked_up || seat != m.dealer) {
            return Err(format!(
                "{name} plays the upcard {}, which {}",
                c.short(),
                if self.picked_up {
                    format!("{} picked up", self.names[m.dealer])
                } else {
                    "stayed in the kitty".to_string()
                }
            ));
        }
        Ok(())
    }
}

/// Why the engine refuses action `a` of `name`'s here.
fn refused(m: &State, a: Action, name: &str) -> String {
    match a {
        Action::Pass if matches!(m.phase, Step::Bidding { round: 2, .. }) => format!(
            "{name} passes, but the dealer may not pass in round two (stick the dealer: ruleset.std)"
        ),
        Action::Order { suit, alone: true } => {
            format!("{name} names {suit} alone, which the rules forbid here")
        }
        Action::Order { suit, .. } => format!("{name} names {suit}, the suit turned down"),
        other => format!("{name} cannot {other} here"),
    }
}

/// `start` dealt from a deck with the upcard in its place; the hands are
/// not used (the first pass gives each seat only the card it plays).
fn dealt_around(start: &State, upcard: Card) -> State {
    let mut m = start.clone();
    let mut dummy: Vec<Card> = all_cards().filter(|&c| c != upcard).collect();
    dummy.insert(20, upcard);
    m.deck = Deck::recorded(vec![dummy.try_into().expect("24 cards")]);
    deal_hand(&mut m);
    m
}

/// The first pass: who made each decision, by the engine's rules, with every
/// hand holding only the card about to be played.
fn plan(
    k: usize,
    d: &Deal,
    start: &State,
    upcard: Card,
    names: &[String; 4],
) -> (DealPlan, Option<String>) {
    let mut m = dealt_around(start, upcard);
    let mut out = DealPlan::default();
    // Why the deal's decisions stop short, where they do.
    let stop = |at: At, why: String| Some(format!("{}: {why}", describe_at(k, at)));
    let bidding = super::bidding(&d.phases);
    let tricks: &[Vec<String>] = super::tricks(&d.phases).map_or(&[], |t| t.tricks.as_slice());
    let alone = bidding.and_then(|b| b.is_alone).unwrap_or(false);
    let defender = bidding
        .and_then(|b| b.alone_defender)
        .filter(|&s| (0..4).contains(&s))
        .map(|s| s as usize);
    let calls: &[String] = bidding.map_or(&[], |b| b.calls.as_slice());
    let mut calls = calls.iter().enumerate();
    let discard = match bidding.and_then(|b| b.discard.as_deref()).map(card) {
        Some(Err(e)) => return (out, stop(At::Discard, e)),
        known => known.and_then(Result::ok).flatten(),
    };
    let mut cards = tricks
        .iter()
        .enumerate()
        .flat_map(|(t, trick)| trick.iter().enumerate().map(move |(j, c)| (t, j, c)));
    let mut seen: BTreeMap<Card, usize> = BTreeMap::new();
    loop {
        settle(&mut m);
        let Some(seat) = m.to_move() else { break };
        let legal = m.legal_actions();
        let (action, at) = match Kind::of(&legal) {
            Kind::Bid => {
                let Some((i, call)) = calls.next() else { break };
                let round = 1 + u8::from(matches!(m.phase, Step::Bidding { round: 2, .. }));
                let action = match call_action(call, round, upcard, alone, &names[seat]) {
                    Ok(a) => a,
                    Err(why) => return (out, stop(At::Call(i), why)),
                };
                (Planned::Do(action), At::Call(i))
            }
            Kind::Discard => match out.pick_up(&mut m, seat, upcard, discard) {
                Some(planned) => planned,
                None => continue,
            },
            Kind::Defend => {
                let alone = defender == Some(seat);
                let a = [Action::Pass, Action::DefendAlone][usize::from(alone)];
                (Planned::Do(a), At::Defend)
            }
            Kind::Play => {
                let Some((t, j, text)) = cards.next() else {
                    break;
                };
                let at = At::Card(t, j);
                let known = Known {
                    tricks,
                    seen: &seen,
                    upcard,
                    picked_up: out.picked_up,
                    names,
                };
                let c = match known.card(&m, seat, text, t, j) {
                    Ok(c) => c,
                    Err(why) => return (out, stop(at, why)),
                };
                seen.insert(c, t);
                out.note_play(&mut m, seat, c);
                (Planned::Do(Action::Play(c)), at)
            }
        };
        if let Err(why) = out.take(&mut m, seat, (action, at), &names[seat]) {
            return (out, stop(at, why));
        }
    }
    settle(&mut m);
    out.complete = m.phase == Step::StartHand || m.is_over();
    // Calls after the bidding, or cards after the hand, are too many.
    let extra = calls
        .next()
        .map(|(i, _)| (At::Call(i), "a call after the bidding was over"))
        .or_else(|| {
            let (t, j, _) = cards.next()?;
            Some((At::Card(t, j), "cards after the hand was over"))
        });
    (out, extra.and_then(|(at, why)| stop(at, why.to_string())))
}

/// Where each of the 20 dealt positions of a deck goes, for `dealer`.
fn positions(config: &Config, dealer: Seat) -> [Vec<usize>; 4] {
    let ids: [Card; 24] = all_cards()
        .collect::<Vec<_>>()
        .try_into()
        .expect("24 cards");
    let mut hands: [Hand; 4] = Default::default();
    deal(&mut hands, &ids, dealer, config.deal);
    std::array::from_fn(|s| {
        hands[s]
            .as_slice()
            .iter()
            .map(|c| ids.iter().position(|x| x == c).unwrap_or(0))
            .collect()
    })
}

/// Makes up the unknown cards: `need[s]` for each seat (the fifth: the
/// dealer's unknown discard, which is gone before any play), from `pool`,
/// never in a suit the seat showed out of; the rest is the kitty's.
fn fill(
    need: [usize; 5],
    void: &[BTreeSet<Suit>; 5],
    trump: Option<Suit>,
    pool: &[Card],
) -> Option<[Vec<Card>; 5]> {
    fn go(
        slots: &[usize],
        void: &[BTreeSet<Suit>; 5],
        trump: Option<Suit>,
        pool: &mut Vec<Card>,
        out: &mut [Vec<Card>; 5],
        budget: &mut u32,
    ) -> bool {
        let Some((&s, rest)) = slots.split_first() else {
            return true;
        };
        for i in 0..pool.len() {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let c = pool[i];
            let suit = trump.map_or(c.suit(), |t| c.effective_suit(t));
            if void[s].contains(&suit) {
                continue;
            }
            pool.remove(i);
            out[s].push(c);
            if go(rest, void, trump, pool, out, budget) {
                return true;
            }
            out[s].pop();
            pool.insert(i, c);
        }
        false
    }
    // The most constrained seats first.
    let mut seats: Vec<usize> = (0..5).collect();
    seats.sort_by_key(|&s| std::cmp::Reverse(void[s].len()));
    let slots: Vec<usize> = seats
        .iter()
        .flat_map(|&s| std::iter::repeat_n(s, need[s]))
        .collect();
    let mut pool = pool.to_vec();
    let mut out: [Vec<Card>; 5] = Default::default();
    let mut budget = 200_000;
    go(&slots, void, trump, &mut pool, &mut out, &mut budget).then_some(out)
}

/// What a record reads as: the game, its name and description, and what
/// a replay shows beside it.
pub struct Recorded {
    pub setup: EgnSetup,
    pub name: String,
    pub description: String,
    /// The record's annotations and upcard's findings, at the move they are about.
    pub notes: BTreeMap<Point, Vec<String>>,
    /// By hand, the cards the record does not know: dealt so that the game
    /// is whole, shown as unknown.
    pub unknown: BTreeMap<u32, Vec<Card>>,
    /// Why the replay ends where it does, when the game was not finished.
    pub end: Option<String>,
    /// The record's own rules, when the game is played under others.
    pub declared: Option<Config>,
}

/// Reads a record into the game it describes, or says why it cannot be.
pub fn read(path: &Path, record: &Record) -> Result<Recorded, String> {
    let file = path.display().to_string();
    let rules = record.metadata.ruleset.clone().unwrap_or_default();
    let mut config = config(&rules).map_err(|e| format!("{file}: {e}"))?;
    let names = names(record);
    let initial: [u32; 2] = {
        let s = &record.metadata.initial_score;
        let get = |i: usize| -> Result<u32, String> {
            let v = s.get(i).copied().unwrap_or(0);
            u32::try_from(v)
                .map_err(|_| format!("{file}: metadata.initialScore[{i}] is {v}, not a score"))
        };
        [get(0)?, get(1)?]
    };
    let deals: Vec<(usize, &Deal)> = record
        .deals
        .iter()
        .enumerate()
        .map(|(k, e)| match e {
            // Messages and hand numbers follow the record's own numbering.
            DealEntry::Deal(d) => Ok((usize::try_from(d.deal_number).unwrap_or(k), d.as_ref())),
            DealEntry::Packed(_) => Err(format!(
                "{file}: deal {k} is in the notation's packed (base64) form, which upcard does not read; write the record out in JSON with the notation's own tools"
            )),
        })
        .collect::<Result<_, _>>()?;
    if let Some((_, d)) = deals.first() {
        let dealer = d.initial_state.dealer;
        config.first_dealer = usize::try_from(dealer)
            .ok()
            .filter(|&s| s < 4)
            .ok_or_else(|| format!("{file}: deal 0's dealer is {dealer}, not a seat 0-3"))?;
    }
    // Played once as the rules say; a record that goes on past the end of
    // the game is played again with no target at all.
    match build(&config, config.points_to_win, &names, initial, &deals) {
        Built::Over { at, scores, hand } => {
            let mut raised = config;
            raised.points_to_win = upcard_rules::courses::standard::house::NO_TARGET;
            let mut r = build(&raised, config.points_to_win, &names, initial, &deals)
                .into_recorded(path, record, raised, &names, initial)?;
            r.declared = Some(config);
            r.notes.entry(Point { hand, trick: 0, play: 1 }).or_default().insert(
                0,
                format!(
                    "{OWN_NOTE}the game was over after deal {at} at {}-{} (winning score {}), but the record goes on; the rest is replayed as recorded",
                    scores[0], scores[1], config.points_to_win
                ),
            );
            Ok(r)
        }
        b => b.into_recorded(path, record, config, &names, initial),
    }
}

enum Built {
    Done {
        first_hand: u32,
        orders: Vec<[Card; 24]>,
        scripts: [Vec<Action>; 4],
        notes: BTreeMap<Point, Vec<String>>,
        unknown: BTreeMap<u32, Vec<Card>>,
        end: Option<String>,
    },
    /// The game ended after deal `at` (its hand number `hand` + 1 is next)
    /// with deals still to come.
    Over {
        at: usize,
        scores: [u32; 2],
        hand: u32,
    },
}

impl Built {
    fn into_recorded(
        self,
        path: &Path,
        record: &Record,
        config: Config,
        names: &[String; 4],
        initial: [u32; 2],
    ) -> Result<Recorded, String> {
        let (first_hand, mut orders, scripts, notes, unknown, end) = match self {
            Built::Done {
                first_hand,
                orders,
                scripts,
                notes,
                unknown,
                end,
            } => (first_hand, orders, scripts, notes, unknown, end),
            // Even with no target: the scores reached the most upcard counts.
            Built::Over { at, scores, .. } => {
                return Err(format!(
                    "{}: after deal {at} the scores are {}-{}, more than upcard counts",
                    path.display(),
                    scores[0],
                    scores[1]
                ));
            }
        };
        if orders.is_empty() {
            orders.push(upcard_rules::courses::standard::deck(0).next_deck());
        }
        // The plays were checked; a renege the record has is played as it was.
        let mut config = config;
        config.follow = FollowRule::Trust;
        let name = record.metadata.title.as_deref().map_or_else(
            || {
                path.file_stem()
                    .map_or("game".into(), |s| s.to_string_lossy().into_owned())
            },
            printable_line,
        );
        let description = record
            .metadata
            .description
            .as_deref()
            .map(printable)
            .unwrap_or_default();
        Ok(Recorded {
            setup: EgnSetup {
                config,
                names: names.clone(),
                orders,
                scores: initial,
                first_hand,
                scripts,
            },
            name,
            description,
            notes,
            unknown,
            end,
            declared: None,
        })
    }
}

/// The hand number of the first deal: the record's own.
fn first_hand(deals: &[(usize, &Deal)]) -> u32 {
    deals
        .first()
        .map_or(0, |(k, _)| u32::try_from(*k).unwrap_or(0))
}

/// Deal `k` ends before its hand is over: the record's end, or a break in it.
fn cut_short(k: usize, last: bool) -> String {
    if last {
        format!("the record ends in deal {k}, before the hand is over")
    } else {
        format!(
            "deal {k} ends before the hand is over, and the record goes on; the replay stops here"
        )
    }
}

/// Deal `k`'s upcard, the deal dealt by the seat whose turn it is (`st`).
fn deal_start(k: usize, d: &Deal, st: &State, names: &[String; 4]) -> Result<Card, String> {
    let dealer = d.initial_state.dealer;
    if usize::try_from(dealer).ok() != Some(st.dealer) {
        return Err(format!(
            "deal {k}: seat {dealer} deals, but the deal passes to the left: {} (seat {}) deals after deal {}; the replay stops here",
            names[st.dealer],
            st.dealer,
            k.saturating_sub(1)
        ));
    }
    upcard_of(k, d)
}

/// A deal's upcard, which the record must know.
fn upcard_of(k: usize, d: &Deal) -> Result<Card, String> {
    match card(&d.initial_state.up_card) {
        Ok(Some(c)) => Ok(c),
        Ok(None) => Err(format!(
            "deal {k}: the record does not know the upcard; the replay stops here"
        )),
        Err(e) => Err(format!("deal {k}: the upcard: {e}; the replay stops here")),
    }
}

/// The second pass over deal `k` (hand `hand`): the real cards, every rule.
struct Second<'a> {
    k: usize,
    hand: u32,
    names: &'a [String; 4],
    /// The rules' follow rule, put back after a renege is played.
    follow: FollowRule,
    /// The card an unknown discard stands for.
    discard: Card,
}

impl Second<'_> {
    /// Plays the plan in `st`, each seat's actions into its script; a
    /// renege the record made is played and noted. The first action the
    /// rules refuse, said.
    fn play(
        &self,
        st: &mut State,
        p: &DealPlan,
        notes: &mut BTreeMap<Point, Vec<String>>,
        scripts: &mut [Vec<Action>; 4],
    ) -> Option<String> {
        let Second { k, hand, names, .. } = *self;
        for &(seat, action, at) in &p.plan {
            settle(st);
            let a = match action {
                Planned::Do(a) => a,
                Planned::UnknownDiscard => Action::Discard(self.discard),
            };
            let held = matches!(a, Action::Play(c) if st.hands[seat].contains(&c));
            if st.to_move() == Some(seat)
                && held
                && !st.legal_actions().contains(&a)
                && let At::Card(t, j) = at
            {
                // A renege: said where it happens, and played (the
                // record's game went on with it).
                let point = Point {
                    hand,
                    trick: (t + 1).min(255) as u8,
                    play: (j + 1).min(255) as u8,
                };
                notes.entry(point).or_default().push(format!(
                    "{OWN_NOTE}{}: {} (a renege: the record breaks its rules here)",
                    describe_at(k, at),
                    refusal(st, seat, a, names)
                ));
                st.config.follow = FollowRule::Trust;
                st.apply(a, &mut NullSink).ok();
                st.config.follow = self.follow;
                scripts[seat].push(a);
                continue;
            }
            if st.to_move() != Some(seat) || !st.legal_actions().contains(&a) {
                return Some(format!(
                    "{}: {}",
                    describe_at(k, at),
                    refusal(st, seat, a, names)
                ));
            }
            st.apply(a, &mut NullSink).ok();
            scripts[seat].push(a);
        }
        None
    }
}

/// Why a record that stops before its game is over is short: where it
/// stops, and what would have ended the game.
fn unfinished(config: &Config, target: u32, deals: &[(usize, &Deal)], st: &State) -> String {
    let limit = match (config.deals, target) {
        (0, t) => format!("before either team reaches {t}"),
        (d, upcard_rules::courses::standard::house::NO_TARGET) => {
            format!("before the game's {d} deals are played")
        }
        (d, t) => format!("before either team reaches {t} or the game's {d} deals are played"),
    };
    format!(
        "the record ends after deal {} at {}-{}, {limit}",
        deals.last().map_or(0, |(k, _)| *k),
        st.scores[0],
        st.scores[1],
    )
}

/// Plays the deals; `target` is the record's own winning score (the
/// config's is raised when the record goes on past it).
fn build(
    config: &Config,
    target: u32,
    names: &[String; 4],
    initial: [u32; 2],
    deals: &[(usize, &Deal)],
) -> Built {
    let mut st = State::new(
        *config,
        Deck::recorded(vec![upcard_rules::courses::standard::deck(0).next_deck()]),
    );
    st.scores = initial;
    st.hand_no = first_hand(deals);
    let mut orders = Vec::new();
    let mut scripts: [Vec<Action>; 4] = Default::default();
    let mut notes: BTreeMap<Point, Vec<String>> = BTreeMap::new();
    let mut unknown: BTreeMap<u32, Vec<Card>> = BTreeMap::new();
    let mut end = None;
    let last = deals.len().saturating_sub(1);
    for (n, &(k, d)) in deals.iter().enumerate() {
        let hand = st.hand_no;
        if st.is_over() {
            // The engine numbers no hand after the last: this one is `n`.
            return Built::Over {
                at: deals[n - 1].0,
                scores: st.scores,
                hand: first_hand(deals) + n as u32,
            };
        }
        let upcard = match deal_start(k, d, &st, names) {
            Ok(c) => c,
            Err(e) => {
                end = Some(e);
                break;
            }
        };
        let (p, stop) = plan(k, d, &st, upcard, names);
        match deal_order(k, d, config, &st, upcard, &p, names) {
            Err(e) => {
                end = Some(format!("{e}; the replay stops here"));
                break;
            }
            Ok(Dealt {
                order,
                unknown: filled,
                discard,
            }) => {
                orders.push(order);
                if !filled.is_empty() {
                    unknown.insert(hand, filled);
                }
                // The second pass: the real cards, every rule.
                st.deck = Deck::recorded(vec![order]);
                deal_hand(&mut st);
                let second = Second {
                    k,
                    hand,
                    names,
                    follow: config.follow,
                    discard: discard.unwrap_or(upcard),
                };
                // A refusal in the plan is said before where the plan stopped.
                let fault = second.play(&mut st, &p, &mut notes, &mut scripts).or(stop);
                settle(&mut st);
                annotate(&mut notes, hand, d);
                if let Some(f) = fault {
                    end = Some(format!("{f}; the replay stops here"));
                    break;
                }
                if !p.complete {
                    end = Some(cut_short(k, n == last));
                    break;
                }
            }
        }
    }
    if end.is_none() && !st.is_over() && st.scores.iter().all(|&s| s < target) {
        end = Some(unfinished(config, target, deals, &st));
    }
    Built::Done {
        first_hand: first_hand(deals),
        orders,
        scripts,
        notes,
        unknown,
        end,
    }
}

/// Why the engine refuses `a` from `seat`, in the record's terms.
fn refusal(st: &State, seat: Seat, a: Action, names: &[String; 4]) -> String {
    let name = &names[seat];
    if st.to_move() != Some(seat) {
        return format!("{name} acts out of turn");
    }
    if let Action::Play(c) = a
        && let (Some(trump), Some(&(_, lead))) = (st.trump, st.trick.first())
    {
        let led = Card::led_suit(lead, trump);
        let could: Vec<String> = st.hands[seat]
            .as_slice()
            .iter()
            .filter(|h| h.effective_suit(trump) == led)
            .map(|h| h.short().to_string())
            .collect();
        if !could.is_empty() {
            return format!(
                "{name} plays {} and does not follow {led}, holding {}",
                c.short(),
                could.join(" ")
            );
        }
    }
    if let Action::Play(c) | Action::Discard(c) = a
        && !st.hands[seat].contains(&c)
    {
        return format!("{name} does not hold {}", c.short());
    }
    format!("{name} may not {a} here")
}

/// A deal's deck, the cards in it the record does not know, and the
/// dealer's discard when the record does not name it.
struct Dealt {
    order: [Card; 24],
    unknown: Vec<Card>,
    discard: Option<Card>,
}

/// Each seat's dealt cards as far as they are known, and who holds each.
struct Seats<'a> {
    dealt: &'a mut [Vec<Card>; 4],
    holder: &'a mut BTreeMap<Card, Seat>,
}

impl Seats<'_> {
    /// The record's `playerCards` added to what each seat played; a card
    /// it gives one seat that another plays, or the upcard, is refused.
    fn give(
        self,
        k: usize,
        given: &[Vec<String>],
        upcard: Card,
        names: &[String; 4],
    ) -> Result<(), String> {
        for (s, hand) in given.iter().enumerate().take(4) {
            for text in hand {
                if let Ok(Some(c)) = card(text)
                    && !self.dealt[s].contains(&c)
                {
                    if self.holder.get(&c).is_some_and(|&o| o != s) || c == upcard {
                        return Err(format!(
                            "deal {k}: playerCards gives {} to {}, but {}",
                            c.short(),
                            names[s],
                            if c == upcard {
                                "it is the upcard".to_string()
                            } else {
                                format!("{} plays it", names[self.holder[&c]])
                            }
                        ));
                    }
                    self.holder.insert(c, s);
                    self.dealt[s].push(c);
                }
            }
        }
        Ok(())
    }
}

/// No seat holds more than five cards.
fn at_most_five(k: usize, dealt: &[Vec<Card>; 4], names: &[String; 4]) -> Result<(), String> {
    for (s, cards) in dealt.iter().enumerate() {
        if cards.len() > 5 {
            return Err(format!(
                "deal {k}: {} would hold {} cards ({})",
                names[s],
                cards.len(),
                upcard_engine::cards::short_list(cards)
            ));
        }
    }
    Ok(())
}

/// The deck, in dealing order, that gives each seat its `dealt` cards,
/// turns `upcard` up and leaves `kitty` under it.
fn deck_order(
    config: &Config,
    dealer: Seat,
    dealt: &[Vec<Card>; 4],
    upcard: Card,
    kitty: &[Card],
) -> [Card; 24] {
    let pos = positions(config, dealer);
    let mut order = [upcard; 24];
    for s in 0..4 {
        for (i, &at) in pos[s].iter().enumerate() {
            order[at] = dealt[s][i];
        }
    }
    order[20] = upcard;
    for (i, &c) in kitty.iter().take(3).enumerate() {
        order[21 + i] = c;
    }
    order
}

/// The deck that deals deal `k` as the plan found it, the cards made up,
/// and the dealer's discard when the record does not name it.
fn deal_order(
    k: usize,
    d: &Deal,
    config: &Config,
    st: &State,
    upcard: Card,
    p: &DealPlan,
    names: &[String; 4],
) -> Result<Dealt, String> {
    let dealer = st.dealer;
    let mut dealt: [Vec<Card>; 4] = p.played.clone();
    let named_discard = p.plan.iter().find_map(|(_, a, _)| match a {
        Planned::Do(Action::Discard(c)) => Some(*c),
        _ => None,
    });
    let mut discard = None;
    if p.picked_up {
        let had_upcard = dealt[dealer].contains(&upcard);
        dealt[dealer].retain(|&c| c != upcard);
        match named_discard {
            Some(c) if c != upcard => dealt[dealer].push(c),
            Some(_) => {}
            None if !had_upcard && p.complete => discard = Some(upcard),
            None => {}
        }
    }
    // A card held by two seats (a named discard another plays; the plan
    // has already stopped at a card played twice or at the upcard).
    let mut holder: BTreeMap<Card, Seat> = BTreeMap::new();
    for (s, cards) in dealt.iter().enumerate() {
        for &c in cards {
            if let Some(o) = holder.insert(c, s) {
                return Err(format!(
                    "deal {k}: {} is played by both {} and {}",
                    c.short(),
                    names[o],
                    names[s]
                ));
            }
        }
    }
    if let Some(given) = &d.initial_state.player_cards {
        let seats = Seats {
            dealt: &mut dealt,
            holder: &mut holder,
        };
        seats.give(k, given, upcard, names)?;
    }
    at_most_five(k, &dealt, names)?;
    let pool: Vec<Card> = all_cards()
        .filter(|c| *c != upcard && !holder.contains_key(c))
        .collect();
    let unknown_discard = p.picked_up && named_discard.is_none() && discard.is_none();
    let mut need: [usize; 5] = std::array::from_fn(|s| if s < 4 { 5 - dealt[s].len() } else { 0 });
    if unknown_discard && need[dealer] > 0 {
        need[dealer] -= 1;
        need[4] = 1;
    }
    let void: [BTreeSet<Suit>; 5] =
        std::array::from_fn(|s| p.void.get(s).cloned().unwrap_or_default());
    let made = fill(need, &void, p.trump, &pool).ok_or_else(|| {
        format!(
            "deal {k}: the cards the record does not know cannot be dealt so that every play follows suit"
        )
    })?;
    let mut unknown = Vec::new();
    for s in 0..4 {
        unknown.extend(&made[s]);
        dealt[s].extend(&made[s]);
    }
    if let Some(&c) = made[4].first() {
        discard = Some(c);
        unknown.push(c);
        dealt[dealer].push(c);
    }
    let used: BTreeSet<Card> = dealt.iter().flatten().copied().collect();
    let kitty: Vec<Card> = pool.iter().filter(|c| !used.contains(c)).copied().collect();
    unknown.extend(&kitty);
    let order = deck_order(config, dealer, &dealt, upcard, &kitty);
    unknown.sort();
    Ok(Dealt {
        order,
        unknown,
        discard,
    })
}

/// Cards per trick as annotation keys count them: a card's key is
/// `4 × trick + place` (the notation's reference replayer counts so, with
/// three-card tricks too).
pub const NOTE_TRICK: usize = 4;

/// The move annotation `i` of a bidding (`call`) or trick-play phase is about.
fn note_point(hand: u32, call: bool, i: usize) -> Point {
    let small = |n: usize| n.min(255) as u8;
    if call {
        Point {
            hand,
            trick: 0,
            play: small(i + 1),
        }
    } else {
        Point {
            hand,
            trick: small(i / NOTE_TRICK + 1),
            play: small(i % NOTE_TRICK + 1),
        }
    }
}

/// The inverse of `note_point`: whether a move's notes are a call's, and
/// their key (None for a move that is neither: a trick taken, a score).
pub fn note_key(p: Point) -> Option<(bool, usize)> {
    let play = usize::from(p.play).checked_sub(1)?;
    match usize::from(p.trick) {
        0 => Some((true, play)),
        t => (play < NOTE_TRICK).then(|| (false, NOTE_TRICK * (t - 1) + play)),
    }
}

/// The record's annotations at the moves they are about.
fn annotate(notes: &mut BTreeMap<Point, Vec<String>>, hand: u32, d: &Deal) {
    for phase in &d.phases {
        let (map, is_call) = match phase {
            Phase::Bidding(b) => (b.call_annotations.as_ref(), true),
            Phase::Tricks(t) => (t.play_annotations.as_ref(), false),
        };
        for (key, texts) in map.into_iter().flatten() {
            let Ok(i) = key.parse::<usize>() else {
                continue;
            };
            notes
                .entry(note_point(hand, is_call, i))
                .or_default()
                .extend(texts.iter().map(|t| printable(t)));
        }
    }
}
