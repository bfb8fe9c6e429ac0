//! What the seat to move may do: the one legality rule, as sets (the calls
//! as bits, the cards as [`CardSet`]s). [`State::legal_actions`] lists them,
//! [`State::admits`] tests one action against them and [`State::apply`] asks
//! the same parts arm by arm, so none can disagree. Why an action is refused is
//! worded apart ([`State::refusal`]), off the hot path.

use super::{Action, Actions, AllPass, Ask, Seat, partner_of};
use crate::cards::{CardSet, Suit};
use crate::follow::{follow_set, follows_as, suit_to_follow};
use crate::mutants::Mutant;
use crate::state::{Phase, State};

/// The calls are one bit each: pass, ordering each suit (then alone),
/// throwing in. (Defending alone is always open while defenders are asked.)
const PASS: u16 = 1;
const THROW_IN: u16 = 1 << 9;

/// The bit of ordering `suit`, alone or not.
const fn order_bit(suit: Suit, alone: bool) -> u16 {
    1 << (1 + suit.index() as u16 + if alone { 4 } else { 0 })
}

/// Every call with its bit, in the order a seat is offered them: pass,
/// then each suit, plain before alone, then throwing in.
const CALLS: [(Action, u16); 10] = {
    let mut calls = [(Action::Pass, PASS); 10];
    let mut i = 0;
    while i < 8 {
        let (suit, alone) = (Suit::ALL[i / 2], i % 2 == 1);
        calls[1 + i] = (Action::Order { suit, alone }, order_bit(suit, alone));
        i += 1;
    }
    calls[9] = (Action::ThrowIn, THROW_IN);
    calls
};

/// The bit of a call among [`State::calls`]'s; 0 for an action that is not
/// a call.
#[inline(always)]
pub(crate) fn call_bit(action: Action) -> u16 {
    match action {
        Action::Pass => PASS,
        Action::Order { suit, alone } => order_bit(suit, alone),
        Action::ThrowIn => THROW_IN,
        _ => 0,
    }
}

/// The calls in `calls` into `v` (cleared), in the order a seat is offered
/// them.
#[inline(always)]
pub(crate) fn list_calls(calls: u16, v: &mut Actions) {
    v.extend_if(CALLS.map(|(call, bit)| (call, calls & bit != 0)));
}

impl State {
    /// Whether `seat`, the seat to move, may take `action` now: the one
    /// legality rule's answer for one action. Under a renege penalty (CS 246)
    /// a card that does not follow suit is admitted, with its penalty; under
    /// [`crate::FollowRule::Refuse`] it is not.
    #[inline(always)]
    pub fn admits(&self, seat: Seat, action: Action) -> bool {
        match (self.phase, action) {
            (Phase::Bidding { round, .. }, _) => self.may_call(seat, round, action),
            (Phase::Defend { .. }, Action::Pass | Action::DefendAlone) => true,
            (Phase::Discard, Action::Discard(c)) => self.discards(seat).contains(c),
            (Phase::Trick { .. }, Action::Play(c)) => self.playable(seat).contains(c),
            _ => false,
        }
    }

    /// Whether `seat` bidding in `round` may make the call `action`.
    #[inline(always)]
    pub(crate) fn may_call(&self, seat: Seat, round: u8, action: Action) -> bool {
        self.calls(seat, round) & call_bit(action) != 0
    }

    /// The cards the dealer, `seat`, may discard: any it holds, and the
    /// upcard it picked up unless the rules keep it.
    #[inline(always)]
    pub(crate) fn discards(&self, seat: Seat) -> CardSet {
        let Some(up) = self.upcard else {
            return CardSet::EMPTY;
        };
        let upcard = CardSet::of(up);
        let kept = match self.config.discard_upcard {
            true => upcard,
            false => CardSet::EMPTY,
        };
        self.hands[seat].set().without(upcard).or(kept)
    }

