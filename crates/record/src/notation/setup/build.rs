//! The second pass: the deals played with their real cards and every rule,
//! and a refusal said in the record's terms.

use std::collections::BTreeMap;
use std::path::Path;

use super::deck::{Dealt, deal_order};
use super::notes::annotate;
use super::plan::{At, DealPlan, Planned, describe_at, plan};
use super::{EgnSetup, End, OWN_NOTE, Recorded, card, deal_hand, settle};
use crate::notation::point::Point;
use crate::notation::{Deal, Record};
use upcard_engine::cards::Card;
use upcard_engine::mutants::Switch;
use upcard_engine::{Action, Config, Deck, FollowRule, NullSink, Seat, State};
use upcard_parse::escape::{printable, printable_line};

pub(super) enum Built {
    Done {
        first_hand: u32,
        orders: Vec<[Card; 24]>,
        scripts: [Vec<Action>; 4],
        notes: BTreeMap<Point, Vec<String>>,
        unknown: BTreeMap<u32, Vec<Card>>,
        end: Option<End>,
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
    pub(super) fn into_recorded(
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
            orders.push(upcard_rules::courses::standard::deck(0).next_deck(Switch::OFF));
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
pub(super) fn first_hand(deals: &[(usize, &Deal)]) -> u32 {
    deals
        .first()
        .map_or(0, |(k, _)| u32::try_from(*k).unwrap_or(0))
}

/// Deal `k` ends before its hand is over: the record's end, or a break in it.
pub(super) fn cut_short(k: usize, last: bool) -> End {
    if last {
        End::Record(format!(
            "the record ends in deal {k}, before the hand is over"
        ))
    } else {
        End::Broken(format!(
            "deal {k} ends before the hand is over, and the record goes on; the replay stops here"
        ))
    }
}

/// Deal `k`'s upcard, the deal dealt by the seat whose turn it is (`st`).
pub(super) fn deal_start(
    k: usize,
    d: &Deal,
    st: &State,
    names: &[String; 4],
) -> Result<Card, String> {
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
pub(super) fn upcard_of(k: usize, d: &Deal) -> Result<Card, String> {
    match card(&d.initial_state.up_card) {
        Ok(Some(c)) => Ok(c),
        Ok(None) => Err(format!(
            "deal {k}: the record does not know the upcard; the replay stops here"
        )),
        Err(e) => Err(format!("deal {k}: the upcard: {e}; the replay stops here")),
    }
}

/// The second pass over deal `k` (hand `hand`): the real cards, every rule.
pub(super) struct Second<'a> {
    pub(super) k: usize,
    pub(super) hand: u32,
    pub(super) names: &'a [String; 4],
    /// The rules' follow rule, put back after a renege is played.
    pub(super) follow: FollowRule,
    /// The card an unknown discard stands for.
    pub(super) discard: Card,
}

impl Second<'_> {
    /// Plays the plan in `st`, each seat's actions into its script; a
    /// renege the record made is played and noted. The first action the
    /// rules refuse, said.
    pub(super) fn play(
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
pub(super) fn unfinished(
    config: &Config,
    target: u32,
    deals: &[(usize, &Deal)],
    st: &State,
) -> String {
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
pub(super) fn build(
    config: &Config,
    target: u32,
    names: &[String; 4],
    initial: [u32; 2],
    deals: &[(usize, &Deal)],
) -> Built {
    let mut st = State::new(
        *config,
        Deck::recorded(vec![
            upcard_rules::courses::standard::deck(0).next_deck(Switch::OFF),
        ]),
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
                end = Some(End::Broken(e));
                break;
            }
        };
        let (p, stop) = plan(k, d, &st, upcard, names);
        match deal_order(k, d, config, &st, upcard, &p, names) {
            Err(e) => {
                end = Some(End::Broken(format!("{e}; the replay stops here")));
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
                    end = Some(End::Broken(format!("{f}; the replay stops here")));
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
        end = Some(End::Record(unfinished(config, target, deals, &st)));
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
pub(super) fn refusal(st: &State, seat: Seat, a: Action, names: &[String; 4]) -> String {
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
