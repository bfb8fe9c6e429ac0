//! Reading a program's line back into what it means, with no parser of the
//! course's text: the course's own printer renders each event the game
//! could have had at that place (another card, another bidder, the trick
//! to another player), and the event that prints the program's line is
//! what the program did.

use super::Place;
use upcard_engine::cards::{Card, Suit, all_cards};
use upcard_engine::mutants::Switch;
use upcard_engine::{Event, Seat, State};
use upcard_record::Timeline;

/// What the program's line means, against the engine's event there.
pub(crate) struct Reading {
    /// The engine's event that printed the expected line.
    pub expected: Event,
    /// The event that prints the program's line instead.
    pub actual: Event,
    /// The state when the engine step that printed the line began (what
    /// the player to move saw).
    pub before: State,
    /// The strategy's rule behind the engine's move, when a strategy made it.
    pub why: Option<&'static str>,
    /// The events before the expected one.
    pub events_before: usize,
}

/// The event the program's line `got` stands for at `p`, if one does.
pub(crate) fn read(t: &Timeline, p: &Place, got: &str) -> Option<Reading> {
    let e = p.event?;
    let expected = t.events[e].clone();
    let (before, why) = match t.move_of_event(e) {
        Ok(i) => (t.moves[i].before.clone(), t.moves[i].why),
        Err(Some(i)) => (t.moves[i].before.clone(), None),
        Err(None) => (t.moves.last()?.state.clone(), None),
    };
    let from = if e == 0 {
        t.header_end
    } else {
        t.event_ends[e - 1]
    };
    let printed = String::from_utf8_lossy(&t.transcript[from..t.event_ends[e]]).into_owned();
    let want: Vec<&str> = printed.lines().collect();
    let prime = hand_start(t, e);
    let mut options = candidates(&expected, &before);
    options.extend(orders(t, e).into_iter().map(|(hand, _)| hand));
    let actual = options.into_iter().find(|c| {
        if *c == expected {
            return false;
        }
        let lines = render(t, prime, e, c);
        lines.get(p.line_in_event).map(String::as_str) == Some(got)
            && lines.len() > p.line_in_event
            && lines[..p.line_in_event]
                .iter()
                .zip(&want)
                .all(|(a, b)| a == b)
    })?;
    Some(Reading {
        expected,
        actual,
        before,
        why,
        events_before: e,
    })
}

/// The event that began event `e`'s hand: printing from there is enough
/// for the printer to be as it was (names and scores ride on the events).
fn hand_start(t: &Timeline, e: usize) -> usize {
    t.events[..e]
        .iter()
        .rposition(|x| matches!(x, Event::HandStart { .. }))
        .unwrap_or(0)
}

/// What the course's printer prints for `ev` in place of event `e`.
fn render(t: &Timeline, from: usize, e: usize, ev: &Event) -> Vec<String> {
    let (_game, mut printer) = t.source.start(Switch::OFF);
    for x in &t.events[from..e] {
        printer.event(x);
    }
    let at = printer.bytes().len();
    printer.event(ev);
    String::from_utf8_lossy(&printer.bytes()[at..])
        .lines()
        .map(String::from)
        .collect()
}

/// A Human's hand as the course prints it and in the orders a program
/// might keep it instead, each with its words: the order dealt, sorted with
/// a suit as trump, and highest first.
pub(crate) fn orders(t: &Timeline, e: usize) -> Vec<(Event, String)> {
    let Event::Asked {
        seat,
        ref ask,
        hand,
        tricks,
    } = t.events[e]
    else {
        return Vec::new();
    };
    let cards = hand.as_slice();
    let with = |order: Vec<Card>, words: String| {
        let mut h = hand;
        h.clear();
        for c in order {
            h.push(c);
        }
        (
            Event::Asked {
                seat,
                ask: ask.clone(),
                hand: h,
                tricks,
            },
            words,
        )
    };
    let mut out = Vec::new();
    let dealt = t.events[..e].iter().rev().find_map(|x| match x {
        Event::Dealt { hands, .. } => Some(hands[seat]),
        _ => None,
    });
    if let Some(dealt) = dealt {
        let mut order: Vec<Card> = dealt
            .as_slice()
            .iter()
            .copied()
            .filter(|c| cards.contains(c))
            .collect();
        order.extend(cards.iter().copied().filter(|c| !dealt.contains(c)));
        out.push(with(order, "in the order dealt, not sorted".into()));
    }
    let trump = t.events[..e].iter().rev().find_map(|x| match x {
        Event::TrumpSet { trump, .. } => Some(*trump),
        Event::Upcard { card, .. } => Some(card.suit()),
        Event::HandStart { .. } => None,
        _ => None,
    });
    if let Some(trump) = trump {
        let mut order = cards.to_vec();
        order.sort_by_key(|c| c.value(trump, None));
        out.push(with(
            order,
            format!(
                "sorted with {} as trump (bowers and trumps last)",
                trump.name()
            ),
        ));
    }
    let mut order = cards.to_vec();
    order.reverse();
    out.push(with(order, "from the highest card to the lowest".into()));
    out
}

