//! What a seat may see, made the first time an agent reads it. A random
//! bot where reneges are refused decides without it, and an observation of
//! some thirty fields, made for each decision, was a tenth of a random
//! match's instructions.

use std::cell::OnceCell;
use std::ops::Deref;

use super::{Hand, Observation, Seat, State};
use crate::cards::{Card, Suit};
use crate::mutants::Switch;

/// An [`Observation`], made when first read (it derefs to one). It holds
/// the whole state, privately, and shows an agent only the seat's
/// observation: no other hand can be reached through it (hence no `Debug`
/// and no accessor for the state).
pub struct Seen<'a> {
    /// Where it is made from; None when it came made.
    from: Option<(&'a State, Seat)>,
    made: OnceCell<Observation<'a>>,
}

impl<'a> Seen<'a> {
    /// What `seat` may see of `state`, made when read.
    #[inline]
    pub fn of(state: &'a State, seat: Seat) -> Seen<'a> {
        Seen {
            from: Some((state, seat)),
            made: OnceCell::new(),
        }
    }

    /// [`Observation::reneges_refused`], read without making one: a random
    /// bot asks it for every decision.
    #[inline]
    pub fn reneges_refused(&self) -> bool {
        match self.from {
            Some((state, _)) => state.config.refuses_reneges(),
            // Made already: its own answer, read without the deref's
            // making path (`made` always fills the cell).
            None => self.made.get().is_none_or(|o| o.reneges_refused),
        }
    }

    /// What a card's choice reads, without making the observation: a
    /// course strategy asks it for every card it plays, and making some
    /// thirty fields for it was a sixth of a course game's instructions.
    #[inline]
    pub fn for_play(&self) -> PlayView<'_> {
        match self.from {
            Some((state, seat)) => PlayView {
                hand: &state.hands[seat],
                trump: state.trump,
                trick: &state.trick,
                switch: state.config.switch,
            },
            None => PlayView::from(&**self),
        }
    }

    /// What a bid's or a discard's choice reads, without making the
    /// observation (a course strategy bids about five times a hand).
    #[inline]
    pub fn for_bid(&self) -> BidView<'_> {
        match self.from {
            Some((state, seat)) => {
                let (round, forced) = state.round_seen_by(seat);
                BidView {
                    hand: &state.hands[seat],
                    upcard: state.upcard,
                    round,
                    forced,
                    switch: state.config.switch,
                }
            }
            None => BidView::from(&**self),
        }
    }

    /// An observation made already (a client's from the wire, a test's).
    pub fn made(obs: Observation<'a>) -> Seen<'a> {
        Seen {
            from: None,
            made: OnceCell::from(obs),
        }
    }
}

impl<'a> Deref for Seen<'a> {
    type Target = Observation<'a>;
    #[inline]
    fn deref(&self) -> &Observation<'a> {
        self.made.get_or_init(|| match self.from {
            Some((state, seat)) => state.observation(seat),
            // `made` is the one constructor without `from`, and it fills
            // the cell: this closure never runs for it.
            None => unreachable!("a made Seen holds its observation"),
        })
    }
}

/// The part of an [`Observation`] a card's choice reads: the seat's own
/// hand, trump, the trick on the table and the rule mutant played.
#[derive(Clone, Copy, Debug)]
pub struct PlayView<'a> {
    pub hand: &'a Hand,
    pub trump: Option<Suit>,
    pub trick: &'a [(Seat, Card)],
    pub switch: Switch,
}

impl PlayView<'_> {
    /// The card led to this trick, as [`Observation::led`].
    #[inline]
    pub fn led(&self) -> Option<Card> {
        self.trick.first().map(|&(_, c)| c)
    }
}

impl<'a> From<&Observation<'a>> for PlayView<'a> {
    #[inline]
    fn from(o: &Observation<'a>) -> PlayView<'a> {
        PlayView {
            hand: o.hand,
            trump: o.trump,
            trick: o.trick,
            switch: o.switch,
        }
    }
}

