//! Each deal's deck: the seats' dealt cards as far as the record knows
//! them, the unknown ones made up, in dealing order.

use std::collections::{BTreeMap, BTreeSet};

use super::card;
use super::plan::{DealPlan, Planned, fill, positions};
use crate::notation::Deal;
use upcard_engine::cards::{Card, Suit, all_cards};
use upcard_engine::{Action, Config, Seat, State};

/// A deal's deck, the cards in it the record does not know, and the
/// dealer's discard when the record does not name it.
pub(super) struct Dealt {
    pub(super) order: [Card; 24],
    pub(super) unknown: Vec<Card>,
    pub(super) discard: Option<Card>,
}

/// Each seat's dealt cards as far as they are known, and who holds each.
pub(super) struct Seats<'a> {
    pub(super) dealt: &'a mut [Vec<Card>; 4],
    pub(super) holder: &'a mut BTreeMap<Card, Seat>,
}

impl Seats<'_> {
    /// The record's `playerCards` added to what each seat played; a card
    /// it gives one seat that another plays, or the upcard, is refused.
    pub(super) fn give(
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
pub(super) fn at_most_five(
    k: usize,
    dealt: &[Vec<Card>; 4],
    names: &[String; 4],
) -> Result<(), String> {
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
pub(super) fn deck_order(
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
pub(super) fn deal_order(
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
