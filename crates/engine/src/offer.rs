//! A decision's offer: the seat's legal actions listed, with the set they
//! were listed from, and the action chosen from them taken against that
//! set. A driver that lists ([`State::legal_actions_into`]) and then applies
//! ([`State::apply_for`]) reads the legality rule twice a decision; with an
//! offer it reads it once, with the same results, events and refusals.

use super::{Action, Actions, EventSink, Illegal, Seat};
use crate::cards::CardSet;
use crate::legal::{call_bit, list_calls};
use crate::state::{Phase, State};

/// What a seat was offered: the phase it was offered in, and the cards it
/// may play or the calls it may make there, as bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    phase: Phase,
    allowed: u32,
}

impl State {
    /// Lists what `seat` (the seat to move) may do into `legal`, as
    /// [`State::legal_actions_into`] does, and returns the offer to take
    /// the chosen action with ([`State::take`]).
    #[inline(always)]
    pub fn offer(&self, seat: Seat, legal: &mut Actions) -> Offer {
        debug_assert_eq!(self.to_move(), Some(seat), "the seat to move is offered");
        let allowed = match self.phase {
            // Most decisions are plays, then calls; the rest as apart.
            Phase::Trick { .. } => self.offer_plays(seat, legal),
            Phase::Bidding { round, .. } => self.offer_calls(seat, round, legal),
            _ => {
                self.legal_actions_into(seat, legal);
                0
            }
        };
        Offer {
            phase: self.phase,
            allowed,
        }
    }

    /// The cards `seat` may play, listed into `legal`, as bits.
    #[inline(always)]
    fn offer_plays(&self, seat: Seat, legal: &mut Actions) -> u32 {
        let plays = self.playable(seat);
        legal.clear();
        self.list_plays(seat, plays, legal);
        plays.bits()
    }

    /// The calls `seat` may make in `round`, listed into `legal`, as bits.
    #[inline(always)]
    fn offer_calls(&self, seat: Seat, round: u8, legal: &mut Actions) -> u32 {
        let calls = self.calls(seat, round);
        legal.clear();
        list_calls(calls, legal);
        u32::from(calls)
    }

    /// The next decision: takes the automatic steps ([`State::advance`])
    /// until a seat must decide, then lists what it may do into `legal` as
    /// [`State::offer`] does. None once the game is over. One look at the
    /// phase a decision, where `is_over`, `to_move` and `offer` took three.
    #[inline(always)]
    pub fn next_offer<S: EventSink + ?Sized>(
        &mut self,
        legal: &mut Actions,
        sink: &mut S,
    ) -> Option<(Seat, Offer)> {
        loop {
            let (seat, allowed) = match self.phase {
                Phase::Trick { turn, turns } if self.sits_out(turn) => {
                    self.skip(sink, turn, turns);
                    continue;
                }
                Phase::Trick { turn, .. } => (turn, self.offer_plays(turn, legal)),
                Phase::Bidding { round, turn, .. } => (turn, self.offer_calls(turn, round, legal)),
                Phase::StartHand | Phase::HandOver => {
                    self.start_or_score(sink);
                    continue;
                }
                Phase::Over | Phase::Quit => return None,
                Phase::Discard | Phase::Defend { .. } => {
                    let seat = self.to_move()?;
                    self.legal_actions_into(seat, legal);
                    (seat, 0)
                }
            };
            return Some((
                seat,
                Offer {
                    phase: self.phase,
                    allowed,
                },
            ));
        }
    }