    /// The calls open to `seat` bidding in `round`, as bits. Each by a
    /// condition, not a branch: which suit was turned up is random.
    #[inline(always)]
    pub(crate) fn calls(&self, seat: Seat, round: u8) -> u16 {
        let Some(up) = self.upcard else { return 0 };
        let mut calls = if self.forced() { 0 } else { PASS };
        let alone = self.may_go_alone(seat, round);
        // Not at all where one must go alone and may not.
        let plain = alone | !self.must_go_alone(seat, round);
        // The suits that may be named, a bit each: the upcard's in round
        // one, the three others in round two.
        let up = 1u16 << up.suit().index();
        let offered = if round == 1 { up } else { 0xf & !up };
        calls |= u16::from(plain) * offered * order_bit(Suit::Spades, false);
        calls |= u16::from(alone) * offered * order_bit(Suit::Spades, true);
        calls | (u16::from(self.may_throw_in(seat, round)) * THROW_IN)
    }

    /// The cards `seat` may play to the trick: those that follow the suit
    /// led when it holds one and reneging is refused, else any it holds.
    #[inline(always)]
    pub(crate) fn playable(&self, seat: Seat) -> CardSet {
        let hand = &self.hands[seat];
        let switch = self.config.switch;
        if !self.config.refuses_reneges() {
            return hand.set();
        }
        if switch.is_off() {
            // The hand when it cannot follow, chosen without a branch:
            // whether a seat can follow is random, and that branch was
            // mispredicted often.
            let follow = follow_set(hand, &self.trick, self.trump);
            return follow.or_if_empty(hand.set());
        }
        match (
            self.trump,
            suit_to_follow(switch, hand, &self.trick, self.trump),
        ) {
            (Some(trump), Some(suit)) => hand
                .iter()
                .filter(|c| follows_as(switch, **c, trump) == suit)
                .fold(CardSet::EMPTY, |set, &c| set.or(CardSet::of(c))),
            _ => hand.set(),
        }
    }

    /// Every action [`State::admits`] now, in the order a seat is offered
    /// them: calls by suit, cards in the order held.
    #[inline]
    pub fn legal_actions(&self) -> Actions {
        let mut v = Actions::new();
        if let Some(seat) = self.to_move() {
            self.legal_actions_into(seat, &mut v);
        }
        v
    }

    /// [`State::legal_actions`] into `v`, when the caller knows `seat` is to
    /// move (the driver reuses one list: no copy of it per decision).
    #[inline]
    pub fn legal_actions_into(&self, seat: Seat, v: &mut Actions) {
        v.clear();
        match self.phase {
            Phase::Bidding { round, .. } => list_calls(self.calls(seat, round), v),
            Phase::Defend { .. } => {
                v.push(Action::Pass);
                v.push(Action::DefendAlone);
            }
            Phase::Discard => {
                let discards = self.discards(seat);
                v.extend_if(
                    self.hands[seat]
                        .iter()
                        .filter(|c| Some(**c) != self.upcard)
                        .map(|&c| (Action::Discard(c), discards.contains(c))),
                );
                v.extend(
                    self.upcard
                        .filter(|c| discards.contains(*c))
                        .map(Action::Discard),
                );
            }
            Phase::Trick { .. } => self.list_plays(seat, self.playable(seat), v),
            _ => {}
        }
    }

    /// The cards of `seat`'s hand in `plays` into `v` (cleared), in the
    /// order held.
    #[inline(always)]
    pub(crate) fn list_plays(&self, seat: Seat, plays: CardSet, v: &mut Actions) {
        let hand = &self.hands[seat];
        if plays == hand.set() && !hand.has_twice() {
            v.map_from(hand.list(), Action::Play);
        } else {
            v.extend_if(hand.iter().map(|&c| (Action::Play(c), plays.contains(c))));
        }
    }

