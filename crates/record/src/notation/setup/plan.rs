//! The first pass over a record: who made each decision, by the engine's
//! rules, with every hand holding only the card about to be played.

use std::collections::{BTreeMap, BTreeSet};

use super::{card, deal_hand, settle};
use crate::notation::Deal;
use upcard_engine::cards::{ALL_CARDS, Card, Suit, all_cards};
use upcard_engine::{Action, Config, Deck, Hand, NullSink, Phase as Step, Seat, State, deal};
use upcard_rules::agents::Kind;

/// A decision of a deal, before the cards it needs are known.
#[derive(Clone, Copy, Debug)]
pub(super) enum Planned {
    Do(Action),
    /// The dealer's discard when the record does not name it.
    UnknownDiscard,
}

/// Where in the record a decision stands, for messages and annotations.
#[derive(Clone, Copy, Debug)]
pub(super) enum At {
    Call(usize),
    Discard,
    Defend,
    /// Trick from 0, card within it from 0.
    Card(usize, usize),
}

/// What one deal turned out to be.
#[derive(Default)]
pub(super) struct DealPlan {
    pub(super) plan: Vec<(Seat, Planned, At)>,
    /// Cards each seat played, in order.
    pub(super) played: [Vec<Card>; 4],
    /// Suits each seat showed it had none of (trump's left bower counted as trump).
    pub(super) void: [BTreeSet<Suit>; 4],
    pub(super) trump: Option<Suit>,
    pub(super) picked_up: bool,
    pub(super) complete: bool,
}

impl DealPlan {
    /// The dealer picks up, holding only the upcard and the card it
    /// discards (any other card when the record does not name it): the
    /// discard to make, or None when it was made unknown.
    pub(super) fn pick_up(
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
    pub(super) fn take(
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
    pub(super) fn note_play(&mut self, m: &mut State, seat: Seat, c: Card) {
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

pub(super) fn describe_at(k: usize, at: At) -> String {
    match at {
        At::Call(i) => format!("deal {k}, call {}", i + 1),
        At::Discard => format!("deal {k}, the discard"),
        At::Defend => format!("deal {k}, defending alone"),
        At::Card(t, j) => format!("deal {k}, trick {}, card {}", t + 1, j + 1),
    }
}

/// A record's call in `round` as the engine's action (`alone` from the
/// bidding's `isAlone`), or why it is not one.
pub(super) fn call_action(
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
pub(super) struct Known<'a> {
    pub(super) tricks: &'a [Vec<String>],
    pub(super) seen: &'a BTreeMap<Card, usize>,
    pub(super) upcard: Card,
    pub(super) picked_up: bool,
    pub(super) names: &'a [String; 4],
}

impl Known<'_> {
    /// The record's card `text`, card `j` of trick `t`, played by `seat` in
    /// `m`: known to the record and lawful to play (`check`).
    pub(super) fn card(
        &self,
        m: &State,
        seat: Seat,
        text: &str,
        t: usize,
        j: usize,
    ) -> Result<Card, String> {
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
    pub(super) fn check(
        &self,
        m: &State,
        seat: Seat,
        c: Card,
        t: usize,
        j: usize,
    ) -> Result<(), String> {
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
pub(super) fn refused(m: &State, a: Action, name: &str) -> String {
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
pub(super) fn dealt_around(start: &State, upcard: Card) -> State {
    let mut m = start.clone();
    let mut dummy: Vec<Card> = all_cards().filter(|&c| c != upcard).collect();
    dummy.insert(20, upcard);
    m.deck = Deck::recorded(vec![dummy.try_into().expect("24 cards")]);
    deal_hand(&mut m);
    m
}

/// The first pass: who made each decision, by the engine's rules, with every
/// hand holding only the card about to be played.
pub(super) fn plan(
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
    let bidding = crate::notation::bidding(&d.phases);
    let tricks: &[Vec<String>] =
        crate::notation::tricks(&d.phases).map_or(&[], |t| t.tricks.as_slice());
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
pub(super) fn positions(config: &Config, dealer: Seat) -> [Vec<usize>; 4] {
    let ids = ALL_CARDS;
    let mut hands: [Hand; 4] = Default::default();
    deal(config.switch, &mut hands, &ids, dealer, config.deal);
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
pub(super) fn fill(
    need: [usize; 5],
    void: &[BTreeSet<Suit>; 5],
    trump: Option<Suit>,
    pool: &[Card],
) -> Option<[Vec<Card>; 5]> {
    pub(super) fn go(
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