/// `first`, then the other seats in turn.
fn seats_from(first: Seat) -> impl Iterator<Item = Seat> {
    (0..4).map(move |k| (first + k) % 4)
}

/// Every bid of round `round`, from `seat` on (alone only where allowed).
fn other_bids(seat: Seat, round: u8, allow_alone: bool) -> Vec<Event> {
    let mut out = Vec::new();
    for s in seats_from(seat) {
        out.push(Event::Passed { seat: s, round });
        for suit in Suit::ALL {
            for alone in [false, true] {
                if alone && !allow_alone {
                    continue;
                }
                out.push(Event::Ordered {
                    seat: s,
                    suit,
                    alone,
                    round,
                });
            }
        }
    }
    out
}

/// A hand scored otherwise: either team, every score a hand can make.
fn other_scores(winner: usize, scores: [u32; 2], points: u32) -> Vec<Event> {
    let mut out = Vec::new();
    let old = {
        let mut old = scores;
        old[winner] = old[winner].saturating_sub(points);
        old
    };
    for w in [winner, 1 - winner] {
        for (points, march, euchred) in [
            (1, false, false),
            (2, true, false),
            (2, false, true),
            (2, false, false),
            (4, true, false),
            (4, false, false),
        ] {
            let mut scores = old;
            scores[w] += points;
            out.push(Event::HandOver {
                winner: w,
                points,
                march,
                euchred,
                scores,
            });
        }
    }
    out
}

/// The events the game could have had in place of `ev`, likeliest first.
fn candidates(ev: &Event, before: &State) -> Vec<Event> {
    let mut out = Vec::new();
    match *ev {
        Event::Led { seat, .. } | Event::Played { seat, .. } => {
            for s in seats_from(seat) {
                for &card in before.hands[s].as_slice() {
                    out.push(Event::Led { seat: s, card });
                    out.push(Event::Played { seat: s, card });
                }
            }
            // A card the player does not hold (those it holds came above).
            for card in all_cards().filter(|c| !before.hands[seat].contains(c)) {
                out.push(Event::Led { seat, card });
                out.push(Event::Played { seat, card });
            }
        }
        Event::Passed { seat, round } | Event::Ordered { seat, round, .. } => {
            out.extend(other_bids(seat, round, before.config.allow_alone));
        }
        Event::Discarded { seat, .. } => {
            out.extend(all_cards().map(|card| Event::Discarded { seat, card }));
        }
        Event::TrickTaken {
            trick,
            tricks,
            scores,
            seat,
        } => {
            for s in seats_from(seat) {
                let mut tricks = tricks;
                tricks[seat] = tricks[seat].saturating_sub(1);
                tricks[s] += 1;
                out.push(Event::TrickTaken {
                    seat: s,
                    trick,
                    tricks,
                    scores,
                });
            }
        }
        Event::HandOver {
            winner,
            scores,
            points,
            ..
        } => out.extend(other_scores(winner, scores, points)),
        Event::GameOver { winner, scores } => out.push(Event::GameOver {
            winner: 1 - winner,
            scores,
        }),
        Event::HandStart {
            hand,
            dealer,
            scores,
        } => {
            for d in seats_from(dealer) {
                out.push(Event::HandStart {
                    hand,
                    dealer: d,
                    scores,
                });
            }
        }
        Event::Upcard { dealer, .. } => {
            out.extend(all_cards().map(|card| Event::Upcard { card, dealer }));
        }
        _ => {}
    }
    out
}