    /// Ordering up one's partner, the dealer, in round one is going alone
    /// (CS 246, the must-alone Canadian loner).
    pub(crate) fn must_go_alone(&self, seat: Seat, round: u8) -> bool {
        round == 1
            && self.config.ordering_partner_is_alone
            && partner_of(seat) == self.dealer
            && !self.config.switch.on(Mutant::PartnerOrderNotAlone)
    }

    /// Whether `seat` may go alone when making trump in `round`.
    pub(crate) fn may_go_alone(&self, seat: Seat, round: u8) -> bool {
        self.config.allow_alone
            && !(self.config.canadian_loner && round == 1 && partner_of(seat) == self.dealer)
    }

    /// Farmer's hand: on one's first turn to bid, a hand of nines and tens.
    pub(crate) fn may_throw_in(&self, seat: Seat, round: u8) -> bool {
        use crate::cards::Rank;
        self.config.farmers_hand
            && round == 1
            && self.hands[seat]
                .iter()
                .all(|c| matches!(c.rank(), Rank::Nine | Rank::Ten))
    }

    /// Screw the dealer: the dealer may not pass in round two.
    #[inline]
    pub(crate) fn forced(&self) -> bool {
        matches!(self.phase, Phase::Bidding { round: 2, turn, .. }
            if turn == self.dealer && self.all_pass() == AllPass::ScrewTheDealer)
    }

    /// Why `seat` may not take `action` now, as the course rules put it
    /// (`action` is not [`State::admits`]ed).
    #[cold]
    pub(crate) fn refusal(&self, seat: Seat, action: Action) -> String {
        match (self.phase, action) {
            (Phase::Bidding { .. }, Action::Pass) => {
                "passed as dealer in round two; the dealer must order up a suit (screw the dealer)".into()
            }
            (Phase::Bidding { round, .. }, Action::Order { suit, .. }) => {
                self.order_refusal(round, suit)
            }
            (Phase::Bidding { .. }, Action::ThrowIn) => {
                "threw the hand in; only a farmer's hand (nines and tens), on one's first turn to bid, may be".into()
            }
            (Phase::Discard, Action::Discard(card)) => match self.upcard {
                None => "there is no upcard to pick up".into(),
                Some(up) if card == up => format!(
                    "discarded the upcard {card}; under these rules the dealer keeps it"
                ),
                Some(_) => format!("discarded {card}, which is neither in hand nor the upcard"),
            },
            (Phase::Trick { .. }, Action::Play(card)) => {
                let hand = &self.hands[seat];
                match (hand.contains(&card), self.follow_suit(seat)) {
                    (true, Some(suit)) => format!("played {card} but could follow {suit}"),
                    _ => format!("played {card}, which is not in hand"),
                }
            }
            (_, action) => {
                let expected = match self.ask() {
                    Some(Ask::Bid { .. }) => "a bid",
                    Some(Ask::Discard { .. }) => "a card to discard",
                    Some(Ask::Defend) => "pass or defend alone",
                    _ => "a card to play",
                };
                format!("expected {expected}, got {action}")
            }
        }
    }

    /// Why ordering `suit` in `round` is refused.
    fn order_refusal(&self, round: u8, suit: Suit) -> String {
        let up = self.upcard.map(|c| c.suit());
        if round == 1 && Some(suit) != up {
            return format!(
                "ordered up {suit} in round one; only {} may be ordered up",
                up.map_or("the upcard's suit".to_string(), |s| s.to_string())
            );
        }
        if round == 2 && Some(suit) == up {
            return format!("ordered up {suit} in round two; it was turned down");
        }
        // Ordered alone (or must be, ordering one's partner) where one may not.
        if !self.config.allow_alone {
            return "went alone; these rules have no going alone".into();
        }
        "went alone ordering up the dealer, one's partner; a Canadian loner may not".into()
    }