/// The part of an [`Observation`] a course strategy's bid or discard
/// reads: the seat's own hand, the upcard, the round, whether the seat must
/// order, and the rule mutant played.
#[derive(Clone, Copy, Debug)]
pub struct BidView<'a> {
    pub hand: &'a Hand,
    pub upcard: Option<Card>,
    pub round: u8,
    pub forced: bool,
    pub switch: Switch,
}

impl BidView<'_> {
    /// The upcard, as [`Observation::top`].
    #[inline]
    pub fn top(&self) -> Card {
        self.upcard.expect("a dealt hand has an upcard")
    }
}

impl<'a> From<&Observation<'a>> for BidView<'a> {
    #[inline]
    fn from(o: &Observation<'a>) -> BidView<'a> {
        BidView {
            hand: o.hand,
            upcard: o.upcard,
            round: o.round,
            forced: o.forced,
            switch: o.switch,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::numbered;
    use crate::{Config, Deck, NullSink};

    /// Read or not, made from a state or made already, it is the state's
    /// observation for the seat.
    #[test]
    fn it_is_the_seats_observation() {
        let mut s = State::new(Config::standard(), Deck::pack(numbered(), false));
        s.advance(&mut NullSink);
        for seat in 0..4 {
            let want = format!("{:?}", s.observation(seat));
            assert_eq!(format!("{:?}", *Seen::of(&s, seat)), want);
            assert_eq!(format!("{:?}", *Seen::made(s.observation(seat))), want);
            assert_eq!(Seen::of(&s, seat).hand.as_slice(), s.hands[seat].as_slice());
            let made = s.observation(seat).reneges_refused;
            assert!(made);
            assert_eq!(Seen::of(&s, seat).reneges_refused(), made);
            assert_eq!(Seen::made(s.observation(seat)).reneges_refused(), made);
        }
    }

    /// For every decision of a whole game, the views a card's and a bid's
    /// choices read are the observation's, whether made or not.
    #[test]
    fn the_play_and_bid_views_are_the_observations() {
        let play = |v: PlayView| format!("{:?}", (v.hand, v.trump, v.trick, v.switch, v.led()));
        let bid = |v: BidView| format!("{:?}", (v.hand, v.upcard, v.round, v.switch, v.forced));
        let (mut bids, mut forced, mut discards) = (0, 0, 0);
        // The dealer forced to order when all pass, as EECS 280 plays.
        let config = Config {
            all_pass: crate::AllPass::ScrewTheDealer,
            ..Config::standard()
        };
        let mut s = State::new(config, Deck::pack(numbered(), true));
        let mut plays = 0;
        while !s.is_over() {
            let Some(seat) = s.to_move() else {
                s.advance(&mut NullSink);
                continue;
            };
            let obs = s.observation(seat);
            let want = play(PlayView::from(&obs));
            assert_eq!(play(Seen::of(&s, seat).for_play()), want);
            let want_bid = bid(BidView::from(&obs));
            assert_eq!(bid(Seen::of(&s, seat).for_bid()), want_bid);
            assert_eq!(bid(Seen::made(obs).for_bid()), want_bid);
            assert_eq!(play(Seen::made(obs).for_play()), want);
            bids += usize::from(matches!(s.ask(), Some(crate::Ask::Bid { .. })));
            forced += usize::from(want_bid.ends_with("true)"));
            discards += usize::from(matches!(s.ask(), Some(crate::Ask::Discard { .. })));
            plays += usize::from(!s.trick.is_empty());
            // The first legal action in even hands (every bid a pass, the
            // dealer forced), the last in odd ones (an order, a discard).
            let legal = s.legal_actions();
            let a = if obs.hand_no.is_multiple_of(2) {
                legal[0]
            } else {
                legal[legal.len() - 1]
            };
            s.apply_for(seat, a, &mut NullSink).unwrap();
        }
        assert!(plays > 20, "{plays} plays to a trick begun");
        assert!(bids > 8, "{bids} bids");
        assert!(forced > 0, "a dealer forced to order");
        assert!(discards > 2, "{discards} discards");
    }
}