    /// Applies `seat`'s `action`, chosen from `offer`, as
    /// [`State::apply_for`] would: checked against the offer's set, not by
    /// reading the rule again. An offer from another step of the game (its
    /// phase not this one's) is not trusted: the rule is read. An offer
    /// carried to another game in the same phase is not told apart: as
    /// with `apply_for`'s seat, keeping offers with their state is the
    /// caller's part.
    #[inline(always)]
    pub fn take<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        offer: Offer,
        action: Action,
        sink: &mut S,
    ) -> Result<(), Illegal> {
        if offer.phase != self.phase {
            return self.apply_stale(seat, action, sink);
        }
        match (self.phase, action) {
            (Phase::Trick { turn, turns }, Action::Play(card))
                if CardSet::from_bits(offer.allowed).contains(card) =>
            {
                self.apply_play(seat, card, turn, turns, sink);
                Ok(())
            }
            (Phase::Bidding { round, passes, .. }, _)
                if offer.allowed & u32::from(call_bit(action)) != 0 =>
            {
                self.apply_call(seat, round, passes, action, sink);
                Ok(())
            }
            (Phase::Trick { .. } | Phase::Bidding { .. }, _) => Err(self.refused(seat, action)),
            _ => self.apply_rare(seat, action, sink),
        }
    }

    /// A discard, or a phase's action that is not a play or a call:
    /// [`State::apply_for`], kept out of the caller's loop. Inlined there
    /// or not as the release build's codegen units fell, and inlined it
    /// made the random match's loop 2% longer.
    #[inline(never)]
    fn apply_rare<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut S,
    ) -> Result<(), Illegal> {
        self.apply_for(seat, action, sink)
    }

    /// An action chosen from an offer made in another state: applied as
    /// [`State::apply_for`] applies it when `seat` is to move now.
    #[cold]
    fn apply_stale<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut S,
    ) -> Result<(), Illegal> {
        if self.to_move() != Some(seat) {
            return Err(Illegal {
                seat,
                problem: format!("{action}: it is not this seat's turn"),
            });
        }
        self.apply_for(seat, action, sink)
    }

    /// The refusal of `action` by `seat`, as [`State::apply_for`] words it.
    #[cold]
    fn refused(&self, seat: Seat, action: Action) -> Illegal {
        debug_assert!(!self.admits(seat, action));
        Illegal {
            seat,
            problem: self.refusal(seat, action),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::numbered;
    use crate::{Config, Deck, Event, FollowRule, Phase, VecSink};

    /// Two copies of the game of `seed`, each with its sink and its list.
    fn twins(config: Config, seed: u64) -> ([State; 2], [VecSink; 2], [Actions; 2]) {
        let deck = Deck::twister(seed as i64, numbered(), 0);
        (
            [State::new(config, deck.clone()), State::new(config, deck)],
            Default::default(),
            [Actions::new(), Actions::new()],
        )
    }

    /// Moves a test's xorshift picker on.
    fn next(x: &mut u64) {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
    }

    /// Two copies of a game, one driven by `offer` and `take` and one by
    /// `legal_actions_into` then `apply_for`, each choice the `pick`-th
    /// legal action or (about one in seven) an action off the list: the same
    /// lists, events, refusals and states all the way.
    fn same_game(config: Config, seed: u64) {
        let ([mut a, mut b], [mut sa, mut sb], [mut la, mut lb]) = twins(config, seed);
        let mut x = seed | 1;
        let mut refused = 0;
        for _ in 0..2000 {
            if a.is_over() {
                break;
            }
            let Some(seat) = a.to_move() else {
                assert_eq!(a.advance(&mut sa), b.advance(&mut sb));
                continue;
            };
            next(&mut x);
            let off = x.is_multiple_of(7);
            // Something never legal here, or a card another seat holds.
            let stray = match (a.phase, a.hands[(seat + 1) % 4].first()) {
                (Phase::Trick { .. }, Some(&card)) => Action::Play(card),
                _ => Action::DefendAlone,
            };
            let pick = |legal: &[Action]| {
                if off {
                    stray
                } else {
                    legal[(x >> 8) as usize % legal.len()]
                }
            };
            let offer = a.offer(seat, &mut la);
            let got = a.take(seat, offer, pick(&la), &mut sa);
            b.legal_actions_into(seat, &mut lb);
            let want = b.apply_for(seat, pick(&lb), &mut sb);
            assert_eq!(la.as_slice(), lb.as_slice());
            assert_eq!(got, want);
            refused += usize::from(got.is_err());
            assert_eq!(a, b);
        }
        assert_eq!(sa.0, sb.0);
        assert!(refused > 0, "some stray action was refused");
        assert!(a.is_over(), "the game ended");
        assert!(sa.0.iter().any(|e| matches!(e, Event::HandOver { .. })));
    }

    #[test]
    fn a_decision_in_one_pass_is_the_list_then_apply() {
        for seed in 0..40 {
            same_game(Config::standard(), seed);
            same_game(
                Config {
                    defend_alone: true,
                    farmers_hand: true,
                    ..Config::standard()
                },
                seed,
            );
            // A renege is admitted, with its penalty, and the seat plays again.
            same_game(
                Config {
                    follow: FollowRule::Penalty { points: 2 },
                    ..Config::standard()
                },
                seed,
            );
        }
    }

    /// A game driven by `next_offer` and one driven by `to_move`,
    /// `advance` and `offer` (each choice the same pick from the list):
    /// the same lists, seats, offers, events and states all the way, lone
    /// hands (a seat skipped), defending alone and discards included.
    fn same_by_next_offer(config: Config, seed: u64) {
        let ([mut a, mut b], [mut sa, mut sb], [mut la, mut lb]) = twins(config, seed);
        let mut x = seed | 1;
        let mut decisions = 0;
        while let Some((seat, offer)) = a.next_offer(&mut la, &mut sa) {
            while b.to_move().is_none() {
                assert!(b.advance(&mut sb), "b has a step to take");
            }
            assert_eq!(b.to_move(), Some(seat));
            assert_eq!(b.offer(seat, &mut lb), offer);
            assert_eq!(la.as_slice(), lb.as_slice());
            assert_eq!(a, b);
            assert_eq!(sa.0, sb.0);
            next(&mut x);
            let pick = la[(x >> 8) as usize % la.len()];
            a.take(seat, offer, pick, &mut sa).unwrap();
            b.take(seat, offer, pick, &mut sb).unwrap();
            decisions += 1;
            assert!(decisions < 5000, "the game ends");
        }
        assert!(a.is_over());
        while b.advance(&mut sb) {}
        assert!(b.is_over());
        assert_eq!(a, b);
        assert_eq!(sa.0, sb.0);
    }

    #[test]
    fn next_offer_is_advance_then_offer() {
        let mut skipped = 0;
        for seed in 0..60 {
            for config in [
                Config::standard(),
                Config {
                    defend_alone: true,
                    farmers_hand: true,
                    ..Config::standard()
                },
                // A renege is penalised and the same seat offered again.
                Config {
                    follow: FollowRule::Penalty { points: 2 },
                    ..Config::standard()
                },
            ] {
                same_by_next_offer(config, seed);
            }
            let mut s = VecSink::default();
            let mut g = State::new(
                Config::standard(),
                Deck::twister(seed as i64, numbered(), 0),
            );
            let mut legal = Actions::new();
            while let Some((seat, offer)) = g.next_offer(&mut legal, &mut s) {
                // Alone whenever offered: seats are skipped.
                let pick = legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Order { alone: true, .. }))
                    .unwrap_or(legal[0]);
                g.take(seat, offer, pick, &mut s).unwrap();
            }
            skipped +=
                s.0.iter()
                    .filter(|e| matches!(e, Event::Skipped { .. }))
                    .count();
        }
        assert!(skipped > 0, "some seat sat a hand out");
    }

    /// An offer taken in another state than its own is not trusted: the
    /// rule is read again, and refuses what the state does not admit.
    #[test]
    fn a_stale_offer_is_checked_by_the_rule() {
        let mut s = State::new(Config::standard(), Deck::pack(numbered(), false));
        s.advance(&mut crate::NullSink);
        let seat = s.to_move().unwrap();
        let mut legal = Actions::new();
        let offer = s.offer(seat, &mut legal);
        assert_eq!(legal.as_slice(), s.legal_actions().as_slice());
        let order = legal[1];
        assert!(matches!(order, Action::Order { .. }));
        // Passed instead: another seat is to move.
        s.apply_for(seat, Action::Pass, &mut crate::NullSink)
            .unwrap();
        let before = s.clone();
        let err = s
            .take(seat, offer, order, &mut crate::NullSink)
            .unwrap_err();
        assert_eq!(err.problem, format!("{order}: it is not this seat's turn"));
        assert_eq!(s, before);
        // Round two, the same seat to move again: the round-one offer to
        // order up the upcard's suit is refused as round two refuses it.
        for _ in 0..3 {
            let next = s.to_move().unwrap();
            s.apply_for(next, Action::Pass, &mut crate::NullSink)
                .unwrap();
        }
        assert_eq!(s.to_move(), Some(seat));
        let before = s.clone();
        let err = s
            .take(seat, offer, order, &mut crate::NullSink)
            .unwrap_err();
        assert!(
            err.problem.ends_with("in round two; it was turned down"),
            "{}",
            err.problem
        );
        assert_eq!(s, before);
    }
}