    /// The suit `seat` must follow, when it holds a card of it.
    pub(crate) fn follow_suit(&self, seat: Seat) -> Option<Suit> {
        suit_to_follow(
            self.config.switch,
            &self.hands[seat],
            &self.trick,
            self.trump,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::numbered;
    use crate::{Config, Deck, Hand, NullSink};

    fn hand(cards: &str) -> Hand {
        cards.split(' ').map(|c| c.parse().unwrap()).collect()
    }

    /// A dealt standard game, seat 1 (left of the dealer, 0) to bid first,
    /// the upcard the nine of hearts.
    fn dealt(config: Config) -> State {
        let mut s = State::new(config, Deck::pack(numbered(), false));
        s.advance(&mut NullSink);
        s.upcard = Some("9H".parse().unwrap());
        s
    }

    fn refused(s: &State, action: Action) -> String {
        let seat = s.to_move().unwrap();
        assert!(!s.admits(seat, action), "{action} is admitted");
        assert!(!s.legal_actions().contains(&action));
        let mut probe = s.clone();
        probe.apply(action, &mut NullSink).unwrap_err().problem
    }

    #[test]
    fn each_refusal_is_worded_as_the_rules_put_it() {
        let order = |suit, alone| Action::Order { suit, alone };
        let mut s = dealt(Config::standard());
        assert_eq!(
            refused(&s, order(Suit::Spades, false)),
            "ordered up Spades in round one; only Hearts may be ordered up"
        );
        assert_eq!(
            refused(&s, Action::ThrowIn),
            "threw the hand in; only a farmer's hand (nines and tens), on one's first turn to bid, may be"
        );
        assert_eq!(
            refused(&s, Action::Play("9H".parse().unwrap())),
            "expected a bid, got play Nine of Hearts"
        );
        s.phase = Phase::Bidding {
            round: 2,
            turn: 0,
            passes: 3,
        };
        assert_eq!(
            refused(&s, order(Suit::Hearts, true)),
            "ordered up Hearts in round two; it was turned down"
        );
        s.config.all_pass = AllPass::ScrewTheDealer;
        assert_eq!(
            refused(&s, Action::Pass),
            "passed as dealer in round two; the dealer must order up a suit (screw the dealer)"
        );
        let mut s = dealt(Config {
            allow_alone: false,
            ..Config::standard()
        });
        assert_eq!(
            refused(&s, order(Suit::Hearts, true)),
            "went alone; these rules have no going alone"
        );
        s.config = Config {
            canadian_loner: true,
            ..Config::standard()
        };
        s.phase = Phase::Bidding {
            round: 1,
            turn: 2,
            passes: 1,
        };
        assert_eq!(
            refused(&s, order(Suit::Hearts, true)),
            "went alone ordering up the dealer, one's partner; a Canadian loner may not"
        );
    }

    #[test]
    fn discards_and_plays_are_refused_by_the_same_sets_that_list_them() {
        let mut s = dealt(Config {
            discard_upcard: false,
            ..Config::standard()
        });
        s.phase = Phase::Discard;
        s.hands[0] = hand("9S TS JS QS KS");
        assert_eq!(
            refused(&s, Action::Discard("AS".parse().unwrap())),
            "discarded Ace of Spades, which is neither in hand nor the upcard"
        );
        assert_eq!(
            refused(&s, Action::Discard("9H".parse().unwrap())),
            "discarded the upcard Nine of Hearts; under these rules the dealer keeps it"
        );
        assert_eq!(s.legal_actions().len(), 5);
        s.phase = Phase::Trick { turn: 1, turns: 1 };
        s.trump = Some(Suit::Clubs);
        s.trick = [(0, "AH".parse().unwrap())].into_iter().collect();
        s.hands[1] = hand("9H JC JS AD");
        assert_eq!(
            refused(&s, Action::Play("9C".parse().unwrap())),
            "played Nine of Clubs, which is not in hand"
        );
        assert_eq!(
            refused(&s, Action::Play("JS".parse().unwrap())),
            "played Jack of Spades but could follow Hearts"
        );
        assert_eq!(
            s.legal_actions().as_slice(),
            [Action::Play("9H".parse().unwrap())]
        );
    }
}
